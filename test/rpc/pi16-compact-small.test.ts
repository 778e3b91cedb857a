// pi 1.6.0 itself (on the Node 22 binary) and pith in `--mode rpc`, asked to `compact` a session with nothing old
// enough to summarise: the same answer and the same compaction events.
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, writeMockModels, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI } from "../support/pi-node22.js";
import { spawnPiRpc, spawnRpc, type RpcChild, type RpcRecord } from "./rpc-harness.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);

/**
 * Sends each prompt and waits for its run to settle, then, with `compact`, asks for a compaction. The records from
 * the compaction on, or all of them without one.
 */
async function promptThen(rpc: RpcChild, prompts: string[], compact: boolean): Promise<RpcRecord[]> {
  const { peer } = rpc;
  try {
    for (const message of prompts) {
      const from = peer.records.length;
      await peer.request({ type: "prompt", message });
      await peer.waitFor((record) => record.type === "agent_settled", from);
    }
    const start = compact ? peer.records.length : 0;
    if (compact) await peer.request({ type: "compact" });
    const records = peer.records.slice(start).map(({ id: _id, ...record }) => record);
    peer.end();
    await rpc.exited;
    return records;
  } finally {
    rpc.child.kill();
  }
}

describe.skipIf(!available)("compact on a session too small to compact, against pi 1.6.0", () => {
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
  });
  afterEach(() => world.close());

  it("answers pi's error and compacts nothing", { timeout: 180_000 }, async () => {
    const prompts = ["first", "second"];
    world.mock.enqueue({ text: "one" }, { text: "two" });
    const pi = await promptThen(spawnPiRpc(world), prompts, true);
    world.mock.enqueue({ text: "one" }, { text: "two" });
    const pith = await promptThen(spawnRpc(world), prompts, true);
    expect(pith).toEqual(pi);
    expect(pith.at(-1)).toEqual({ type: "response", command: "compact", success: false, error: "Nothing to compact (session too small)" });
    // nothing was summarised: no summary request went out
    expect(world.mock.requests).toHaveLength(4);
  });

  it("emits nothing for an automatic compaction that finds nothing to compact", { timeout: 180_000 }, async () => {
    // a 4,000-token window with 1,000 reserved: a reply reporting 3,500 input tokens passes the threshold, while
    // the conversation itself is far smaller than what compaction keeps
    await writeMockModels(world, [{ id: "mock-model", contextWindow: 4000, maxTokens: 1000 }]);
    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ compaction: { reserveTokens: 1000 } }));
    const prompts = ["first", "second"];
    const replies = () => world.mock.enqueue({ text: "one", usage: { input: 3500, output: 5 } }, { text: "two", usage: { input: 3500, output: 5 } });
    replies();
    const pi = await promptThen(spawnPiRpc(world), prompts, false);
    replies();
    const pith = await promptThen(spawnRpc(world), prompts, false);
    const compactionEvents = (records: RpcRecord[]) => records.filter((record) => String(record.type).startsWith("compaction_"));
    expect(compactionEvents(pi)).toEqual([]);
    expect(compactionEvents(pith)).toEqual([]);
    expect(world.mock.requests).toHaveLength(4);
  });
});
