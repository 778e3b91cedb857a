// Summaries of the branch a user leaves when navigating the session tree. Same machinery as compaction:
// entry messages, token estimates, file operations, serialisation and the summary model.
import type { AgentMessage, Usage } from "../../../kernel/index.js";
import type { SessionEntry } from "../../sessions/format/types.js";
import { branchMessageOf } from "../preparation/entry-messages.js";
import { carryFileLists, createFileOperations, fileLists, fileListsText, recordToolCalls, type FileLists, type FileOperations } from "../preparation/file-operations.js";
import { BRANCH_INSTRUCTIONS, BRANCH_SUMMARY_PREAMBLE, summaryPrompt, withFocus } from "./prompts.js";
import { serializeConversation } from "./serialize-conversation.js";
import type { Summarize } from "./summary-call.js";
import { estimateMessageTokens } from "../tokens/token-estimate.js";

export interface BranchSummaryOptions {
  /** where navigation goes; null: before the first entry */
  targetId: string | null;
  /** where it leaves; default: the current leaf */
  fromId?: string | null;
  customInstructions?: string;
  /** `customInstructions` replace pith's instructions instead of adding a focus */
  replaceInstructions?: boolean;
  signal?: AbortSignal;
}

export interface BranchSummaryResult {
  summary: string;
  details: FileLists;
  /** what the summary cost, stored with the branch summary (pi 1.6.0) */
  usage?: Usage;
  /** the entries summarised: from the old leaf back to the common ancestor, oldest first */
  entries: SessionEntry[];
  commonAncestorId: string | null;
}

/** The parts of a session manager branch collection reads. */
export interface SessionTreeReader {
  getBranch(fromId?: string): SessionEntry[];
  getEntry(id: string): SessionEntry | undefined;
}

/** A branch summary's reply budget (pi's). */
export const BRANCH_SUMMARY_MAX_TOKENS = 2048;

/** Entries on the path from `fromId` back to (not including) the deepest entry it shares with `targetId`'s path. */
export function collectBranchEntries(
  tree: SessionTreeReader,
  fromId: string | null,
  targetId: string | null,
): { entries: SessionEntry[]; commonAncestorId: string | null } {
  if (fromId === null) return { entries: [], commonAncestorId: null };
  const leftPath = new Set(tree.getBranch(fromId).map((entry) => entry.id));
  const targetPath = targetId === null ? [] : tree.getBranch(targetId);
  let commonAncestorId: string | null = null;
  for (let i = targetPath.length - 1; i >= 0; i--) {
    if (leftPath.has(targetPath[i]!.id)) {
      commonAncestorId = targetPath[i]!.id;
      break;
    }
  }
  const entries: SessionEntry[] = [];
  let current: string | null = fromId;
  while (current !== null && current !== commonAncestorId) {
    const entry = tree.getEntry(current);
    if (!entry) break;
    entries.push(entry);
    current = entry.parentId;
  }
  return { entries: entries.reverse(), commonAncestorId };
}

/**
 * The newest messages that fit `tokenBudget` (0: no limit). File operations come from every entry, also
 * those that do not fit, and from earlier branch summaries pith wrote. A summary that does not fit is still
 * taken while less than 90% of the budget is used: it stands for much more than its size.
 */
export function prepareBranchEntries(
  entries: readonly SessionEntry[],
  tokenBudget: number,
  estimate: (message: AgentMessage) => number = estimateMessageTokens,
): { messages: AgentMessage[]; fileOps: FileOperations; totalTokens: number } {
  const fileOps = createFileOperations();
  for (const entry of entries) {
    if (entry.type === "branch_summary" && !entry.fromHook) carryFileLists(entry.details, fileOps);
    const message = branchMessageOf(entry);
    if (message) recordToolCalls(message, fileOps);
  }
  const messages: AgentMessage[] = [];
  let totalTokens = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    const message = branchMessageOf(entry);
    if (!message) continue;
    const tokens = estimate(message);
    if (tokenBudget > 0 && totalTokens + tokens > tokenBudget) {
      const isSummary = entry.type === "compaction" || entry.type === "branch_summary";
      if (isSummary && totalTokens < tokenBudget * 0.9) {
        messages.unshift(message);
        totalTokens += tokens;
      }
      break;
    }
    messages.unshift(message);
    totalTokens += tokens;
  }
  return { messages, fileOps, totalTokens };
}

export interface BranchSummaryCall {
  summarize: Summarize;
  tokenBudget: number;
  customInstructions?: string;
  replaceInstructions?: boolean;
  signal: AbortSignal;
  estimate?: (message: AgentMessage) => number;
}

/** Undefined when the entries hold no message to summarise. */
export async function summarizeBranchEntries(
  entries: readonly SessionEntry[],
  call: BranchSummaryCall,
): Promise<{ summary: string; details: FileLists } | undefined> {
  const { messages, fileOps } = prepareBranchEntries(entries, call.tokenBudget, call.estimate);
  if (messages.length === 0) return undefined;
  const instructions =
    call.replaceInstructions && call.customInstructions?.trim()
      ? call.customInstructions.trim()
      : withFocus(BRANCH_INSTRUCTIONS, call.customInstructions);
  const text = await call.summarize({
    prompt: summaryPrompt(serializeConversation(messages), instructions),
    maxTokens: BRANCH_SUMMARY_MAX_TOKENS,
    reasoning: false,
    signal: call.signal,
  });
  const details = fileLists(fileOps);
  return { summary: BRANCH_SUMMARY_PREAMBLE + text + fileListsText(details), details };
}
