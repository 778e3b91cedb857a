// Thinking per level. Claude 4.6 and later decide their own budget ("adaptive" thinking, steered by an effort
// level); older Claude models take a token budget that must stay below max_tokens.
import type { Model, ThinkingLevel, StreamRequest } from "../../kernel/index.js";
import { DEFAULT_THINKING_BUDGETS, mappedThinkingValue, thinkingBudget } from "../../lib/provider-kit/thinking-levels.js";
import { conversationOf, fitOutputToContext, outputTokenCap } from "../../lib/provider-kit/output-room.js";
import type { WireThinking } from "./anthropic-wire.js";
import { DEFAULT_MARKED_EFFORT, FIXED_REQUEST_EFFORT, boundAdaptiveThinking, managesEffort } from "./anthropic-effort.js";

/** Anthropic's floor for `budget_tokens`, also kept free for the visible answer. */
const MIN_BUDGET = 1024;

export interface ThinkingPlan {
  maxTokens: number;
  thinking?: WireThinking;
  effort?: string;
  /** budget thinking on older models needs the interleaved-thinking beta to think between tool calls */
  interleavedBeta: boolean;
  /** the effort set by markers in the conversation, for models whose effort travels so (anthropic-effort.ts) */
  markedEffort?: string;
}

type PlanInput = Pick<StreamRequest, "model" | "messages" | "thinkingLevel" | "thinkingBudgets" | "maxTokens">;

export function planThinking(request: PlanInput): ThinkingPlan {
  const { model, thinkingLevel: level } = request;
  const plan = levelPlan(request);
  // pi 1.6.0 turns thinking off for "off" only where the model can do without it; otherwise, even at "off", a model
  // with managed effort thinks adaptively at the marked level.
  const thinkingOff = model.reasoning && level === "off" && model.thinkingLevelMap?.off !== null;
  if (!managesEffort(model) || thinkingOff) return plan;
  return {
    maxTokens: plan.maxTokens,
    thinking: boundAdaptiveThinking(),
    effort: FIXED_REQUEST_EFFORT,
    interleavedBeta: plan.interleavedBeta,
    markedEffort: plan.effort ?? DEFAULT_MARKED_EFFORT,
  };
}

function levelPlan(request: PlanInput): ThinkingPlan {
  const { model, thinkingLevel: level } = request;
  // the Messages API requires max_tokens: 4096 when neither the caller nor the model names a cap
  const baseMaxTokens = outputTokenCap(request) ?? 4096;
  if (!model.reasoning) return { maxTokens: baseMaxTokens, interleavedBeta: false };
  if (level === "off") return { maxTokens: baseMaxTokens, thinking: { type: "disabled" }, interleavedBeta: false };
  if (usesAdaptiveThinking(model)) {
    return {
      maxTokens: baseMaxTokens,
      // Newer models default to omitting the thinking text; pith shows it.
      thinking: { type: "adaptive", display: "summarized" },
      effort: adaptiveEffort(model, level),
      interleavedBeta: false,
    };
  }
  let budget = thinkingBudget(level, request.thinkingBudgets);
  const ceiling = model.maxTokens > 0 ? model.maxTokens : Number.POSITIVE_INFINITY;
  const maxTokens = fitOutputToContext(model, conversationOf(request), Math.min(baseMaxTokens + budget, ceiling));
  budget = Math.min(budget, maxTokens - MIN_BUDGET);
  if (budget < MIN_BUDGET) return { maxTokens, thinking: { type: "disabled" }, interleavedBeta: false };
  return { maxTokens, thinking: { type: "enabled", budget_tokens: budget, display: "summarized" }, interleavedBeta: true };
}

/**
 * Adaptive thinking: `compat.forceAdaptiveThinking` decides when set (pi 1.6.0; its catalogue sets it for the models
 * that need it); otherwise, beyond pi, Claude 4.6 or newer by model id ("claude-opus-4-6", "claude-sonnet-4.6",
 * "us.anthropic.claude-opus-4-7-v1", "claude-opus-5"), so a models.json entry for such a model works unmarked.
 */
export function usesAdaptiveThinking(model: Model): boolean {
  const override = model.compat?.forceAdaptiveThinking;
  if (typeof override === "boolean") return override;
  const match = /claude-(?:opus|sonnet|haiku)-(\d+)(?:[-.](\d{1,2}))?(?=$|[^0-9])/i.exec(model.id);
  if (!match) return false;
  const major = Number(match[1]);
  const minor = match[2] === undefined ? 0 : Number(match[2]);
  return major > 4 || (major === 4 && minor >= 6);
}

function adaptiveEffort(model: Model, level: Exclude<ThinkingLevel, "off">): string {
  const mapped = mappedThinkingValue(model, level);
  if (mapped) return mapped;
  if (level === "minimal" || level === "low") return "low";
  if (level === "medium") return "medium";
  return "high";
}

export { DEFAULT_THINKING_BUDGETS };
