// pi 1.6's whole-`Provider` `refreshModels` and `filterModels` (fixtures/dynamic-provider.ts), run by pith's CLI and
// by pi 1.6.0's on the same steps, each in its own agent folder: the offline refresh at start-up restores the stored
// catalogue, `ctx.modelRegistry.refresh()` fetches and persists it (models-store.json) and returns a failure in
// `errors` under the provider's id, keeping the models it had, and availability follows `filterModels` with the
// stored credential.
import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI, runPiProcess } from "../support/pi-node22.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/dynamic-provider.ts", import.meta.url));

type Runner = (args: string[], env: NodeJS.ProcessEnv) => Promise<{ stdout: string; stderr: string; code: number | null }>;

/** The steps, in one agent folder: each step's stdout, the log lines, models-store.json at the end. */
async function walk(world: CliWorld, run: Runner) {
  const log = join(world.home, "dyn.log");
  const outputs: string[] = [];
  const step = async (args: string[], env: NodeJS.ProcessEnv) => {
    const result = await run(["-ne", "-e", FIXTURE, ...args], { DYN_LOG: log, ...env });
    outputs.push(result.stdout);
    return result;
  };
  const list = ["--list-models", "dyn"];
  const refresh = ["--no-session", "-p", "/dyn-refresh"];
  await step(list, { DYN_KEY: "k" });
  await step(refresh, { DYN_KEY: "k", DYN_CATALOGUE: "dyn-a,dyn-b-pro" });
  await step(list, { DYN_KEY: "k" });
  await writeFile(join(world.agentDir, "auth.json"), JSON.stringify({ "dyn-demo": { type: "api_key", key: "pro-key" } }));
  await step(list, {});
  await step(refresh, { DYN_FAIL: "503" });
  await rm(join(world.agentDir, "auth.json"));
  await step(refresh, { DYN_CATALOGUE: "dyn-c" });
  const lines = (await readFile(log, "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { outputs, lines, store: JSON.parse(await readFile(join(world.agentDir, "models-store.json"), "utf8")) as unknown };
}

describe.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))("registerProvider(provider) with refreshModels and filterModels, beside pi 1.6.0", () => {
  const worlds: CliWorld[] = [];
  beforeEach(async () => worlds.push(await createCliWorld(), await createCliWorld()));
  afterEach(async () => Promise.all(worlds.splice(0).map((world) => world.close())));

  it("restores, refreshes, persists, filters and reports failures as pi does", { timeout: 240_000 }, async () => {
    const [pithWorld, piWorld] = worlds as [CliWorld, CliWorld];
    // the two walks side by side, each in its own world
    const [pith, pi] = await Promise.all([
      walk(pithWorld, (args, env) => pithWorld.run(args, { env })),
      walk(piWorld, (args, env) => runPiProcess([PI16_CLI, ...args], { cwd: piWorld.project, env: { ...piWorld.env, ...env } })),
    ]);
    // what pi does, spelled out once
    expect(pi.outputs[0]).toBe('No models matching "dyn"\n');
    expect(pi.outputs[2]).toMatch(/dyn-demo\s+dyn-a/);
    expect(pi.outputs[2]).not.toMatch(/dyn-b-pro/);
    expect(pi.outputs[3]).toMatch(/dyn-b-pro/);
    const results = pi.lines.filter((line) => "result" in line);
    expect(results).toEqual([
      { result: { aborted: false, errors: [] }, all: ["dyn-a", "dyn-b-pro"], available: ["dyn-a"] },
      { result: { aborted: false, errors: [["dyn-demo", "catalogue unreachable (503)"]] }, all: ["dyn-a", "dyn-b-pro"], available: ["dyn-a", "dyn-b-pro"] },
      // no credential at all: the online phase is skipped, the stored models stay listed and none is available
      { result: { aborted: false, errors: [] }, all: ["dyn-a", "dyn-b-pro"], available: [] },
    ]);
    // pith gives the same
    expect(pith.outputs).toEqual(pi.outputs);
    expect(pith.lines.filter((line) => "result" in line)).toEqual(results);
    // the calls refreshModels saw (pi makes some twice: at registration and after loading)
    const distinct = (lines: Record<string, unknown>[]) => [...new Set(lines.filter((line) => "refresh" in line).map((line) => JSON.stringify(line)))];
    expect(distinct(pith.lines)).toEqual(distinct(pi.lines));
    expect(pith.store).toEqual(pi.store);
  });
});
