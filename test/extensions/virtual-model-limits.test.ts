// A virtual model that declares a 100k window and routes every request to a physical model of 5k, in pith and in
// pi 1.6.0 itself (Node 22) over RPC on the same mock conversation: before any response the context use counts
// against the declared window, afterwards against the routed model's; a reply that fills the routed model's window
// starts a threshold compaction (the virtual model's own window would not); and `before_provider_headers` runs once
// per request, the routed one. The interactive footer's routed model is in test/interactive/virtual-model-footer.
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, writeMockModels, type CliWorld } from "../cli/cli-harness.js";
import { spawnPiRpc, spawnRpc, type RpcChild } from "../rpc/rpc-harness.js";
import { NODE22, PI16_CLI } from "../support/pi-node22.js";
import { ROUTED_MODELS, ROUTER_EXTENSION } from "./fixtures/virtual-router.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);

interface Observed {
  windows: unknown[];
  compactions: unknown[];
  headerCalls: number;
  models: unknown[];
}

async function observe(world: CliWorld, start: (log: string) => RpcChild, log: string): Promise<Observed> {
  const rpc = start(log);
  const { peer } = rpc;
  try {
    const windows: unknown[] = [];
    const contextWindow = async () => ((await peer.request({ type: "get_session_stats" })).data as { contextUsage?: { contextWindow: number } }).contextUsage?.contextWindow;
    expect((await peer.request({ type: "set_model", provider: "router", modelId: "auto" })).success).toBe(true);
    windows.push(await contextWindow());
    for (const message of [`first ${"word ".repeat(100)}`, `second ${"word ".repeat(100)}`]) {
      const from = peer.records.length;
      await peer.request({ type: "prompt", message });
      await peer.waitFor((record) => record.type === "agent_settled", from);
      windows.push(await contextWindow());
    }
    const compactions = peer.ofType("compaction_start").map((record) => record.reason);
    const models = world.mock.requests.map((request) => request.body.model);
    peer.end();
    await rpc.exited;
    const headerCalls = existsSync(log) ? (await readFile(log, "utf8")).split("\n").filter(Boolean).length : 0;
    return { windows, compactions, headerCalls, models };
  } finally {
    rpc.child.kill();
  }
}

describe.skipIf(!available)("virtual models: limits of the routed model, headers once (side by side with pi 1.6.0)", () => {
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
    await writeMockModels(world, ROUTED_MODELS);
    await writeFile(join(world.home, "router.ts"), ROUTER_EXTENSION);
    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ compaction: { reserveTokens: 1000, keepRecentTokens: 10 } }));
  });
  afterEach(() => world.close());

  const script = () =>
    world.mock.enqueue(
      { text: "one", usage: { input: 100, output: 10 } },
      // fills 4.6k of small's 5k: over its threshold (5k - 1k reserve), far under the virtual model's 100k
      { text: "two", usage: { input: 4600, output: 10 } },
      { text: "## Goal\nsummary", usage: { input: 300, output: 20 } },
    );

  it("takes context limits from the routed model and runs before_provider_headers once per routed request", { timeout: 180_000 }, async () => {
    const args = ["-ne", "-e", join(world.home, "router.ts"), "--no-session"];
    script();
    const pith = await observe(world, (log) => spawnRpc(world, args, { HEADER_LOG: log }), join(world.home, "pith-headers.log"));
    world.mock.requests.length = 0;
    script();
    const pi = await observe(world, (log) => spawnPiRpc(world, args, { HEADER_LOG: log }), join(world.home, "pi-headers.log"));

    expect(pith.windows).toEqual([100000, 5000, 5000]);
    expect(pith.compactions).toEqual(["threshold"]);
    // two prompts and the summary, each sent once to the routed model
    expect(pith.models).toEqual(["small", "small", "small"]);
    expect(pith.headerCalls).toBe(3);
    expect(pith).toEqual(pi);
  });
});
