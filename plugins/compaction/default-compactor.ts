// pith's compactor: summarises what lies before the cut with a model, updating the previous summary rather
// than rewriting it, and appends the files read and changed.
import { PithError } from "../../kernel/errors.js";
import type { Compactor, CompactionRequest, CompactionResult } from "./compactor.js";
import { fileLists, fileListsText, withoutFileLists, type FileLists } from "./file-operations.js";
import {
  mergeSplitTurn,
  NO_PRIOR_HISTORY,
  SUMMARY_INSTRUCTIONS,
  summaryPrompt,
  TURN_PREFIX_INSTRUCTIONS,
  UPDATE_INSTRUCTIONS,
  withFocus,
} from "./prompts.js";
import { serializeConversation } from "./serialize-conversation.js";

export const NOTHING_TO_COMPACT = "COMPACTION_NOTHING_TO_DO";

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

    const history = () => {
      if (messagesToSummarize.length === 0) return Promise.resolve(previousSummary ?? NO_PRIOR_HISTORY);
      const instructions = withFocus(previousSummary === undefined ? SUMMARY_INSTRUCTIONS : UPDATE_INSTRUCTIONS, request.customInstructions);
      return request.summarize({
        prompt: summaryPrompt(serializeConversation(messagesToSummarize), instructions, previousSummary),
        maxTokens: Math.floor(0.8 * settings.reserveTokens),
        signal,
      });
    };
    let summary: string;
    if (splitTurn) {
      // Both summaries are independent: ask for them at the same time.
      const [historySummary, prefixSummary] = await Promise.all([
        history(),
        request.summarize({
          prompt: summaryPrompt(serializeConversation(turnPrefixMessages), TURN_PREFIX_INSTRUCTIONS),
          maxTokens: Math.floor(0.5 * settings.reserveTokens),
          signal,
        }),
      ]);
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
