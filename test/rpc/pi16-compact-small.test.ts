// pi 1.6.0 itself (on the Node 22 binary) and pith in `--mode rpc`, asked to `compact` a session with nothing old
// enough to summarise: the same answer and the same compaction events.
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI } from "../support/pi-node22.js";
import { spawnPiRpc, spawnRpc, type RpcChild, type RpcRecord } from "./rpc-harness.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);

async function compactAfter(rpc: RpcChild, prompts: string[]): Promise<RpcRecord[]> {
  const { peer } = rpc;
  try {
    for (const message of prompts) {
      const from = peer.records.length;
      await peer.request({ type: "prompt", message });
      await peer.waitFor((record) => record.type === "agent_settled", from);
    }
    const start = peer.records.length;
    await peer.request({ type: "compact" });
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
    const pi = await compactAfter(spawnPiRpc(world), prompts);
    world.mock.enqueue({ text: "one" }, { text: "two" });
    const pith = await compactAfter(spawnRpc(world), prompts);
    expect(pith).toEqual(pi);
    expect(pith.at(-1)).toEqual({ type: "response", command: "compact", success: false, error: "Nothing to compact (session too small)" });
    // nothing was summarised: no summary request went out
    expect(world.mock.requests).toHaveLength(4);
  });
});
