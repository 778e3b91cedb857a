// What a compaction of a branch would summarise and keep, computed without calling any model.
import type { AgentMessage } from "../../../kernel/index.js";
import { buildSessionContext, contextEdits, type ContextEdits } from "../../sessions/tree/session-context.js";
import type { CompactionEntry, SessionEntry } from "../../sessions/format/types.js";
import { estimateContextTokens, usageTokens } from "../tokens/context-tokens.js";
import { findCutPoint } from "./cut-point.js";
import { compactionMessageOf } from "./entry-messages.js";
import { carryFileLists, createFileOperations, recordToolCalls, type FileOperations } from "./file-operations.js";
import { estimateMessageTokens } from "../tokens/token-estimate.js";

/** The budget a compaction works with (pi's `CompactionSettings`). */
export interface CompactionBudget {
  enabled: boolean;
  reserveTokens: number;
  keepRecentTokens: number;
}

/** pi's `CompactionPreparation`, field for field: `session_before_compact` handlers read it. */
export interface CompactionPreparation {
  firstKeptEntryId: string;
  /** from the previous compaction's first kept entry (or the start) up to the cut, or to the split turn's start */
  messagesToSummarize: AgentMessage[];
  /** the early part of a turn the cut falls into */
  turnPrefixMessages: AgentMessage[];
  isSplitTurn: boolean;
  tokensBefore: number;
  previousSummary?: string;
  fileOps: FileOperations;
  settings: CompactionBudget;
}

export interface PrepareOptions {
  estimate?: (message: AgentMessage) => number;
  /**
   * the size of the whole context; default: usage plus estimates over the rebuilt context. `ignoreUsage`: the last
   * reported usage counted a context that has changed since, and everything is to be estimated
   */
  contextTokens?: (messages: readonly AgentMessage[], how: { ignoreUsage: boolean }) => number;
}

/**
 * `pathEntries` is the branch, root first. Undefined when it ends with a compaction (nothing new), or when nothing
 * would be summarised (it is empty, or everything fits in `keepRecentTokens`).
 * A second compaction starts where the first one's kept part started: those messages were never summarised.
 */
export function prepareCompaction(
  pathEntries: readonly SessionEntry[],
  budget: CompactionBudget,
  options: PrepareOptions = {},
): CompactionPreparation | undefined {
  const last = pathEntries[pathEntries.length - 1];
  if (!last || last.type === "compaction") return undefined;
  const estimate = options.estimate ?? estimateMessageTokens;

  const previousIndex = findLastIndex(pathEntries, (entry) => entry.type === "compaction");
  const previous = previousIndex >= 0 ? (pathEntries[previousIndex] as CompactionEntry) : undefined;
  let start = 0;
  if (previous) {
    const firstKept = pathEntries.findIndex((entry) => entry.id === previous.firstKeptEntryId);
    start = firstKept >= 0 ? firstKept : previousIndex + 1;
  }

  const context = buildSessionContext(pathEntries, last.id).messages;
  const edits = contextEdits(pathEntries);
  const contextTokens = () => {
    const ignoreUsage = usageOutdated(pathEntries, edits);
    return options.contextTokens ? options.contextTokens(context, { ignoreUsage }) : estimateContextTokens(context, { estimate, ignoreUsage }).tokens;
  };

  const cut = findCutPoint(pathEntries, start, pathEntries.length, budget.keepRecentTokens, estimate, edits);
  const firstKept = pathEntries[cut.firstKeptIndex];
  if (!firstKept) return undefined;
  const historyEnd = cut.isSplitTurn ? cut.turnStartIndex! : cut.firstKeptIndex;

  const messagesToSummarize = messagesIn(pathEntries, start, historyEnd, edits);
  const turnPrefixMessages = cut.isSplitTurn ? messagesIn(pathEntries, cut.turnStartIndex!, cut.firstKeptIndex, edits) : [];
  // pi 1.6.0's rule: a branch whose whole context would be kept has nothing to compact (too small)
  if (messagesToSummarize.length === 0 && turnPrefixMessages.length === 0) return undefined;

  const fileOps = createFileOperations();
  if (previous && !previous.fromHook) carryFileLists(previous.details, fileOps);
  for (const message of [...messagesToSummarize, ...turnPrefixMessages]) recordToolCalls(message, fileOps);

  const preparation = {
    firstKeptEntryId: firstKept.id,
    messagesToSummarize,
    turnPrefixMessages,
    isSplitTurn: cut.isSplitTurn,
    tokensBefore: 0,
    fileOps,
    settings: budget,
  } as CompactionPreparation;
  settleOnRead(preparation, "tokensBefore", contextTokens);
  if (previous) preparation.previousSummary = previous.summary;
  return preparation;
}

/**
 * `tokensBefore` is first needed when the compaction is recorded: counting it reads every message of the
 * context, which a resumed session has not parsed yet. Worked out on first read, the summary request goes out
 * first. After that read it is a plain property.
 */
function settleOnRead<T extends object>(target: T, key: keyof T & string, compute: () => T[keyof T & string]): void {
  const settle = (value: T[keyof T & string]) => {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
    return value;
  };
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => settle(compute()),
    set: (value: T[keyof T & string]) => settle(value),
  });
}

/**
 * pi 1.6.0's rule for `tokensBefore`: usage a reply reported before the branch's latest context edit or compaction
 * counted a context that has changed since (after a context overflow, a failed reply hidden), so it is not used.
 */
function usageOutdated(entries: readonly SessionEntry[], edits: ContextEdits): boolean {
  const latestChange = findLastIndex(entries, (entry) => entry.type === "context_edit" || entry.type === "compaction");
  if (latestChange < 0) return false;
  for (let i = entries.length - 1; i > latestChange; i--) {
    const entry = entries[i]!;
    if (entry.type !== "message" || entry.message.role !== "assistant" || edits.get(entry.id) === null) continue;
    const { stopReason, usage } = entry.message;
    if (stopReason !== "error" && stopReason !== "aborted" && usage && usageTokens(usage) > 0) return false;
  }
  return true;
}

function messagesIn(entries: readonly SessionEntry[], from: number, to: number, edits: ContextEdits): AgentMessage[] {
  const messages: AgentMessage[] = [];
  for (let i = from; i < to; i++) {
    const message = compactionMessageOf(entries[i]!, edits);
    if (message) messages.push(message);
  }
  return messages;
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (predicate(items[i]!)) return i;
  return -1;
}
