// The compaction plugin's events and service, typed for every plugin by declaration merging.
import type { Compactor, CompactionReason, CompactionResult } from "./compactor.js";
import type { CompactionSettings } from "./compaction-settings.js";
import type { ContextEstimate } from "./tokens/context-tokens.js";
import type { BranchSummaryOptions, BranchSummaryResult } from "./summary/branch-summary.js";

export interface CompactionStartEvent {
  type: "compaction_start";
  reason: CompactionReason;
}

export interface CompactionEndEvent {
  type: "compaction_end";
  reason: CompactionReason;
  /** undefined when nothing was compacted */
  result: CompactionResult | undefined;
  /** cancelled: by abort, or by a session_before_compact handler */
  aborted: boolean;
  /** the failed request is sent again now (overflow recovery) */
  willRetry: boolean;
  errorMessage?: string;
}

/** What a summary is for, as summarization_retry_attempt_start tells it. */
export type SummarySource = { source: "compaction"; reason: CompactionReason } | { source: "branchSummary" };

/** A summary request failed transiently and is sent again after `delayMs` (pi's summarization retries). */
export interface SummarizationRetryScheduledEvent {
  type: "summarization_retry_scheduled";
  /** this retry's number, from 1 */
  attempt: number;
  /** retry.maxRetries */
  maxAttempts: number;
  delayMs: number;
  errorMessage: string;
}

/** The wait is over: the summary request is sent again. */
export type SummarizationRetryAttemptStartEvent = { type: "summarization_retry_attempt_start" } & SummarySource;

/** Retrying a summary request is over, whatever its outcome (compaction_end or the branch move tells that). */
export interface SummarizationRetryFinishedEvent {
  type: "summarization_retry_finished";
}

export interface CompactionService {
  /**
   * Compacts now (`/compact [instructions]`, RPC `compact`). A running prompt is aborted first. Throws a
   * PithError when there is nothing to compact, a handler cancelled, or the summary failed.
   */
  compact(customInstructions?: string, options?: { signal?: AbortSignal }): Promise<CompactionResult>;
  readonly isCompacting: boolean;
  /** cancels the compaction in progress, if any */
  abort(): void;
  /** installs a compactor that replaces pith's entirely; undefined restores the default */
  setCompactor(compactor: Compactor | undefined): void;
  readonly compactor: Compactor;
  /** summarises the branch left behind when navigating the session tree; undefined when there is nothing to summarise */
  summarizeBranch(options: BranchSummaryOptions): Promise<BranchSummaryResult | undefined>;
  /** how full the context is, by the provider's count and pith's estimate */
  estimateContext(): ContextEstimate;
  /** the settings in effect for the session's model */
  settings(): CompactionSettings;
}

declare module "../../kernel/index.js" {
  interface SessionEventMap {
    compaction_start: CompactionStartEvent;
    compaction_end: CompactionEndEvent;
    summarization_retry_scheduled: SummarizationRetryScheduledEvent;
    summarization_retry_attempt_start: SummarizationRetryAttemptStartEvent;
    summarization_retry_finished: SummarizationRetryFinishedEvent;
  }
}

declare module "../../kernel/index.js" {
  interface PithServices {
    compaction: CompactionService;
  }
}
