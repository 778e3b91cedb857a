// Thinking level → Gemini's `thinkingConfig`: newer models (Gemini 3 Pro/Flash, Gemini 4 on, Gemma 4) take a
// named `thinkingLevel`, older ones a token `thinkingBudget` (pi's rules and budgets).
import { PithError, type BudgetThinkingLevel, type Model, type StreamRequest, type ThinkingLevel } from "../../kernel/index.js";
import { clampThinkingLevel } from "../../lib/provider-kit/thinking-levels.js";
import { budgetThinkingLevel } from "../../lib/provider-kit/index.js";
import type { GoogleThinkingConfig } from "./google-wire.js";

const BUDGETS: readonly [RegExp, Record<BudgetThinkingLevel, number>][] = [
  [/2\.5-pro/, { minimal: 128, low: 2048, medium: 8192, high: 32768 }],
  [/2\.5-flash-lite/, { minimal: 512, low: 2048, medium: 8192, high: 24576 }],
  [/2\.5-flash/, { minimal: 128, low: 2048, medium: 8192, high: 24576 }],
];
/** the model decides how much to think */
const DYNAMIC_BUDGET = -1;

export function usesThinkingLevel(model: Model): boolean {
  const id = model.id.toLowerCase();
  return (
    /gemini-3(?:\.\d+)?-(?:pro|flash)/.test(id) ||
    /gemini-(?:[4-9]|[1-9]\d)/.test(id) ||
    id === "gemini-flash-latest" ||
    id === "gemini-flash-lite-latest" ||
    /gemma-?4/.test(id)
  );
}

/** A level as Gemini names it, through the model's `thinkingLevelMap` ("LOW" and "low" alike). */
function geminiLevel(model: Model, level: Exclude<ThinkingLevel, "off">): BudgetThinkingLevel {
  const mapped = model.thinkingLevelMap?.[level];
  const resolved = typeof mapped === "string" ? mapped.toLowerCase() : budgetThinkingLevel(level);
  if (resolved === "minimal" || resolved === "low" || resolved === "medium" || resolved === "high") return resolved;
  throw new PithError("GOOGLE_THINKING_LEVEL", `The thinkingLevelMap of ${model.provider}/${model.id} maps "${level}" to "${String(mapped)}", which Gemini does not know (minimal, low, medium, high)`);
}

function levelConfig(level: BudgetThinkingLevel, includeThoughts: boolean): GoogleThinkingConfig {
  return { ...(includeThoughts ? { includeThoughts } : {}), thinkingLevel: level.toUpperCase() as "MINIMAL" | "LOW" | "MEDIUM" | "HIGH" };
}

export function googleThinkingConfig(request: StreamRequest): GoogleThinkingConfig | undefined {
  const { model } = request;
  if (!model.reasoning) return undefined;
  const level = clampThinkingLevel(model, request.thinkingLevel);
  if (request.thinkingLevel === "off" || level === "off") {
    // A model that cannot stop thinking (off unsupported) thinks as little as it can, without showing it.
    if (!usesThinkingLevel(model) || level === "off") return { thinkingBudget: 0 };
    return levelConfig(geminiLevel(model, level), false);
  }
  const resolved = geminiLevel(model, level);
  if (usesThinkingLevel(model)) return levelConfig(resolved, true);
  const budget =
    request.thinkingBudgets?.[resolved] ?? BUDGETS.find(([pattern]) => pattern.test(model.id))?.[1][resolved] ?? DYNAMIC_BUDGET;
  return { includeThoughts: true, thinkingBudget: budget };
}
