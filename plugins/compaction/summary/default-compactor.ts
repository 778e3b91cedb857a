// pith's compactor: summarises what lies before the cut with a model, updating the previous summary rather
// than rewriting it, and appends the files read and changed.
import { PithError } from "../../../kernel/index.js";
import type { Compactor, CompactionRequest, CompactionResult } from "../compactor.js";
import { fileLists, fileListsText, withoutFileLists, type FileLists } from "../preparation/file-operations.js";
import {
  mergeSplitTurn,
  NO_PRIOR_HISTORY,
  SUMMARY_INSTRUCTIONS,
  SUMMARY_SYSTEM_PROMPT,
  summaryPrompt,
  TURN_PREFIX_INSTRUCTIONS,
  UPDATE_INSTRUCTIONS,
  withFocus,
} from "./prompts.js";
import { serializeConversation } from "./serialize-conversation.js";
import { estimateTextTokens } from "../tokens/token-estimate.js";

export const NOTHING_TO_COMPACT = "COMPACTION_NOTHING_TO_DO";

/**
 * The share of the summarising model's free window the conversation may fill: estimates count four characters
 * a token, and some tokenizers split code finer than that.
 */
export const SUMMARY_WINDOW_FILL = 0.75;

/** How many tokens of conversation a summary request may carry besides its instructions and reply. */
export function conversationBudget(contextWindow: number, replyTokens: number, instructions: string, previousSummary?: string): number {
  if (!(contextWindow > 0)) return Number.POSITIVE_INFINITY;
  const fixed = estimateTextTokens(`${SUMMARY_SYSTEM_PROMPT}${instructions}${previousSummary ?? ""}`);
  return Math.max(0, Math.floor((contextWindow - replyTokens - fixed) * SUMMARY_WINDOW_FILL));
}

export const defaultCompactor: Compactor = {
  name: "default",
  async compact(request: CompactionRequest): Promise<CompactionResult<FileLists>> {
    const { preparation, settings, signal } = request;
    const { messagesToSummarize, turnPrefixMessages } = preparation;
    const previousSummary = preparation.previousSummary === undefined ? undefined : withoutFileLists(preparation.previousSummary);
    const splitTurn = preparation.isSplitTurn && turnPrefixMessages.length > 0;
    if (messagesToSummarize.length === 0 && !splitTurn) {
      throw new PithError(
        NOTHING_TO_COMPACT,
        `Nothing to compact: everything since the last compaction fits in compaction.keepRecentTokens (${settings.keepRecentTokens}).`,
      );
    }

    const window = request.summaryContextWindow ?? request.model.contextWindow;
    const history = () => {
      if (messagesToSummarize.length === 0) return Promise.resolve(previousSummary ?? NO_PRIOR_HISTORY);
      const instructions = withFocus(previousSummary === undefined ? SUMMARY_INSTRUCTIONS : UPDATE_INSTRUCTIONS, request.customInstructions);
      const maxTokens = Math.floor(0.8 * settings.reserveTokens);
      const conversation = serializeConversation(messagesToSummarize, conversationBudget(window, maxTokens, instructions, previousSummary));
      return request.summarize({ prompt: summaryPrompt(conversation, instructions, previousSummary), maxTokens, signal });
    };
    let summary: string;
    if (splitTurn) {
      // one after the other, the history first, as pi 1.6.0 asks (a retry or a failure reaches them in that order)
      const historySummary = await history();
      const maxTokens = Math.floor(0.5 * settings.reserveTokens);
      const instructions = withFocus(TURN_PREFIX_INSTRUCTIONS, request.customInstructions);
      const prefix = serializeConversation(turnPrefixMessages, conversationBudget(window, maxTokens, instructions));
      const prefixSummary = await request.summarize({ prompt: summaryPrompt(prefix, instructions), maxTokens, signal });
      summary = mergeSplitTurn(historySummary, prefixSummary);
    } else {
      summary = await history();
    }

    const details = fileLists(preparation.fileOps);
    return {
      summary: summary + fileListsText(details),
      firstKeptEntryId: preparation.firstKeptEntryId,
      tokensBefore: preparation.tokensBefore,
      details,
    };
  },
};
