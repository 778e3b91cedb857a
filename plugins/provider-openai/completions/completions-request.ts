// Builds the Chat Completions request body and its per-request headers.
import type { Message, StreamRequest, ToolSpec } from "../../../kernel/index.js";
import { mappedThinkingValue, reasoningEffort, copilotRequestHeaders } from "../../../lib/provider-kit/index.js";
import { resolveCompletionsCompat, type CompletionsCompat } from "./completions-compat.js";
import { toCompletionsMessages } from "./completions-messages.js";
import type { CacheControl, ChatCompletionsBody, ChatMessage, ChatTool } from "./completions-wire.js";

/** Output allowance when the request names none (pi's). */
const DEFAULT_MAX_TOKENS_CAP = 32000;

export interface CompletionsRequest {
  body: ChatCompletionsBody;
  headers: Record<string, string>;
}

export function buildCompletionsRequest(request: StreamRequest): CompletionsRequest {
  const { model } = request;
  const compat = resolveCompletionsCompat(model);
  const messages = toCompletionsMessages(request.systemPrompt, request.messages, model, compat);
  const body: ChatCompletionsBody = { model: model.id, messages, stream: true };
  if (compat.supportsUsageInStreaming) body.stream_options = { include_usage: true };
  if (compat.supportsStore) body.store = false;
  const maxTokens = request.maxTokens ?? (model.maxTokens > 0 ? Math.min(model.maxTokens, DEFAULT_MAX_TOKENS_CAP) : undefined);
  if (maxTokens !== undefined) body[compat.maxTokensField] = maxTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool) => toChatTool(tool, compat));
    if (compat.zaiToolStream) body.tool_stream = true;
  } else if (hasToolHistory(request.messages)) {
    // Proxies in front of Anthropic (LiteLLM and the like) reject tool history without a tools list.
    body.tools = [];
  }
  applyThinking(body, request, compat);
  if (request.sessionId && model.baseUrl.includes("api.openai.com")) body.prompt_cache_key = request.sessionId;
  if (compat.openRouterRouting) body.provider = compat.openRouterRouting;
  if (compat.cacheControlFormat === "anthropic") addCacheBreakpoints(body, { type: "ephemeral" });

  const headers: Record<string, string> = copilotRequestHeaders(request);
  if (request.sessionId && compat.sendSessionAffinityHeaders) {
    headers["session_id"] = request.sessionId;
    headers["x-client-request-id"] = request.sessionId;
    headers["x-session-affinity"] = request.sessionId;
  }
  return { body, headers };
}

function toChatTool(tool: ToolSpec, compat: CompletionsCompat): ChatTool {
  return {
    type: "function",
    function: {
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      ...(compat.supportsStrictMode ? { strict: false } : {}),
    },
  };
}

function applyThinking(body: ChatCompletionsBody, request: StreamRequest, compat: CompletionsCompat): void {
  const { model, thinkingLevel: level } = request;
  if (!model.reasoning) return;
  const effort = level === "off" ? undefined : reasoningEffort(model, level);
  switch (compat.thinkingFormat) {
    case "zai":
    case "qwen":
      body.enable_thinking = effort !== undefined;
      return;
    case "qwen-chat-template":
      body.chat_template_kwargs = { enable_thinking: effort !== undefined, preserve_thinking: true };
      return;
    case "deepseek":
      body.thinking = { type: effort ? "enabled" : "disabled" };
      if (effort) body.reasoning_effort = effort;
      return;
    case "openrouter": {
      // OpenRouter's "none" switches reasoning off; a model mapping "off" to null has no off switch.
      const off = model.thinkingLevelMap?.off;
      if (effort) body.reasoning = { effort };
      else if (off !== null) body.reasoning = { effort: off ?? "none" };
      return;
    }
    case "openai": {
      if (!compat.supportsReasoningEffort) return;
      const value = effort ?? mappedThinkingValue(model, "off");
      if (value) body.reasoning_effort = value;
      return;
    }
  }
}

function hasToolHistory(messages: readonly Message[]): boolean {
  return messages.some(
    (message) =>
      message.role === "toolResult" || (message.role === "assistant" && message.content.some((block) => block.type === "toolCall")),
  );
}

/** Anthropic models behind OpenRouter cache only where marked: system prompt, last tool, last turn. */
function addCacheBreakpoints(body: ChatCompletionsBody, cacheControl: CacheControl): void {
  const system = body.messages.find((message) => message.role === "system" || message.role === "developer");
  if (system) markLastText(system, cacheControl);
  const lastTool = body.tools?.[body.tools.length - 1];
  if (lastTool) lastTool.cache_control = cacheControl;
  for (let i = body.messages.length - 1; i >= 0; i--) {
    const message = body.messages[i]!;
    if ((message.role === "user" || message.role === "assistant") && markLastText(message, cacheControl)) return;
  }
}

function markLastText(message: ChatMessage, cacheControl: CacheControl): boolean {
  const content = message.content;
  if (typeof content === "string") {
    if (content === "") return false;
    (message as { content: unknown }).content = [{ type: "text", text: content, cache_control: cacheControl }];
    return true;
  }
  if (!Array.isArray(content)) return false;
  for (let i = content.length - 1; i >= 0; i--) {
    const part = content[i];
    if (part?.type === "text") {
      part.cache_control = cacheControl;
      return true;
    }
  }
  return false;
}
