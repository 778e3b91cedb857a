// Where to cut a branch: everything before the cut is summarised, everything from it on is kept word for word.
// The branch is read as its context edits leave it (pi 1.6.0's projection): a hidden entry is no cut point and
// weighs nothing.
import type { AgentMessage } from "../../../kernel/index.js";
import type { SessionEntry } from "../../sessions/format/types.js";
import type { ContextEdits } from "../../sessions/tree/session-context.js";
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

const TURN_STARTS = new Set(["user", "bashExecution", "custom", "branchSummary"]);

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
  edits: ContextEdits = new Map(),
): CutPoint {
  const visible = (entry: SessionEntry) => compactionMessageOf(entry, edits);
  /** a message the user (or a plugin on the user's side) contributed: it starts a turn */
  const startsTurn = (entry: SessionEntry) => TURN_STARTS.has(visible(entry)?.role ?? "");
  /** any message but a tool result: a tool result must stay with the call it answers */
  const canStartKept = (entry: SessionEntry) => (visible(entry)?.role ?? "toolResult") !== "toolResult";
  const candidates: number[] = [];
  for (let i = start; i < end; i++) if (canStartKept(entries[i]!)) candidates.push(i);
  if (candidates.length === 0) return { firstKeptIndex: start, turnStartIndex: undefined, isSplitTurn: false };

  let cut = candidates[0]!;
  let overBudget = false;
  let gathered = 0;
  for (let i = end - 1; i >= start; i--) {
    const message = visible(entries[i]!);
    if (!message) continue;
    gathered += estimate(message);
    if (gathered >= keepRecentTokens) {
      cut = candidates.find((candidate) => candidate >= i) ?? cut;
      overBudget = true;
      break;
    }
  }
  // A prompt too long to keep whose reply failed and was hidden (overflow recovery): the cut moves past the
  // prompt, so that it is summarised as the beginning of a split turn instead of sent again as it is.
  const advanced = overBudget && endsInHiddenAttempt(entries.slice(cut + 1, end), edits);
  if (advanced) cut++;

  while (cut > start) {
    const previous = entries[cut - 1]!;
    if (previous.type === "message" || previous.type === "compaction") break;
    cut--;
  }

  // The turn question is about the first kept message, not a settings entry that was pulled in before it.
  let firstMessage = cut;
  while (firstMessage < end && !canStartKept(entries[firstMessage]!)) firstMessage++;
  const kept = entries[firstMessage];
  if (kept ? startsTurn(kept) : !advanced) return { firstKeptIndex: cut, turnStartIndex: undefined, isSplitTurn: false };
  for (let i = cut - 1; i >= start; i--) {
    if (startsTurn(entries[i]!)) return { firstKeptIndex: cut, turnStartIndex: i, isSplitTurn: true };
  }
  return { firstKeptIndex: cut, turnStartIndex: undefined, isSplitTurn: false };
}

/**
 * pi's recovery-omission suffix: after the cut, only entries the model no longer sees, among them a hidden
 * assistant reply, and no edit that rewrites something still visible (that reply answered the unedited input).
 */
function endsInHiddenAttempt(suffix: readonly SessionEntry[], edits: ContextEdits): boolean {
  const hidden = (entry: SessionEntry) => compactionMessageOf(entry) !== undefined && compactionMessageOf(entry, edits) === undefined;
  const hiddenIds = new Set(suffix.filter(hidden).map((entry) => entry.id));
  const rewritesVisible = suffix.some((entry) => entry.type === "context_edit" && entry.replacement !== null && !hiddenIds.has(entry.targetId));
  const hiddenReply = suffix.some((entry) => entry.type === "message" && entry.message.role === "assistant" && hiddenIds.has(entry.id));
  const allHidden = suffix.every((entry) => entry.type !== "compaction" && (compactionMessageOf(entry) === undefined || hiddenIds.has(entry.id)));
  return hiddenReply && !rewritesVisible && allHidden;
}
