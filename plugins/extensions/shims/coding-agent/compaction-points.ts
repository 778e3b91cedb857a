// pi 1.6.0's compaction and branch-summary helpers over plain entries, as `@earendil-works/pi-coding-agent` serves
// them: where a compaction may cut, where a turn starts, and what a branch summary reads. pith's own compaction
// works on the branch as its context edits leave it (plugins/compaction/preparation); these take entries as
// they are stored, as pi's exported functions do, and weigh messages with pith's estimate (`estimateTokens`).
import type { AgentMessage } from "../../../../kernel/index.js";
import type { SessionEntry } from "../../../sessions/format/types.js";
import { entryContextMessages } from "../../../sessions/tree/session-context.js";
import { collectBranchEntries, prepareBranchEntries as prepareBranch, type SessionTreeReader } from "../../../compaction/summary/branch-summary.js";
import { estimateMessageTokens } from "../../../compaction/tokens/token-estimate.js";

/** the roles that start a turn: what the user (or a plugin on the user's side) contributed */
const TURN_START_ROLES = new Set(["user", "bashExecution", "custom", "branchSummary", "compactionSummary"]);
/** where kept messages may begin: any message but a tool result, which must stay with its call */
const CUT_ROLES = new Set([...TURN_START_ROLES, "assistant"]);

/** a compaction entry is a boundary, never a cut point or a turn start */
const messagesOf = (entry: SessionEntry): AgentMessage[] => (entry.type === "compaction" ? [] : entryContextMessages(entry));
const hasRole = (entry: SessionEntry, roles: ReadonlySet<string>) => messagesOf(entry).some((message) => roles.has(message.role));

export interface CutPointResult {
  firstKeptEntryIndex: number;
  /** -1 unless the cut splits a turn */
  turnStartIndex: number;
  isSplitTurn: boolean;
}

/** The entry at or before `entryIndex` (down to `startIndex`) that starts its turn; -1 when none does. */
export function findTurnStartIndex(entries: readonly SessionEntry[], entryIndex: number, startIndex: number): number {
  for (let i = entryIndex; i >= startIndex; i--) if (hasRole(entries[i]!, TURN_START_ROLES)) return i;
  return -1;
}

/**
 * Walks back from the newest entry of [start, end) until `keepRecentTokens` are gathered and cuts at the nearest
 * cut point at or after it (the last one when none is), then pulls in the entries just before the cut that add
 * nothing to the context.
 */
export function findCutPoint(entries: readonly SessionEntry[], startIndex: number, endIndex: number, keepRecentTokens: number): CutPointResult {
  const cutPoints: number[] = [];
  for (let i = startIndex; i < endIndex; i++) if (hasRole(entries[i]!, CUT_ROLES)) cutPoints.push(i);
  if (cutPoints.length === 0) return { firstKeptEntryIndex: startIndex, turnStartIndex: -1, isSplitTurn: false };
  let cut = cutPoints[0]!;
  let gathered = 0;
  for (let i = endIndex - 1; i >= startIndex; i--) {
    const tokens = entryContextMessages(entries[i]!).reduce((sum, message) => sum + estimateMessageTokens(message), 0);
    if (tokens === 0) continue;
    gathered += tokens;
    if (gathered >= keepRecentTokens) {
      cut = cutPoints.find((candidate) => candidate >= i) ?? cutPoints[cutPoints.length - 1]!;
      break;
    }
  }
  while (cut > startIndex) {
    const previous = entries[cut - 1]!;
    if (previous.type === "compaction" || entryContextMessages(previous).length > 0) break;
    cut--;
  }
  const startsTurn = hasRole(entries[cut]!, TURN_START_ROLES);
  const turnStartIndex = startsTurn ? -1 : findTurnStartIndex(entries, cut, startIndex);
  return { firstKeptEntryIndex: cut, turnStartIndex, isSplitTurn: !startsTurn && turnStartIndex !== -1 };
}

/** The entries left behind when moving from `oldLeafId` to `targetId`, back to their common ancestor. */
export function collectEntriesForBranchSummary(session: SessionTreeReader, oldLeafId: string | null, targetId: string) {
  return collectBranchEntries(session, oldLeafId || null, targetId);
}

/** The newest messages of `entries` that fit `tokenBudget` (0: all), the files they touched, their size. */
export function prepareBranchEntries(entries: readonly SessionEntry[], tokenBudget = 0) {
  return prepareBranch(entries, tokenBudget);
}
