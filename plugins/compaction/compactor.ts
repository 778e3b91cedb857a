// The compactor contract: what turns a branch into a summary and a first kept entry. pith's default
// summarises with a model; a plugin can install one of its own with `compaction.setCompactor(...)`, which then
// replaces the default entirely (triggers, events, hooks and persistence stay the compaction plugin's).
import type { AgentMessage, Model, Usage } from "../../kernel/index.js";
import type { SessionEntry } from "../sessions/format/types.js";
import type { CompactionPreparation } from "./preparation/prepare-compaction.js";
import type { CompactionSettings } from "./compaction-settings.js";
import type { Summarize } from "./summary/summary-call.js";

export type CompactionReason = "manual" | "threshold" | "overflow";

/** pi's `CompactionResult`: what the compaction entry stores. */
export interface CompactionResult<TDetails = unknown> {
  summary: string;
  /** the first entry kept verbatim; must be an entry of the current branch */
  firstKeptEntryId: string;
  tokensBefore: number;
  /** the context's estimated size once compacted (set by pith when it records the compaction) */
  estimatedTokensAfter?: number;
  details?: TDetails;
  /**
   * the model usage of making the summary, stored on the entry and counted in the session's totals; when a
   * compactor does not say, pith adds up the summaries its `summarize` asked for
   */
  usage?: Usage;
}

export interface CompactionRequest {
  reason: CompactionReason;
  /** the current branch, root first */
  branchEntries: readonly SessionEntry[];
  /** the conversation the model sees now */
  messages: readonly AgentMessage[];
  /** pith's plan for this branch: cut point, messages to summarise, previous summary, file operations */
  preparation: CompactionPreparation;
  customInstructions?: string;
  /** fitted to the session's model */
  settings: CompactionSettings;
  /** the session's model */
  model: Model;
  /** asks the summary model (compaction.model, else the session's) for text */
  summarize: Summarize;
  /**
   * The context window a summary request must fit (tokens; 0 = unknown): the larger of the session model's and
   * compaction.model's, since `summarize` falls back to the session's model when compaction.model is too small.
   * Default: the session model's.
   */
  summaryContextWindow?: number;
  /** pith's token estimate for one message */
  estimateTokens(message: AgentMessage): number;
  signal: AbortSignal;
}

export interface Compactor {
  /** shown in errors */
  readonly name: string;
  compact(request: CompactionRequest): Promise<CompactionResult>;
}
