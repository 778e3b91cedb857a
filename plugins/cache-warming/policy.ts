// The numbers of prompt-cache warming, as pi 1.6.0 sets them: when a refresh is due, which requests can be
// replayed without changing their cache entry, and whether a refresh pays for itself. The warmer owns the timers;
// this module owns the arithmetic.
import type { Model, StreamRequest } from "../../kernel/index.js";
import { usesAdaptiveThinking } from "../provider-anthropic/anthropic-thinking.js";
import { cacheRetention } from "../../lib/provider-kit/cache-retention.js";
import { priceUsage } from "../../lib/provider-kit/pricing.js";

/** "streaming": while the run that sent the request goes on; "idle": after it settled. */
export type WarmingPhase = "streaming" | "idle";
export type WarmingAction = "warm" | "stop";
/** The `cacheWarming` setting. */
export type CacheWarmingMode = "off" | "streaming" | "idle";
export const CACHE_WARMING_MODES: readonly CacheWarmingMode[] = ["off", "streaming", "idle"];

/** Streaming warming never goes on longer than this after the request that started it. */
export const MAX_STREAMING_AGE_MS = 60 * 60_000;
/** Idle warming stops sooner: the chance that the user comes back falls with time. */
export const MAX_IDLE_AGE_MS = 30 * 60_000;
/** A refresh is sent only when it is expected to save at least this many dollars. */
export const MINIMUM_EXPECTED_SAVINGS = 0.05;
/** pi's measured chance that a real request arrives before the entry expires while the session is idle. */
export const IDLE_CONTINUATION_PROBABILITY = 0.15;

/** One warm-or-stop decision and what it was made from. */
export interface WarmingDecision {
  phase: WarmingPhase;
  /** dollars: a cache read of the prompt plus one output token */
  warmCost: number;
  /** dollars the next real request costs more if the entry is lost */
  missCost: number;
  /** chance that a real request arrives before the entry expires */
  continuationProbability: number;
  /** continuationProbability × missCost − warmCost */
  expectedSavings: number;
  /** false when the prompt size or the model's prices are unknown */
  economicsAvailable: boolean;
  action: WarmingAction;
}

/** When to refresh an entry living `ttlMs`: at 90% of its life, keeping at least ten seconds in hand. */
export function refreshDelayMs(ttlMs: number): number | undefined {
  if (ttlMs <= 10_000) return undefined;
  return Math.max(1, Math.floor(Math.min(ttlMs * 0.9, ttlMs - 10_000)));
}

export { cacheRetention };

/** How long the entry a request wrote lives, from the model's `promptCache`; undefined when unknown or caching is off. */
export function cacheLifetimeMs(model: Model, retention: "short" | "long" | "none"): number | undefined {
  if (retention === "none") return undefined;
  const seconds = model.promptCache?.[retention];
  return seconds === undefined ? undefined : seconds * 1000;
}

/**
 * Whether sending the request again with a one-token cap leaves its cache entry as it is. Anthropic's budget
 * thinking derives the thinking budget from max_tokens, and the cache is keyed on it: such requests are not warmed.
 */
export function isReplayable(request: Pick<StreamRequest, "model" | "thinkingLevel">): boolean {
  const { model } = request;
  if (model.api !== "anthropic-messages" || !model.reasoning || request.thinkingLevel === "off") return true;
  return model.compat?.forceAdaptiveThinking === true || usesAdaptiveThinking(model);
}

/** Dollars for these tokens as a reply's usage is priced: the model's rates, or the tier the prompt size reaches. */
function price(model: Model, tokens: { input?: number; output?: number; cacheRead?: number; cacheWrite?: number }): number {
  const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, ...tokens, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  return priceUsage(model.cost, usage).total;
}

/** Whether refreshing the entry of a `promptTokens`-token request pays for itself in `phase`. */
export function evaluateWarming(model: Model, promptTokens: number, phase: WarmingPhase): WarmingDecision {
  const hitCost = price(model, { cacheRead: promptTokens });
  const fullCost = price(model, model.cost.cacheWrite > 0 ? { cacheWrite: promptTokens } : { input: promptTokens });
  const warmCost = price(model, { cacheRead: promptTokens, output: 1 });
  const missCost = Math.max(0, fullCost - hitCost);
  const continuationProbability = phase === "idle" ? IDLE_CONTINUATION_PROBABILITY : 1;
  const expectedSavings = continuationProbability * missCost - warmCost;
  return {
    phase,
    warmCost,
    missCost,
    continuationProbability,
    expectedSavings,
    economicsAvailable: promptTokens > 0 && (hitCost > 0 || fullCost > 0),
    action: expectedSavings >= MINIMUM_EXPECTED_SAVINGS ? "warm" : "stop",
  };
}
