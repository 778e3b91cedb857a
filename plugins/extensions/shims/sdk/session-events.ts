// The events pi 1.6.0's `AgentSession.subscribe` delivers (its `AgentSessionEvent` union). pith's session emits
// the same events with the same members, and a few more of its own modes' (output, MCP, cache warming...), which
// a pi caller never expects: those stay out.
import type { SessionEvent } from "../../../../kernel/index.js";

const PI_SESSION_EVENTS = new Set<string>([
  "agent_start", "agent_end", "agent_settled", "turn_start", "turn_end", "message_start", "message_update", "message_end",
  "tool_execution_start", "tool_execution_update", "tool_execution_end", "queue_update", "compaction_start", "compaction_end",
  "entry_appended", "session_info_changed", "thinking_level_changed", "auto_retry_start", "auto_retry_end",
  "summarization_retry_scheduled", "summarization_retry_attempt_start", "summarization_retry_finished", "bash_execution_update",
]);

export type PiSessionEvent = SessionEvent;

export function piSessionEvent(event: SessionEvent): PiSessionEvent | undefined {
  return PI_SESSION_EVENTS.has(event.type) ? event : undefined;
}
