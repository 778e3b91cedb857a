// What an OpenAI-compatible Chat Completions server accepts. `model.compat` wins field by field; otherwise the
// provider name and base URL of well-known services decide, and anything else is treated as OpenAI itself.
import type { Model } from "../../../kernel/index.js";
import {
  PROMPT_CACHE_KEY_MODES,
  SESSION_AFFINITY_FORMATS,
  THINKING_FORMATS,
  THINKING_TOKEN_BUDGET_FIELDS,
  type SessionAffinityFormat,
  type ThinkingFormat,
  type ThinkingTokenBudgetField,
} from "../../../lib/provider-kit/completions-compat-values.js";

export type { SessionAffinityFormat, ThinkingFormat, ThinkingTokenBudgetField };

/** A chat template value: sent as written, or filled in from the thinking level. */
export type ChatTemplateValue =
  | string
  | number
  | boolean
  | null
  | { $var: "thinking.enabled" | "thinking.effort" | "thinking.budget"; omitWhenOff?: boolean };

export interface CompletionsCompat {
  /** send `store: false` */
  supportsStore: boolean;
  /** system prompt of reasoning models as role "developer" */
  supportsDeveloperRole: boolean;
  /** send `reasoning_effort` (thinkingFormat "openai") */
  supportsReasoningEffort: boolean;
  /** ask for the usage chunk with `stream_options.include_usage` */
  supportsUsageInStreaming: boolean;
  /** the stream ends with a finish_reason; when false, a stream without one ends as stop or toolUse */
  supportsFinishReason: boolean;
  maxTokensField: "max_completion_tokens" | "max_tokens";
  /** tool results carry the tool's `name` */
  requiresToolResultName: boolean;
  /** a user message may not follow tool results directly; a short assistant turn is put between */
  requiresAssistantAfterToolResult: boolean;
  /** an assistant message without text sends `content: ""`, not null */
  requiresNonNullAssistantContent: boolean;
  /** a request without tools sends `tools: []` once the conversation has tool calls (older LiteLLM) */
  requiresToolsWithToolHistory: boolean;
  /** earlier thinking is sent back as assistant text */
  requiresThinkingAsText: boolean;
  /** every assistant message carries `reasoning_content` (DeepSeek) */
  requiresReasoningContentOnAssistantMessages: boolean;
  thinkingFormat: ThinkingFormat;
  /** `chat_template_kwargs` of thinkingFormat "chat-template" */
  chatTemplateKwargs: Record<string, ChatTemplateValue>;
  /** `chat_template_args` of thinkingFormat "baseten" */
  chatTemplateArgs: Record<string, ChatTemplateValue>;
  /** top-level field that caps reasoning tokens with the level's thinking budget (vLLM, Qwen, llama.cpp) */
  thinkingTokenBudgetField?: ThinkingTokenBudgetField;
  /** send `strict: false` on tools; some servers reject the unknown field */
  supportsStrictMode: boolean;
  /** OpenRouter's `provider` routing object, sent as is */
  openRouterRouting?: Record<string, unknown>;
  /** Vercel AI Gateway's `providerOptions.gateway` (`only`, `order`) */
  vercelGatewayRouting?: { only?: unknown; order?: unknown };
  /** Anthropic-style `cache_control` breakpoints (OpenRouter's Anthropic models) */
  cacheControlFormat?: "anthropic";
  /** z.ai: stream tool-call arguments */
  zaiToolStream: boolean;
  /** session id in affinity headers, so a load balancer keeps the prompt cache warm */
  sendSessionAffinityHeaders: boolean;
  sessionAffinityFormat: SessionAffinityFormat;
  /** `prompt_cache_key`: "auto" for api.openai.com (or long retention where supported), "enabled" always, "disabled" never */
  promptCacheKeyMode: "auto" | "enabled" | "disabled";
  /** PI_CACHE_RETENTION=long asks for `prompt_cache_retention: "24h"` / a one-hour `cache_control` */
  supportsLongCacheRetention: boolean;
  /** vLLM's scheduler `priority` */
  vllmPriority?: number;
  /** the conversation's later system messages go where they stand, as system (or developer) messages */
  supportsMidConvoSystemMessages: boolean;
  /** with the above: tools added later are declared in place, as `{role: "system", tools}` (Kimi) */
  supportsMidConvoToolAdditions: boolean;
}


