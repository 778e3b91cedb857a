// Builds the ConverseStream body: messages, system prompt, output limit, tools, cache points for the Claude models
// that take them, and thinking through `additionalModelRequestFields` (Claude's own fields, OpenAI's effort).
import { type BudgetThinkingLevel, type Model, type StreamRequest, type ThinkingLevel } from "../../kernel/index.js";
import { clampThinkingLevel } from "../../lib/provider-kit/thinking-levels.js";
import { budgetThinkingLevel, mappedThinkingValue, sanitizeText } from "../../lib/provider-kit/index.js";
import { toBedrockMessages } from "./bedrock-messages.js";
import { isClaude, namesInclude } from "./bedrock-target.js";
import type { BedrockRequestBody, CachePoint } from "./bedrock-wire.js";
import { conversationOf, fitOutputToContext, outputTokenCap } from "../../lib/provider-kit/output-room.js";

const INTERLEAVED_THINKING_BETA = "interleaved-thinking-2025-05-14";
const BINDING_CONTROLS_BETA = "thinking-binding-controls-2026-08-01";
const BUDGETS: Record<BudgetThinkingLevel, number> = { minimal: 1024, low: 2048, medium: 8192, high: 16384 };
const ADAPTIVE = ["opus-4-6", "opus-4-7", "opus-4-8", "opus-5", "sonnet-4-6", "sonnet-5", "haiku-5", "fable-5"];
const NATIVE_XHIGH = ["opus-4-7", "opus-4-8", "opus-5", "sonnet-5", "haiku-5", "fable-5"];

export interface BedrockRequest {
  body: BedrockRequestBody;
  headers: Record<string, string>;
}

/** Claude 3.5 Haiku, 3.7 Sonnet, 4.x and 5 take cache points; AWS_BEDROCK_FORCE_CACHE=1 for a profile ARN that hides the name. */
function cachePoint(model: Model, env: NodeJS.ProcessEnv): CachePoint | undefined {
  const retention = env.PI_CACHE_RETENTION === "long" ? "long" : env.PI_CACHE_RETENTION === "none" ? "none" : "short";
  if (retention === "none") return undefined;
  const claude = namesInclude(model, "claude");
  const supported = claude
    ? namesInclude(model, "-4-", "fable-5", "opus-5", "sonnet-5", "haiku-5", "claude-3-7-sonnet", "claude-3-5-haiku")
    : env.AWS_BEDROCK_FORCE_CACHE === "1";
  if (!supported) return undefined;
  return { cachePoint: { type: "default", ...(retention === "long" ? { ttl: "1h" as const } : {}) } };
}

export function buildBedrockRequest(request: StreamRequest, env: NodeJS.ProcessEnv = process.env): BedrockRequest {
  const { model } = request;
  const cache = cachePoint(model, env);
  const messages = toBedrockMessages(request.messages, model);
  const last = messages[messages.length - 1];
  if (cache && last?.role === "user") last.content.push(cache);
  let maxTokens = outputTokenCap(request);
  const body: BedrockRequestBody = { messages, inferenceConfig: {} };
  if (request.systemPrompt.trim() !== "") body.system = [{ text: sanitizeText(request.systemPrompt) }, ...(cache ? [cache] : [])];
  if (request.temperature !== undefined) body.inferenceConfig.temperature = request.temperature;
  if (request.tools.length > 0) {
    body.toolConfig = { tools: request.tools.map((tool) => ({ toolSpec: { name: tool.name, description: tool.description, inputSchema: { json: tool.parameters } } })) };
  }
  const level = model.reasoning ? clampThinkingLevel(model, request.thinkingLevel) : "off";
  if (level !== "off") {
    const fields = thinkingFields(request, level, env);
    if (fields) {
      body.additionalModelRequestFields = fields;
      const thinking = fields.thinking as { type?: string; budget_tokens?: number } | undefined;
      // A token budget is part of the output allowance.
      if (thinking?.type === "enabled" && thinking.budget_tokens !== undefined && maxTokens !== undefined) {
        maxTokens = fitOutputToContext(model, conversationOf(request), Math.min(maxTokens + thinking.budget_tokens, model.maxTokens));
        thinking.budget_tokens = Math.min(thinking.budget_tokens, Math.max(0, maxTokens - 1024));
      }
    }
  }
  if (maxTokens !== undefined) body.inferenceConfig.maxTokens = maxTokens;
  return { body, headers: {} };
}

function thinkingFields(request: StreamRequest, level: Exclude<ThinkingLevel, "off">, env: NodeJS.ProcessEnv): Record<string, unknown> | undefined {
  const { model } = request;
  if (isClaude(model)) {
    const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || "";
    // GovCloud's Converse schema has neither `display` nor block binding yet.
    const govCloud = region.startsWith("us-gov-") || model.id.startsWith("us-gov.") || model.id.startsWith("arn:aws-us-gov:");
    const display = govCloud ? {} : { display: "summarized" };
    if (namesInclude(model, ...ADAPTIVE)) {
      const binding = !govCloud && namesInclude(model, ...NATIVE_XHIGH);
      const effort = level === "xhigh" && namesInclude(model, ...NATIVE_XHIGH) ? "xhigh" : (mappedThinkingValue(model, level) ?? claudeEffort(level));
      return {
        thinking: { type: "adaptive", ...display, ...(binding ? { block_binding: { prefix_mismatch_behavior: "drop_block" } } : {}) },
        output_config: { effort },
        ...(binding ? { anthropic_beta: [BINDING_CONTROLS_BETA] } : {}),
      };
    }
    const budgetLevel = budgetThinkingLevel(level);
    const budget = request.thinkingBudgets?.[budgetLevel] ?? BUDGETS[budgetLevel];
    return { thinking: { type: "enabled", budget_tokens: budget, ...display }, anthropic_beta: [INTERLEAVED_THINKING_BETA] };
  }
  if (namesInclude(model, "gpt-oss")) return { reasoning_effort: level === "minimal" ? "low" : budgetThinkingLevel(level) };
  if (namesInclude(model, "gpt-")) return { reasoning: { effort: mappedThinkingValue(model, level) ?? (level === "minimal" ? "low" : level) } };
  return undefined;
}

function claudeEffort(level: Exclude<ThinkingLevel, "off">): string {
  return level === "minimal" || level === "low" ? "low" : level === "medium" ? "medium" : "high";
}
