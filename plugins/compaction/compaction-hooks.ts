// pi's two compaction hooks, owned by this plugin until the kernel's hook table has them: tap them with
// `context.use("compaction").hooks.session_before_compact.tapPromise("my-plugin", handler)`.
// A throwing handler is reported with its name and treated as having no opinion, like a kernel "report" hook.
import { AsyncSeriesBailHook, AsyncSeriesHook } from "tapable";
import { PithError, errorMessage } from "../../kernel/index.js";
import type { CompactionEntry, SessionEntry } from "../sessions/types.js";
import type { CompactionReason, CompactionResult } from "./compactor.js";
import type { CompactionPreparation } from "./prepare-compaction.js";

export interface BeforeCompactEvent {
  type: "session_before_compact";
  reason: CompactionReason;
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

export function createCompactionHooks(report: (error: PithError) => void) {
  const hooks = {
    /** series bail · after preparation, before the compactor runs · the first handler with a result decides */
    session_before_compact: new AsyncSeriesBailHook<[BeforeCompactEvent], BeforeCompactResult | undefined>(["event"], "session_before_compact"),
    /** series · the compaction entry is stored and the context rebuilt */
    session_compact: new AsyncSeriesHook<[CompactEvent]>(["event"], "session_compact"),
    /** series · a compaction failed, was cancelled or aborted, after compaction_end */
    session_compact_failed: new AsyncSeriesHook<[CompactFailedEvent]>(["event"], "session_compact_failed"),
  } as const;
  for (const [hookName, hook] of Object.entries(hooks)) {
    hook.intercept({
      register: (tap) => {
        const original = tap.fn as (...args: unknown[]) => unknown;
        const failed = (error: unknown) => {
          report(new PithError("PLUGIN_HOOK_FAILED", `${tap.name} failed in ${hookName}: ${errorMessage(error)}`, { cause: error, plugin: tap.name, hook: hookName }));
          return undefined;
        };
        if (tap.type === "async") {
          throw new PithError("UNSUPPORTED_TAP", `${tap.name}: tap ${hookName} with tap or tapPromise, not tapAsync.`, { plugin: tap.name });
        }
        tap.fn = (...args: unknown[]) => {
          try {
            const result = original(...args);
            return isPromise(result) ? result.catch(failed) : result;
          } catch (error) {
            const fallback = failed(error);
            return tap.type === "promise" ? Promise.resolve(fallback) : fallback;
          }
        };
        return tap;
      },
    });
  }
  return hooks;
}

export type CompactionHooks = ReturnType<typeof createCompactionHooks>;

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}