const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

export function resolveCompletionsCompat(model: Model): CompletionsCompat {
  const detected = detectCompat(model);
  const compat = model.compat ?? {};
  const flag = (name: keyof CompletionsCompat, fallback: boolean): boolean =>
    typeof compat[name] === "boolean" ? (compat[name] as boolean) : fallback;
  const maxTokensField = oneOf(compat.maxTokensField, ["max_tokens", "max_completion_tokens"] as const) ?? detected.maxTokensField;
  const resolved: CompletionsCompat = {
    supportsStore: flag("supportsStore", detected.supportsStore),
    supportsDeveloperRole: flag("supportsDeveloperRole", detected.supportsDeveloperRole),
    supportsReasoningEffort: flag("supportsReasoningEffort", detected.supportsReasoningEffort),
    supportsUsageInStreaming: flag("supportsUsageInStreaming", detected.supportsUsageInStreaming),
    supportsFinishReason: flag("supportsFinishReason", true),
    maxTokensField,
    requiresToolResultName: flag("requiresToolResultName", detected.requiresToolResultName),
    requiresAssistantAfterToolResult: flag("requiresAssistantAfterToolResult", detected.requiresAssistantAfterToolResult),
    requiresNonNullAssistantContent: flag("requiresNonNullAssistantContent", false),
    requiresToolsWithToolHistory: flag("requiresToolsWithToolHistory", false),
    requiresThinkingAsText: flag("requiresThinkingAsText", detected.requiresThinkingAsText),
    requiresReasoningContentOnAssistantMessages: flag(
      "requiresReasoningContentOnAssistantMessages",
      detected.requiresReasoningContentOnAssistantMessages,
    ),
    thinkingFormat: oneOf(compat.thinkingFormat, THINKING_FORMATS) ?? detected.thinkingFormat,
    chatTemplateKwargs: isRecord(compat.chatTemplateKwargs) ? (compat.chatTemplateKwargs as Record<string, ChatTemplateValue>) : {},
    chatTemplateArgs: isRecord(compat.chatTemplateArgs) ? (compat.chatTemplateArgs as Record<string, ChatTemplateValue>) : {},
    supportsStrictMode: flag("supportsStrictMode", detected.supportsStrictMode),
    zaiToolStream: flag("zaiToolStream", detected.zaiToolStream),
    sendSessionAffinityHeaders: flag("sendSessionAffinityHeaders", detected.sendSessionAffinityHeaders),
    sessionAffinityFormat: oneOf(compat.sessionAffinityFormat, SESSION_AFFINITY_FORMATS) ?? detected.sessionAffinityFormat,
    promptCacheKeyMode: oneOf(compat.promptCacheKeyMode, PROMPT_CACHE_KEY_MODES) ?? "auto",
    supportsLongCacheRetention: flag("supportsLongCacheRetention", detected.supportsLongCacheRetention),
    // no server is taken to have them unless its model says so, as in pi 1.6.0
    supportsMidConvoSystemMessages: flag("supportsMidConvoSystemMessages", false),
    supportsMidConvoToolAdditions: flag("supportsMidConvoToolAdditions", false),
  };
  // `supportsThinkingTokenBudget` is pi's older name for vLLM's field
  const budgetField = oneOf(compat.thinkingTokenBudgetField, THINKING_TOKEN_BUDGET_FIELDS) ?? (compat.supportsThinkingTokenBudget === true ? "thinking_token_budget" : undefined);
  if (budgetField) resolved.thinkingTokenBudgetField = budgetField;
  if (typeof compat.vllmPriority === "number") resolved.vllmPriority = compat.vllmPriority;
  if (isRecord(compat.openRouterRouting)) resolved.openRouterRouting = compat.openRouterRouting;
  if (isRecord(compat.vercelGatewayRouting)) resolved.vercelGatewayRouting = compat.vercelGatewayRouting;
  const cacheControlFormat = compat.cacheControlFormat ?? detected.cacheControlFormat;
  if (cacheControlFormat === "anthropic") resolved.cacheControlFormat = "anthropic";
  return resolved;
}

