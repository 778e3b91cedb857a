// The message a session entry contributes to a conversation that is about to be summarised.
import type { AgentMessage } from "../../../kernel/index.js";
import type { SessionEntry } from "../../sessions/format/types.js";
import { projectedMessage, type ContextEdits } from "../../sessions/tree/session-context.js";

const NO_EDITS: ContextEdits = new Map();

/**
 * For compaction: messages, plugin messages and branch summaries, as the path's context edits leave them (a hidden
 * one contributes nothing). Compaction entries are left out: the previous summary is handed over on its own, to be
 * updated rather than summarised again.
 */
export function compactionMessageOf(entry: SessionEntry, edits: ContextEdits = NO_EDITS): AgentMessage | undefined {
  if (entry.type !== "message" && entry.type !== "custom_message" && entry.type !== "branch_summary") return undefined;
  return projectedMessage(entry, edits);
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
