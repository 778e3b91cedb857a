// --version, --help and --list-models print to stdout, all of it, also into a pipe whose reader is slow (pi 1.6.0
// loses the end of a long list there): the process may exit only once its last byte was taken, and exits 0.
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PITH_BIN, createCliWorld, type CliWorld } from "./cli-harness.js";

const MODELS = 20_000;

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
  const models = Array.from({ length: MODELS }, (_, index) => ({ id: `model-${String(index).padStart(5, "0")}-${"x".repeat(60)}`, contextWindow: 200000, maxTokens: 8192 }));
  await writeFile(join(world.agentDir, "models.json"), JSON.stringify({ providers: { mock: { baseUrl: world.mock.url, api: "anthropic-messages", apiKey: "test-key", models } } }));
});
afterEach(async () => {
  await world.close();
});

/** Runs pith with stdout a pipe that nobody reads for `stallMs`, then reads it to the end. */
function runIntoStalledPipe(args: string[], stallMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [PITH_BIN, ...args], { cwd: world.project, env: world.env, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => resolve(code));
  });
  // nothing reads stdout for stallMs: the pipe fills and the child must wait for its reader
  const read = new Promise<string>((resolve, reject) =>
    setTimeout(() => {
      const chunks: Buffer[] = [];
      child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
      child.stdout.on("error", reject);
      child.stdout.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    }, stallMs),
  );
  return Promise.all([exited, read]).then(([code, stdout]) => ({ code, stdout, stderr }));
}

describe("output into a pipe", () => {
  it("--list-models writes every one of 20,000 models into a stalled pipe and exits 0", { timeout: 60_000 }, async () => {
    const { code, stdout, stderr } = await runIntoStalledPipe(["--list-models"], 1500);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(MODELS + 1);
    expect(lines[0]).toMatch(/^provider\s+model\s+context/);
    expect(lines.at(-1)).toContain(`model-${MODELS - 1}-`);
    expect(stdout.length).toBeGreaterThan(1 << 20);
  });

  it("--help and --version write all of their text into a pipe and exit 0", { timeout: 60_000 }, async () => {
    // both are shorter than a pipe's buffer: the pipe never fills, so only completeness and the exit code matter
    const help = await world.run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: /m);
    expect(help.stdout.trimEnd().endsWith("print how long each plugin took to load")).toBe(true);
    const version = await world.run(["--version"]);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
