// What a session's prompt caches missed, as pi 1.6.0 counts it: a reply whose prompt billed at the full rate tokens
// the request before it had sent (its cache should have served them). A compaction or a branch summary starts
// afresh (the prompt changed on purpose); a model switch does not (it bills the whole prompt again, which is what a
// user wants to see). A cache refresh counts as the request before. A miss of at most 1,024 tokens is the grain of
// the cache's breakpoints, not a miss; a reply that reports no cache use counts only after one that did (a provider
// that never reports caching tells nothing).
import type { AssistantMessage, PluginContext, Usage } from "../../kernel/index.js";
import { messageRole, type SessionEntry } from "../sessions/index.js";

/** an idle gap longer than Anthropic's default cache lifetime explains a miss */
export const CACHE_LIFETIME_MS = 5 * 60 * 1000;
const NOISE_TOKENS = 1024;

export interface CacheMiss {
  missedTokens: number;
  /** what the missed tokens cost beyond the cache-read price */
  missedCost: number;
  /** since the request before */
  idleMs: number;
  modelChanged: boolean;
}

export interface CacheWaste {
  missedTokens: number;
  missedCost: number;
  missCount: number;
}

/** the price per million cached tokens of a model, when the reply reports no cache read to take it from */
export type CacheReadPrice = (provider: string, model: string) => number | undefined;

/** the catalogue's cache-read price (the models service's) */
export function catalogueCacheReadPrice(context: PluginContext): CacheReadPrice {
  return (provider, id) => context.tryUse("models")?.find(provider, id)?.cost.cacheRead;
}

interface PreviousRequest {
  promptTokens: number;
  modelKey: string;
  timestamp: number;
  reportedCache: boolean;
}

export interface CacheMissAccount {
  totals: CacheWaste;
  /** each reply that paid for a miss */
  misses: Map<AssistantMessage, CacheMiss>;
  /** the last request, for a reply not yet among the entries */
  previous: PreviousRequest | undefined;
}

export function cacheMisses(entries: readonly SessionEntry[], price: CacheReadPrice): CacheMissAccount {
  let previous: PreviousRequest | undefined;
  const totals: CacheWaste = { missedTokens: 0, missedCost: 0, missCount: 0 };
  const misses = new Map<AssistantMessage, CacheMiss>();
  for (const entry of entries) {
    if (entry.type === "compaction" || entry.type === "branch_summary") {
      previous = undefined;
    } else if (entry.type === "usage" && entry.kind === "cache_warm") {
      const promptTokens = promptOf(entry.usage);
      if (promptTokens > 0) previous = { promptTokens, modelKey: `${entry.provider}/${entry.model}`, timestamp: Date.parse(entry.timestamp), reportedCache: true };
    } else if (entry.type === "message" && messageRole(entry) === "assistant" && (entry.message as AssistantMessage).usage) {
      const message = entry.message as AssistantMessage;
      const miss = cacheMissOf(previous, message, price);
      if (miss) {
        totals.missedTokens += miss.missedTokens;
        totals.missedCost += miss.missedCost;
        totals.missCount++;
        misses.set(message, miss);
      }
      previous = requestOf(message, previous?.reportedCache ?? false) ?? previous;
    }
  }
  return { totals, misses, previous };
}

/** The miss a reply that just ended paid for, over the session's stored entries before it (it may be among them). */
export function storedReplyCacheMiss(context: PluginContext, reply: AssistantMessage): CacheMiss | undefined {
  const entries = context.tryUse("sessions")?.manager.getEntries();
  if (!entries) return undefined;
  const before = entries.filter((entry) => !(entry.type === "message" && messageRole(entry) === "assistant" && entry.message === reply));
  const price = catalogueCacheReadPrice(context);
  return cacheMissOf(cacheMisses(before, price).previous, reply, price);
}

/** The miss `message` paid for after `previous`; undefined when none counts. */
function cacheMissOf(previous: PreviousRequest | undefined, message: AssistantMessage, price: CacheReadPrice): CacheMiss | undefined {
  const { usage } = message;
  if (!usage) return undefined;
  const promptTokens = promptOf(usage);
  if (!previous || promptTokens <= 0 || (usage.cacheRead + usage.cacheWrite === 0 && !previous.reportedCache)) return undefined;
  const missedTokens = Math.min(previous.promptTokens, promptTokens) - usage.cacheRead;
  if (missedTokens <= NOISE_TOKENS) return undefined;
  // missed tokens land in the input or cache-write buckets, billed at this reply's own paid rate
  const paidTokens = usage.input + usage.cacheWrite;
  const paidPerToken = paidTokens > 0 ? (usage.cost.input + usage.cost.cacheWrite) / paidTokens : 0;
  const readPerToken = usage.cacheRead > 0 ? usage.cost.cacheRead / usage.cacheRead : (price(message.provider, message.model) ?? 0) / 1_000_000;
  return {
    missedTokens,
    missedCost: missedTokens * Math.max(0, paidPerToken - readPerToken),
    idleMs: Math.max(0, message.timestamp - previous.timestamp),
    modelChanged: `${message.provider}/${message.model}` !== previous.modelKey,
  };
}

function requestOf(message: AssistantMessage, reportedCache: boolean): PreviousRequest | undefined {
  const promptTokens = promptOf(message.usage);
  if (promptTokens <= 0) return undefined;
  const { usage } = message;
  return { promptTokens, modelKey: `${message.provider}/${message.model}`, timestamp: message.timestamp, reportedCache: reportedCache || usage.cacheRead + usage.cacheWrite > 0 };
}

const promptOf = (usage: Usage) => usage.input + usage.cacheRead + usage.cacheWrite;

export interface UsageShare {
  /** `provider/model` (the model that answered, for a routed reply), or "Tools/summaries" */
  key: string;
  cost: number;
  tokens: number;
}

/** The session's cost and tokens per model that used them, most expensive first (pi 1.6.0's `/session` breakdown). */
export function usageBreakdown(entries: readonly SessionEntry[]): UsageShare[] {
  const shares = new Map<string, UsageShare>();
  const add = (key: string, usage: Usage) => {
    const share = shares.get(key) ?? shares.set(key, { key, cost: 0, tokens: 0 }).get(key)!;
    share.cost += usage.cost.total;
    share.tokens += usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
  };
  for (const entry of entries) {
    if (entry.type === "message" && entry.message.role === "assistant" && entry.message.usage) add(`${entry.message.provider}/${entry.message.responseModel ?? entry.message.model}`, entry.message.usage);
    else if (entry.type === "usage" && entry.usage) add(`${entry.provider}/${entry.model}`, entry.usage);
    else if (entry.type === "message" && entry.message.role === "toolResult" && entry.message.usage) add("Tools/summaries", entry.message.usage);
    else if ((entry.type === "branch_summary" || entry.type === "compaction") && entry.usage) add("Tools/summaries", entry.usage);
  }
  return [...shares.values()].filter((share) => share.cost > 0 || share.tokens > 0).sort((a, b) => b.cost - a.cost);
}
