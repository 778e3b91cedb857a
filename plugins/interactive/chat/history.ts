// What the chat shows of a session's earlier conversation (start-up, resume, reload, /tree): the entries the
// context is built from, in order (pi draws the same), each message with the entry it came from, and the custom
// entries extensions appended, which their entry renderers draw but the model never sees, and cache refreshes.
import type { AgentMessage, AssistantMessage, PluginContext, SessionApi, Usage } from "../../../kernel/index.js";
import { cacheMisses, catalogueCacheReadPrice, type CacheMiss } from "../../session-services/cache-misses.js";
import { contextEntries, entryMessage, type UsageEntry } from "../../sessions/index.js";
import type { CustomEntryData } from "../extensions/custom-entry.js";

/** what a compaction's or branch summary's summary billed, shown after it (when notices are on) */
export interface BilledSummary {
  kind: "compaction" | "branch_summary";
  usage: Usage;
}

export type HistoryItem =
  | { message: AgentMessage; messageId?: string; timestamp?: string }
  | { entry: CustomEntryData }
  | { usage: UsageEntry }
  | { billed: BilledSummary }
  | { cacheMiss: CacheMiss };

export function sessionHistory(context: PluginContext, session: Pick<SessionApi, "messages">): HistoryItem[] {
  const manager = context.tryUse("sessions")?.manager;
  if (!manager) return session.messages.map((message) => ({ message }));
  // the misses are not stored: found again over the whole file, only when their notices are on (it reads every reply)
  const misses = context.tryUse("settings")?.get().showCacheMissNotices ? cacheMisses(manager.getEntries(), catalogueCacheReadPrice(context)).misses : undefined;
  return contextEntries(manager.getBranch()).flatMap((entry, position): HistoryItem[] => {
    if (entry.type === "custom") return [{ entry }];
    // a cache refresh, shown as its notice (when notices are on)
    if (entry.type === "usage" && entry.kind === "cache_warm") return [{ usage: entry }];
    // a compaction kept in the range of a later one was already summarised by it
    if (entry.type === "compaction" && position > 0) return [];
    const message = entryMessage(entry);
    if (!message) return [];
    const item: HistoryItem = { message, messageId: entry.id, timestamp: entry.timestamp };
    const summarised = entry.type === "compaction" || entry.type === "branch_summary";
    if (summarised && entry.usage) return [item, { billed: { kind: entry.type, usage: entry.usage } }];
    const miss = misses?.get(message as AssistantMessage);
    return miss ? [item, { cacheMiss: miss }] : [item];
  });
}

/** pi's status line after a session's history when its file holds compactions (start-up, switching, /tree) */
export function compactedNote(context: PluginContext): string | undefined {
  const count = context.tryUse("sessions")?.manager.getEntries().filter((entry) => entry.type === "compaction").length ?? 0;
  return count === 0 ? undefined : `Session compacted ${count === 1 ? "1 time" : `${count} times`}`;
}

/**
 * The chat right after a compaction, as pi draws it: the entries the compaction kept, then its summary box, since
 * it came last (the context leads with the summary; a later start shows it first).
 */
export function historyAfterCompaction(context: PluginContext, session: Pick<SessionApi, "messages">): HistoryItem[] {
  const history = sessionHistory(context, session);
  const first = history[0];
  const leadingSummary = first && "message" in first && (first.message as { role?: string }).role === "compactionSummary";
  if (!leadingSummary) return history;
  const summary = "billed" in (history[1] ?? {}) ? history.slice(0, 2) : history.slice(0, 1);
  return [...history.slice(summary.length), ...summary];
}
