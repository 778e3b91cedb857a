// An extension that listens to every event pi 1.6.0's `pi.on()` takes, loaded with `-e` into pi 1.6.0 itself (on
// the Node 22 binary) and into pith, on the same mock conversation in print and JSON mode (thinking, text, a read
// and a failing bash command, then the answer): the same events reach it in the same order, each with the same
// payload members. Tool events are grouped per call (tools run side by side, so their interleaving is timing).
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);

/** every name of pi 1.6.0's `on()` overloads (dist/core/extensions/types.d.ts; contract-walk.test.ts checks the list) */
const EVENTS = [
  "project_trust", "resources_discover", "session_start", "session_info_changed", "session_before_switch", "session_before_fork",
  "session_before_compact", "session_compact", "session_compact_failed", "session_shutdown", "mcp_servers_change",
  "session_before_tree", "session_tree", "context", "context_with_system", "cache_warming_decision", "before_provider_request",
  "before_provider_headers", "after_provider_response", "provider_stream_event", "before_agent_start", "agent_start", "agent_end",
  "agent_before_settle", "agent_settled", "ui_prompt_start", "ui_prompt_end", "turn_start", "turn_end", "message_start",
  "message_update", "message_end", "tool_execution_start", "tool_execution_update", "tool_execution_end", "model_select",
  "thinking_level_select", "tool_call", "tool_result", "user_bash", "input",
];

const SCRIPT = [
  { thinking: "Look first.", thinkingSignature: "sig-1", text: "Reading.", toolCalls: [{ name: "read", arguments: { path: "a.txt" } }, { name: "bash", arguments: { command: "echo beta; exit 3" } }] },
  { text: ["The file says ", "alpha."] },
];

interface Seen {
  event: string;
  members: string[];
  role?: string;
  call?: string;
}

function logger(log: string): string {
  return `import { appendFileSync } from "node:fs";
    export default function (pi: any) {
      for (const name of ${JSON.stringify(EVENTS)}) {
        pi.on(name, (event: any) => {
          const role = event?.message?.role;
          appendFileSync(${JSON.stringify(log)}, JSON.stringify({ event: name, members: Object.keys(event ?? {}).sort(), role, call: event?.toolCallId }) + "\\n");
        });
      }
    }`;
}

/**
 * Streaming updates of one message collapsed to one (their count follows the provider's chunks), raw provider events
 * taken out (how they interleave with message events is timing, in pi too; compared apart), tool events per call.
 */
function normalised(text: string): Seen[] {
  const seen = text.trim().split("\n").map((line) => JSON.parse(line) as Seen).filter((entry) => entry.event !== "provider_stream_event");
  const out: Seen[] = [];
  let calls: Seen[] = [];
  const flush = () => {
    for (const id of [...new Set(calls.map((entry) => entry.call))]) out.push(...calls.filter((entry) => entry.call === id));
    calls = [];
  };
  for (const entry of seen) {
    if (entry.event === "message_update" && out.at(-1)?.event === "message_update") continue;
    if (entry.event.startsWith("tool_execution_") || entry.event === "tool_call" || entry.event === "tool_result") calls.push(entry);
    else {
      flush();
      out.push(entry);
    }
  }
  flush();
  // ids differ between the programs; the grouping above already used them
  return out.map(({ call: _call, ...rest }) => rest);
}

describe.skipIf(!available)("extension events against pi 1.6.0", () => {
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
    await writeFile(join(world.project, "a.txt"), "alpha\n");
  });
  afterEach(async () => {
    await world.close();
  });

  it.each([["print", []], ["json", ["--mode", "json"]]] as const)("%s mode: the same events, order and payload members", { timeout: 120_000 }, async (_mode, modeArgs) => {
    const run = async (side: "pi" | "pith") => {
      const log = join(world.home, `${side}-events.jsonl`);
      const extension = join(world.home, `${side}-logger.ts`);
      await writeFile(extension, logger(log));
      const args = ["-ne", "-e", extension, "--model", "mock/mock-model", "--tools", "read,bash", ...modeArgs, "-p", "read a.txt"];
      world.mock.enqueue(...SCRIPT);
      const result = side === "pi" ? await runPiCli(world, args) : await world.run(args);
      expect(result.code, result.stderr).toBe(0);
      const text = await readFile(log, "utf8");
      const raw = text.trim().split("\n").map((line) => JSON.parse(line) as Seen).filter((entry) => entry.event === "provider_stream_event");
      return { order: normalised(text), raw: { count: raw.length > 0, members: [...new Set(raw.map((entry) => entry.members.join()))] } };
    };
    const pi = await run("pi");
    const pith = await run("pith");
    const names = (entries: Seen[]) => entries.map((entry) => `${entry.event}${entry.role ? `:${entry.role}` : ""}`);
    expect(names(pith.order)).toEqual(names(pi.order));
    expect(pith.order).toEqual(pi.order);
    expect(pith.raw).toEqual(pi.raw);
  });
});