type DetectedCompat = Omit<
  CompletionsCompat,
  | "supportsFinishReason"
  | "requiresNonNullAssistantContent"
  | "requiresToolsWithToolHistory"
  | "chatTemplateKwargs"
  | "chatTemplateArgs"
  | "promptCacheKeyMode"
  | "supportsMidConvoSystemMessages"
  | "supportsMidConvoToolAdditions"
>;

function detectCompat(model: Model): DetectedCompat {
  const { provider, baseUrl } = model;
  const is = (name: string, host: string) => provider === name || baseUrl.includes(host);
  const deepseek = provider === "deepseek" || baseUrl.toLowerCase().includes("deepseek.com");
  const zai = provider === "zai" || provider === "zai-coding-cn" || baseUrl.includes("api.z.ai") || baseUrl.includes("open.bigmodel.cn");
  const xai = is("xai", "api.x.ai");
  const moonshot = provider === "moonshotai" || provider === "moonshotai-cn" || baseUrl.includes("api.moonshot.");
  const openrouter = is("openrouter", "openrouter.ai");
  const cloudflareGateway = is("cloudflare-ai-gateway", "gateway.ai.cloudflare.com");
  const cloudflareWorkers = is("cloudflare-workers-ai", "api.cloudflare.com");
  const together = provider === "together" || baseUrl.includes("api.together.ai") || baseUrl.includes("api.together.xyz");
  const nvidia = is("nvidia", "integrate.api.nvidia.com");
  const antLing = is("ant-ling", "api.ant-ling.com");
  const chutes = baseUrl.includes("chutes.ai");
  // These servers reject OpenAI-only fields such as `store`.
  const nonStandard =
    deepseek || zai || xai || moonshot || chutes || together || nvidia || antLing || cloudflareGateway || is("cerebras", "cerebras.ai") ||
    is("opencode", "opencode.ai") || cloudflareWorkers;
  return {
    supportsStore: !nonStandard,
    // the "developer" role is OpenAI's own: other hosts' chat templates often reject it, and all take "system"
    supportsDeveloperRole: is("openai", "api.openai.com"),
    supportsReasoningEffort: !xai && !zai && !moonshot && !together && !cloudflareGateway && !nvidia && !antLing,
    supportsUsageInStreaming: true,
    maxTokensField: chutes || deepseek || moonshot || cloudflareGateway || together || nvidia || antLing || zai ? "max_tokens" : "max_completion_tokens",
    requiresToolResultName: false,
    requiresAssistantAfterToolResult: false,
    requiresThinkingAsText: false,
    requiresReasoningContentOnAssistantMessages: deepseek,
    thinkingFormat: deepseek ? "deepseek" : zai ? "zai" : together ? "together" : antLing ? "ant-ling" : openrouter ? "openrouter" : "openai",
    // OpenAI compatibility alone does not mean strict JSON-schema tools: only a model that says so gets `strict`
    supportsStrictMode: false,
    ...(provider === "openrouter" && model.id.startsWith("anthropic/") ? { cacheControlFormat: "anthropic" as const } : {}),
    zaiToolStream: false,
    sendSessionAffinityHeaders: openrouter,
    sessionAffinityFormat: openrouter ? "openrouter" : "openai",
    supportsLongCacheRetention: !(together || cloudflareWorkers || cloudflareGateway || nvidia || antLing),
  };
}
