// Where to cut a branch: everything before the cut is summarised, everything from it on is kept word for word.
import type { AgentMessage } from "../../../kernel/index.js";
import type { SessionEntry } from "../../sessions/format/types.js";
import { compactionMessageOf } from "./entry-messages.js";
import { estimateMessageTokens } from "../tokens/token-estimate.js";

export interface CutPoint {
  /** the first entry kept */
  firstKeptIndex: number;
  /** the turn the cut falls into, when it falls inside one: the entry that started it */
  turnStartIndex: number | undefined;
  /** the cut separates the start of a turn (its request, early replies) from the rest of it */
  isSplitTurn: boolean;
}

/** A message the user (or a plugin on the user's side) contributed: it starts a turn. */
function startsTurn(entry: SessionEntry): boolean {
  if (entry.type === "branch_summary" || entry.type === "custom_message") return true;
  return entry.type === "message" && (entry.message.role === "user" || entry.message.role === "bashExecution");
}

/** Any message but a tool result: a tool result must stay with the call it answers. */
function canStartKept(entry: SessionEntry): boolean {
  if (entry.type === "branch_summary" || entry.type === "custom_message") return true;
  return entry.type === "message" && entry.message.role !== "toolResult";
}

/**
 * Walks back from the newest entry of [start, end) until `keepRecentTokens` are gathered, then cuts at the next
 * entry that may start the kept part. Settings changes and labels just before the cut are kept with it. When
 * the budget is never reached, everything from the first possible cut is kept.
 */
export function findCutPoint(
  entries: readonly SessionEntry[],
  start: number,
  end: number,
  keepRecentTokens: number,
  estimate: (message: AgentMessage) => number = estimateMessageTokens,
): CutPoint {
  const candidates: number[] = [];
  for (let i = start; i < end; i++) if (canStartKept(entries[i]!)) candidates.push(i);
  if (candidates.length === 0) return { firstKeptIndex: start, turnStartIndex: undefined, isSplitTurn: false };

  let cut = candidates[0]!;
  let gathered = 0;
  for (let i = end - 1; i >= start; i--) {
    const message = compactionMessageOf(entries[i]!);
    if (!message) continue;
    gathered += estimate(message);
    if (gathered >= keepRecentTokens) {
      cut = candidates.find((candidate) => candidate >= i) ?? cut;
      break;
    }
  }

  while (cut > start) {
    const previous = entries[cut - 1]!;
    if (previous.type === "message" || previous.type === "compaction") break;
    cut--;
  }

  // The turn question is about the first kept message, not a settings entry that was pulled in before it.
  let firstMessage = cut;
  while (firstMessage < end && !canStartKept(entries[firstMessage]!)) firstMessage++;
  if (firstMessage >= end || startsTurn(entries[firstMessage]!)) {
    return { firstKeptIndex: cut, turnStartIndex: undefined, isSplitTurn: false };
  }
  for (let i = cut - 1; i >= start; i--) {
    if (startsTurn(entries[i]!)) return { firstKeptIndex: cut, turnStartIndex: i, isSplitTurn: true };
  }
  return { firstKeptIndex: cut, turnStartIndex: undefined, isSplitTurn: false };
}
