// Public surface of the compaction plugin: the plugin, its service and events, the compactor contract, and the
// pure parts (preparation, cut point, token estimates, serialisation, prompts) for compactors of one's own.
export { compactionPlugin, COMPACTION_PLUGIN_NAME, type CompactionPluginOptions } from "./plugin.js";
export type {
  CompactionEndEvent,
  CompactionService,
  CompactionStartEvent,
  SummarizationRetryAttemptStartEvent,
  SummarizationRetryFinishedEvent,
  SummarizationRetryScheduledEvent,
  SummarySource,
} from "./compaction-events.js";
export type { Compactor, CompactionReason, CompactionRequest, CompactionResult } from "./compactor.js";
export { defaultCompactor, NOTHING_TO_COMPACT } from "./summary/default-compactor.js";
export { CompactionEngine, COMPACTION_CANCELLED, type CompactionEngineOptions, type CompactionOutcome, type CompactionRun } from "./engine/compaction-engine.js";
export { AutoCompaction, OVERFLOW_RETRY_FAILED } from "./engine/auto-compaction.js";
export { compactionHooks, type BeforeCompactEvent, type BeforeCompactResult, type CompactEvent } from "./compaction-hooks.js";
export { compactionSettingsFrom, budgetFor, DEFAULT_COMPACTION_SETTINGS, type CompactionSettings, type CheckedSettings } from "./compaction-settings.js";
export { prepareCompaction, type CompactionBudget, type CompactionPreparation, type PrepareOptions } from "./preparation/prepare-compaction.js";
export { findCutPoint, type CutPoint } from "./preparation/cut-point.js";
export { estimateTextTokens, estimateMessageTokens, IMAGE_TOKENS, MESSAGE_OVERHEAD_TOKENS } from "./tokens/token-estimate.js";
export { contextExceeds, estimateContextTokens, usageTokens, type ContextEstimate, type ContextEstimateOptions } from "./tokens/context-tokens.js";
export { isContextOverflow } from "./tokens/context-overflow.js";
export {
  createFileOperations,
  recordToolCalls,
  carryFileLists,
  fileLists,
  fileListsText,
  withoutFileLists,
  type FileLists,
  type FileOperations,
} from "./preparation/file-operations.js";
export { serializeConversation, TOOL_RESULT_LIMIT } from "./summary/serialize-conversation.js";
export * from "./summary/prompts.js";
export { requestSummary, SUMMARY_ABORTED, type ModelAccess, type SendSummary, type Summarize, type SummaryCall, type SummaryRequest } from "./summary/summary-call.js";
export { modelAccessFrom } from "./summary/model-access.js";
export { chooseSummaryModel, findConfiguredModel, type ConfiguredSummaryModel, type SummaryModelChoice } from "./summary/summary-model.js";
export {
  collectBranchEntries,
  prepareBranchEntries,
  summarizeBranchEntries,
  BRANCH_SUMMARY_MAX_TOKENS,
  type BranchSummaryCall,
  type BranchSummaryOptions,
  type BranchSummaryResult,
  type SessionTreeReader,
} from "./summary/branch-summary.js";
export { compactionMessageOf, branchMessageOf } from "./preparation/entry-messages.js";
