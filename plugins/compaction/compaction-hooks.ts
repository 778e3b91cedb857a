// pi's two compaction hooks, declared in the kernel's hook table and owned by this plugin: their payloads are
// typed here. Tap them like any hook: `context.on("session_before_compact", handler)`, whichever plugin loads
// first; a throwing handler is reported with its name and treated as having no opinion.
import type { HookSignature, OwnedHooks, PluginContext } from "../../kernel/index.js";
import type { CompactionEntry, SessionEntry } from "../sessions/format/types.js";
import type { CompactionReason, CompactionResult } from "./compactor.js";
import type { CompactionPreparation } from "./preparation/prepare-compaction.js";

export interface BeforeCompactEvent {
  type: "session_before_compact";
  reason: CompactionReason;
  /** the turn that overflowed is sent again after this compaction */
  willRetry: boolean;
  preparation: CompactionPreparation;
  /** the current branch, root first */
  branchEntries: readonly SessionEntry[];
  /** manual compaction only */
  customInstructions?: string;
  signal: AbortSignal;
}

/** Return `{cancel: true}` to stop the compaction, `{compaction}` to supply it, undefined for no opinion. */
export type BeforeCompactResult = { cancel: true } | { compaction: CompactionResult };

export interface CompactEvent {
  type: "session_compact";
  reason: CompactionReason;
  willRetry: boolean;
  compactionEntry: CompactionEntry;
  /** the compaction came from a `session_before_compact` handler or a compactor other than pith's */
  fromExtension: boolean;
}

/** A compaction failed or was cancelled (pi 1.6's `session_compact_failed`). */
export interface CompactFailedEvent {
  type: "session_compact_failed";
  reason: CompactionReason;
  /** what went wrong, for failures that are not an abort or a cancel */
  errorMessage?: string;
  aborted: boolean;
  /** the turn would have been sent again after this compaction (overflow recovery) */
  willRetry: boolean;
  /** the failing compaction's content came from a session_before_compact handler or another compactor */
  fromExtension: boolean;
}

declare module "../../kernel/index.js" {
  interface HookSignatures {
    /** series bail · after preparation, before the compactor runs · the first handler with a result decides */
    session_before_compact: HookSignature<BeforeCompactEvent, BeforeCompactResult | undefined>;
    /** series · the compaction entry is stored and the context rebuilt */
    session_compact: HookSignature<CompactEvent>;
    /** series · a compaction failed, was cancelled or aborted, after compaction_end */
    session_compact_failed: HookSignature<CompactFailedEvent>;
  }
}

/** The compaction plugin's hooks, made on first request (by it, or by a plugin that taps them before it loads). */
export function compactionHooks(context: Pick<PluginContext, "hooksOf">): OwnedHooks<"compaction"> {
  return context.hooksOf("compaction");
}
