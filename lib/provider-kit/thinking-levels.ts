// Thinking levels: which a model supports, the nearest supported one to a wish, and the value a provider receives,
// honouring a model's `thinkingLevelMap`.
import type { BudgetThinkingLevel, Model, ThinkingLevel } from "../../kernel/index.js";

/** Every level, from none to the most; clamping picks the nearest supported one in this order. */
export const THINKING_LEVELS: readonly ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh", "max"];

export function isThinkingLevel(value: unknown): value is ThinkingLevel {
  return typeof value === "string" && (THINKING_LEVELS as readonly string[]).includes(value);
}

export function supportedThinkingLevels(model: Model | undefined): ThinkingLevel[] {
  if (!model?.reasoning) return ["off"];
  const map = model.thinkingLevelMap ?? {};
  return THINKING_LEVELS.filter((level) => {
    if (level === "off") return map.off !== null;
    // The levels above "high" are opt-in: a model has them only where its map names them.
    if (level === "xhigh" || level === "max") return typeof map[level] === "string";
    return map[level] !== null;
  });
}

/** The requested level if supported, else the nearest supported level above it, else the nearest below. */
export function clampThinkingLevel(model: Model | undefined, level: ThinkingLevel): ThinkingLevel {
  const supported = supportedThinkingLevels(model);
  if (supported.includes(level)) return level;
  const wanted = THINKING_LEVELS.indexOf(level);
  const above = supported.find((candidate) => THINKING_LEVELS.indexOf(candidate) > wanted);
  if (above) return above;
  return [...supported].reverse().find((candidate) => THINKING_LEVELS.indexOf(candidate) < wanted) ?? "off";
}

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

/** pi's default thinking budgets, in tokens. */
export const DEFAULT_THINKING_BUDGETS: Readonly<Record<BudgetThinkingLevel, number>> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 16384,
};

/** The token budget of a level: settings `thinkingBudgets` first, else pi's default. */
export function thinkingBudget(level: Exclude<ThinkingLevel, "off">, budgets?: Partial<Record<BudgetThinkingLevel, number>>): number {
  const budgetLevel = budgetThinkingLevel(level);
  return budgets?.[budgetLevel] ?? DEFAULT_THINKING_BUDGETS[budgetLevel];
}
