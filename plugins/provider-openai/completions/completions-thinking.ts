// Reasoning fields of a Chat Completions request, in the dialect the server speaks (compat.thinkingFormat), and the
// top-level thinking budget some servers cap reasoning with (compat.thinkingTokenBudgetField).
import type { Model, StreamRequest, ThinkingLevel } from "../../../kernel/index.js";
import { clampThinkingLevel, reasoningEffort, thinkingBudget } from "../../../lib/provider-kit/index.js";
import type { ChatTemplateValue, CompletionsCompat } from "./completions-compat.js";
import type { ChatCompletionsBody } from "./completions-wire.js";

/** Tokens left for the answer when a thinking budget shares the output limit (pi's). */
const MIN_ANSWER_TOKENS = 1024;

type Level = Exclude<ThinkingLevel, "off">;

export function applyThinking(body: ChatCompletionsBody, request: StreamRequest, compat: CompletionsCompat): void {
  const { model } = request;
  if (!model.reasoning) return;
  // a level the model lacks becomes the nearest one it has, as pi does
  const clamped = request.thinkingLevel === "off" ? "off" : clampThinkingLevel(model, request.thinkingLevel);
  const level = clamped === "off" ? undefined : clamped;
  const map = model.thinkingLevelMap ?? {};
  const effort = level ? reasoningEffort(model, level) : undefined;
  const budget = level ? answerRoomBudget(level, request, body) : undefined;
  const canSetEffort = level !== undefined && compat.supportsReasoningEffort;
  switch (compat.thinkingFormat) {
    case "zai": {
      body.thinking = level ? { type: "enabled", clear_thinking: false } : { type: "disabled" };
      // a level mapped to null sends no effort
      const value = level && map[level] !== undefined ? map[level] : effort;
      if (canSetEffort && typeof value === "string") body.reasoning_effort = value;
      break;
    }
    case "qwen":
      body.enable_thinking = level !== undefined;
      if (canSetEffort) body.reasoning_effort = effort;
      break;
    case "qwen-chat-template":
      body.chat_template_kwargs = { enable_thinking: level !== undefined, preserve_thinking: true };
      break;
    case "chat-template": {
      const values = templateValues(compat.chatTemplateKwargs, model, level, budget);
      if (values) body.chat_template_kwargs = values;
      break;
    }
    case "baseten": {
      const values = templateValues(compat.chatTemplateArgs, model, level, budget);
      if (values) body.chat_template_args = values;
      const value = effortOrOffValue(model, level);
      if (compat.supportsReasoningEffort && typeof value === "string") body.reasoning_effort = value;
      break;
    }
    case "deepseek":
      if (level) body.thinking = { type: "enabled" };
      else if (map.off !== null) body.thinking = { type: "disabled" };
      if (canSetEffort) body.reasoning_effort = effort;
      break;
    case "openrouter":
      // OpenRouter's "none" switches reasoning off; a model mapping "off" to null has no off switch.
      if (effort) body.reasoning = { effort };
      else if (map.off !== null) body.reasoning = { effort: map.off ?? "none" };
      break;
    case "ant-ling": {
      // only a level the model maps is sent; unmapped levels leave the server's default
      const value = level ? map[level] : undefined;
      if (typeof value === "string") body.reasoning = { effort: value };
      break;
    }
    case "together":
      body.reasoning = { enabled: level !== undefined };
      if (canSetEffort) body.reasoning_effort = effort;
      break;
    case "string-thinking":
      if (effort) body.thinking = effort;
      else if (map.off !== null) body.thinking = map.off ?? "none";
      break;
    case "openai": {
      if (!compat.supportsReasoningEffort) break;
      const value = effort ?? map.off;
      if (typeof value === "string") body.reasoning_effort = value;
      break;
    }
  }
  // Reasoning and answer share the output limit on these servers: an uncapped reasoning phase can leave no answer.
  if (compat.thinkingTokenBudgetField && budget !== undefined) body[compat.thinkingTokenBudgetField] = budget;
}

/** The level's budget, leaving room for the answer under the request's output limit; undefined when none is left. */
function answerRoomBudget(level: Level, request: StreamRequest, body: ChatCompletionsBody): number | undefined {
  const ceiling = body.max_tokens ?? body.max_completion_tokens ?? request.model.maxTokens;
  const budget = Math.min(thinkingBudget(level, request.thinkingBudgets), Math.max(0, ceiling - MIN_ANSWER_TOKENS));
  return budget > 0 ? budget : undefined;
}

/** The mapped value of the level (of "off" when thinking is off), else the level's name; null: none to send. */
function effortOrOffValue(model: Model, level: Level | undefined): string | null | undefined {
  const mapped = model.thinkingLevelMap?.[level ?? "off"];
  return mapped === undefined ? (level ? reasoningEffort(model, level) : undefined) : mapped;
}

function templateValues(
  values: Record<string, ChatTemplateValue>,
  model: Model,
  level: Level | undefined,
  budget: number | undefined,
): Record<string, unknown> | undefined {
  const resolved: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const filled = templateValue(value, model, level, budget);
    if (filled !== undefined) resolved[key] = filled;
  }
  return Object.keys(resolved).length > 0 ? resolved : undefined;
}

function templateValue(value: ChatTemplateValue, model: Model, level: Level | undefined, budget: number | undefined): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (!level && value.omitWhenOff) return undefined;
  if (value.$var === "thinking.enabled") return level !== undefined;
  if (value.$var === "thinking.budget") return budget;
  const effort = effortOrOffValue(model, level);
  return typeof effort === "string" ? effort : undefined;
}
