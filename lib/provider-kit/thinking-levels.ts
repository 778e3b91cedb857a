// Thinking level → the value a provider receives, honouring a model's `thinkingLevelMap`.
import type { BudgetThinkingLevel, Model, ThinkingLevel } from "../../kernel/index.js";

/** The model's own value for `level` when its `thinkingLevelMap` names one. */
export function mappedThinkingValue(model: Model, level: ThinkingLevel): string | undefined {
  const value = model.thinkingLevelMap?.[level];
  return typeof value === "string" ? value : undefined;
}

/**
 * The effort string for a reasoning level: the model's mapping, else the level's own name. `xhigh` and `max` exist
 * only where a model maps them, so unmapped they fall back to "high".
 */
export function reasoningEffort(model: Model, level: Exclude<ThinkingLevel, "off">): string {
  return mappedThinkingValue(model, level) ?? budgetThinkingLevel(level);
}

/** The level whose token budget serves `level`: the opt-in levels above "high" think with the "high" budget. */
export function budgetThinkingLevel(level: Exclude<ThinkingLevel, "off">): BudgetThinkingLevel {
  return level === "xhigh" || level === "max" ? "high" : level;
}
