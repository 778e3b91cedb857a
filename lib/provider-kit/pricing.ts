// What a reply cost, as pi 1.6.0 prices it: dollars per million tokens from the model's rates, or from the highest
// of its request-wide tiers the prompt (input, cache reads and writes) goes above (long-context pricing: GPT-5.x
// over 272K, Gemini over 200K, ...); the part of the cache writes kept for an hour costs twice the input rate.
import type { ModelCost, Usage } from "../../kernel/index.js";

export interface ModelCostTier extends ModelCost {
  /** the tier applies to a request whose prompt has more tokens than this */
  inputTokensAbove: number;
}

declare module "../../kernel/index.js" {
  interface ModelCost {
    /** request-wide pricing tiers (pi 1.6.0's `cost.tiers`): the highest one the prompt size exceeds applies */
    tiers?: ModelCostTier[];
  }
}

type PricedUsage = Pick<Usage, "input" | "output" | "cacheRead" | "cacheWrite" | "cacheWrite1h" | "cost">;

/** Prices `usage` from `cost`, writes its `cost` and returns it. */
export function priceUsage(cost: ModelCost, usage: PricedUsage): Usage["cost"] {
  const promptTokens = usage.input + usage.cacheRead + usage.cacheWrite;
  const tier = (cost.tiers ?? []).filter((candidate) => promptTokens > candidate.inputTokensAbove).sort((a, b) => b.inputTokensAbove - a.inputTokensAbove)[0];
  const rates: ModelCost = tier ?? cost;
  const hourWrites = usage.cacheWrite1h ?? 0;
  // rate per token first, as pi-ai computes it, so the sums agree to the last bit
  const perMillion = (rate: number, tokens: number) => (rate / 1_000_000) * tokens;
  const priced = usage.cost;
  priced.input = perMillion(rates.input, usage.input);
  priced.output = perMillion(rates.output, usage.output);
  priced.cacheRead = perMillion(rates.cacheRead, usage.cacheRead);
  priced.cacheWrite = (rates.cacheWrite * (usage.cacheWrite - hourWrites) + rates.input * 2 * hourWrites) / 1_000_000;
  priced.total = priced.input + priced.output + priced.cacheRead + priced.cacheWrite;
  priced.totalFromProvider = false;
  return priced;
}
