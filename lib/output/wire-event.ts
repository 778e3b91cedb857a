// How a session event looks on the wire of `--mode json` and RPC (pi 1.6.0's JsonAgentSessionEvent): every event
// as it is, except `message_update`, which carries only the delta and the reply's usage so far. The cumulative
// message (and each `partial`) is left out, so a reply of n deltas costs O(n) bytes on the wire, not O(n²).
import type { SessionEvent, AssistantMessageEvent, AssistantMessage } from "../../kernel/index.js";

/**
 * Whether the event goes on the wire at all. A user's shell command (`!cmd`, RPC `bash`) joins the conversation
 * without message events in pi 1.6.0: clients see it as the `bash` answer and in `get_messages`, never as a
 * `message_start`/`message_end` pair.
 */
export function isWireEvent(event: SessionEvent): boolean {
  return !((event.type === "message_start" || event.type === "message_end") && event.message.role === "bashExecution");
}

/** One JSON line (without the newline) for the event. */
export function serializeEvent(event: SessionEvent): string {
  if (event.type !== "message_update") return JSON.stringify(event);
  const update = event.assistantMessageEvent;
  const reply = event.message as AssistantMessage;
  return `{"type":"message_update","usage":${JSON.stringify(reply.usage)},"assistantMessageEvent":${JSON.stringify(withoutPartial(update))}}`;
}

function withoutPartial(update: AssistantMessageEvent): Record<string, unknown> {
  if (!("partial" in update)) return update;
  const { partial, ...rest } = update;
  if (update.type !== "toolcall_start") return rest;
  // The delta-only stream would otherwise never say which tool a call is before its `toolcall_end`.
  const block = partial.content[update.contentIndex];
  return block?.type === "toolCall" ? { ...rest, id: block.id, toolName: block.name } : rest;
}
