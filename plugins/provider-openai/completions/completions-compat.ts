// What an OpenAI-compatible Chat Completions server accepts. `model.compat` wins field by field; otherwise the
// provider name and base URL of well-known services decide, and anything else is treated as OpenAI itself.
import type { Model } from "../../../kernel/index.js";

/** How a server wants reasoning switched on and steered. */
export type ThinkingFormat = "openai" | "openrouter" | "deepseek" | "zai" | "qwen" | "qwen-chat-template";

export interface CompletionsCompat {
  /** send `store: false` */
  supportsStore: boolean;
  /** system prompt of reasoning models as role "developer" */
  supportsDeveloperRole: boolean;
  /** send `reasoning_effort` (thinkingFormat "openai") */
  supportsReasoningEffort: boolean;
  /** ask for the usage chunk with `stream_options.include_usage` */
  supportsUsageInStreaming: boolean;
  maxTokensField: "max_completion_tokens" | "max_tokens";
  /** tool results carry the tool's `name` */
  requiresToolResultName: boolean;
  /** a user message may not follow tool results directly; a short assistant turn is put between */
  requiresAssistantAfterToolResult: boolean;
  /** earlier thinking is sent back as assistant text */
  requiresThinkingAsText: boolean;
  /** every assistant message carries `reasoning_content` (DeepSeek) */
  requiresReasoningContentOnAssistantMessages: boolean;
  thinkingFormat: ThinkingFormat;
  /** send `strict: false` on tools; some servers reject the unknown field */
  supportsStrictMode: boolean;
  /** OpenRouter's `provider` routing object, sent as is */
  openRouterRouting?: Record<string, unknown>;
  /** Anthropic-style `cache_control` breakpoints (OpenRouter's Anthropic models) */
  cacheControlFormat?: "anthropic";
  /** z.ai: stream tool-call arguments */
  zaiToolStream: boolean;
  /** session id in affinity headers, so a load balancer keeps the prompt cache warm */
  sendSessionAffinityHeaders: boolean;
}

const THINKING_FORMATS: readonly ThinkingFormat[] = ["openai", "openrouter", "deepseek", "zai", "qwen", "qwen-chat-template"];

export function resolveCompletionsCompat(model: Model): CompletionsCompat {
  const detected = detectCompat(model);
  const compat = model.compat ?? {};
  const flag = (name: keyof CompletionsCompat, fallback: boolean): boolean =>
    typeof compat[name] === "boolean" ? (compat[name] as boolean) : fallback;
  const thinkingFormat = THINKING_FORMATS.find((format) => format === compat.thinkingFormat) ?? detected.thinkingFormat;
  const maxTokensField =
    compat.maxTokensField === "max_tokens" || compat.maxTokensField === "max_completion_tokens"
      ? compat.maxTokensField
      : detected.maxTokensField;
  const resolved: CompletionsCompat = {
    supportsStore: flag("supportsStore", detected.supportsStore),
    supportsDeveloperRole: flag("supportsDeveloperRole", detected.supportsDeveloperRole),
    supportsReasoningEffort: flag("supportsReasoningEffort", detected.supportsReasoningEffort),
    supportsUsageInStreaming: flag("supportsUsageInStreaming", detected.supportsUsageInStreaming),
    maxTokensField,
    requiresToolResultName: flag("requiresToolResultName", detected.requiresToolResultName),
    requiresAssistantAfterToolResult: flag("requiresAssistantAfterToolResult", detected.requiresAssistantAfterToolResult),
    requiresThinkingAsText: flag("requiresThinkingAsText", detected.requiresThinkingAsText),
    requiresReasoningContentOnAssistantMessages: flag(
      "requiresReasoningContentOnAssistantMessages",
      detected.requiresReasoningContentOnAssistantMessages,
    ),
    thinkingFormat,
    supportsStrictMode: flag("supportsStrictMode", detected.supportsStrictMode),
    zaiToolStream: flag("zaiToolStream", detected.zaiToolStream),
    sendSessionAffinityHeaders: flag("sendSessionAffinityHeaders", detected.sendSessionAffinityHeaders),
  };
  const routing = compat.openRouterRouting;
  if (routing && typeof routing === "object" && !Array.isArray(routing)) resolved.openRouterRouting = routing as Record<string, unknown>;
  const cacheControlFormat = compat.cacheControlFormat ?? detected.cacheControlFormat;
  if (cacheControlFormat === "anthropic") resolved.cacheControlFormat = "anthropic";
  return resolved;
}

function detectCompat(model: Model): CompletionsCompat {
  const { provider, baseUrl } = model;
  const is = (name: string, host: string) => provider === name || baseUrl.includes(host);
  const deepseek = is("deepseek", "deepseek.com");
  const zai = is("zai", "api.z.ai");
  const xai = is("xai", "api.x.ai");
  const moonshot = provider.startsWith("moonshotai") || baseUrl.includes("api.moonshot.");
  const openrouter = is("openrouter", "openrouter.ai");
  const cloudflareGateway = is("cloudflare-ai-gateway", "gateway.ai.cloudflare.com");
  const chutes = baseUrl.includes("chutes.ai");
  // These servers reject OpenAI-only fields (`store`, the "developer" role).
  const nonStandard =
    deepseek || zai || xai || moonshot || chutes || cloudflareGateway || is("cerebras", "cerebras.ai") ||
    is("opencode", "opencode.ai") || is("cloudflare-workers-ai", "api.cloudflare.com");
  return {
    supportsStore: !nonStandard,
    supportsDeveloperRole: !nonStandard,
    supportsReasoningEffort: !xai && !zai && !moonshot && !cloudflareGateway,
    supportsUsageInStreaming: true,
    maxTokensField: chutes || moonshot || cloudflareGateway ? "max_tokens" : "max_completion_tokens",
    requiresToolResultName: false,
    requiresAssistantAfterToolResult: false,
    requiresThinkingAsText: false,
    requiresReasoningContentOnAssistantMessages: deepseek,
    thinkingFormat: deepseek ? "deepseek" : zai ? "zai" : openrouter ? "openrouter" : "openai",
    supportsStrictMode: !moonshot && !cloudflareGateway,
    ...(provider === "openrouter" && model.id.startsWith("anthropic/") ? { cacheControlFormat: "anthropic" as const } : {}),
    zaiToolStream: false,
    sendSessionAffinityHeaders: false,
  };
}
