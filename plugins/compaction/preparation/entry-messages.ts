// The message a session entry contributes to a conversation that is about to be summarised.
import type { AgentMessage } from "../../../kernel/index.js";
import type { SessionEntry } from "../../sessions/format/types.js";

/**
 * For compaction: messages, plugin messages and branch summaries. Compaction entries are left out: the
 * previous summary is handed over on its own, to be updated rather than summarised again.
 */
export function compactionMessageOf(entry: SessionEntry): AgentMessage | undefined {
  const timestamp = Date.parse(entry.timestamp);
  switch (entry.type) {
    case "message":
      return entry.message;
    case "custom_message":
      return { role: "custom", customType: entry.customType, content: entry.content, display: entry.display, details: entry.details, timestamp };
    case "branch_summary":
      return { role: "branchSummary", summary: entry.summary, fromId: entry.fromId, timestamp };
    default:
      return undefined;
  }
}

/**
 * For branch summaries: tool results are left out (the tool call in the assistant message says what happened),
 * and earlier summaries, compactions included, are part of what the branch explored.
 */
export function branchMessageOf(entry: SessionEntry): AgentMessage | undefined {
  if (entry.type === "compaction") {
    return { role: "compactionSummary", summary: entry.summary, tokensBefore: entry.tokensBefore, timestamp: Date.parse(entry.timestamp) };
  }
  if (entry.type === "message" && entry.message.role === "toolResult") return undefined;
  return compactionMessageOf(entry);
}
