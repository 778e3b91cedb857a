// Builds the Chat Completions request body and its per-request headers.
import type { Message, StreamRequest } from "../../../kernel/index.js";
import { cacheRetention, copilotRequestHeaders, promptCacheKey } from "../../../lib/provider-kit/index.js";
import { resolveCompletionsCompat, type CompletionsCompat } from "./completions-compat.js";
import { toCompletionsMessages } from "./completions-messages.js";
import { applyThinking } from "./completions-thinking.js";
import { toChatTool } from "./completions-tools.js";
import { completionsTranscript } from "./completions-transcript.js";
import type { CacheControl, ChatCompletionsBody, ChatMessage } from "./completions-wire.js";
import { openCodeSessionHeaders } from "../../../lib/provider-kit/opencode-session.js";
import { outputTokenCap } from "../../../lib/provider-kit/output-room.js";

export interface CompletionsRequest {
  body: ChatCompletionsBody;
  headers: Record<string, string>;
}

export function buildCompletionsRequest(request: StreamRequest, env: NodeJS.ProcessEnv = process.env): CompletionsRequest {
  const { model } = request;
  const compat = resolveCompletionsCompat(model);
  const retention = cacheRetention(env);
  const longRetention = retention === "long" && compat.supportsLongCacheRetention;
  const transcript = completionsTranscript(request, compat);
  const messages = toCompletionsMessages(transcript, model, compat);
  const body: ChatCompletionsBody = { model: model.id, messages, stream: true };
  if (retention !== "none" && sendsPromptCacheKey(compat, model.baseUrl, longRetention)) {
    const key = promptCacheKey(request.sessionId);
    if (key !== undefined) body.prompt_cache_key = key;
  }
  if (longRetention) body.prompt_cache_retention = "24h";
  if (compat.supportsUsageInStreaming) body.stream_options = { include_usage: true };
  if (compat.supportsStore) body.store = false;
  const maxTokens = outputTokenCap(request);
  if (maxTokens !== undefined) body[compat.maxTokensField] = maxTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (transcript.tools.length > 0) {
    body.tools = transcript.tools.map((tool) => toChatTool(tool, compat));
    if (compat.zaiToolStream) body.tool_stream = true;
  } else if (compat.requiresToolsWithToolHistory && hasToolHistory(request.messages)) {
    // Older LiteLLM in front of Anthropic rejects tool history without a tools list (vLLM rejects the empty one).
    body.tools = [];
  }
  if (compat.vllmPriority !== undefined) body.priority = compat.vllmPriority;
  applyThinking(body, request, compat);
  if (compat.openRouterRouting) body.provider = compat.openRouterRouting;
  const gateway = compat.vercelGatewayRouting;
  if (gateway && (gateway.only || gateway.order)) {
    body.providerOptions = { gateway: { ...(gateway.only ? { only: gateway.only } : {}), ...(gateway.order ? { order: gateway.order } : {}) } };
  }
  if (compat.cacheControlFormat === "anthropic" && retention !== "none") {
    addCacheBreakpoints(body, { type: "ephemeral", ...(longRetention ? { ttl: "1h" as const } : {}) });
  }
  return { body, headers: { ...copilotRequestHeaders(request, transcript.messages.at(-1)?.role), ...affinityHeaders(request.sessionId, compat), ...openCodeSessionHeaders(model, request.sessionId) } };
}

/** `auto`: OpenAI's own endpoint, or where the long retention is asked for and the server has it. */
function sendsPromptCacheKey(compat: CompletionsCompat, baseUrl: string, longRetention: boolean): boolean {
  if (compat.promptCacheKeyMode !== "auto") return compat.promptCacheKeyMode === "enabled";
  return baseUrl.includes("api.openai.com") || longRetention;
}

/** The session id in the headers a load balancer routes by, so one server keeps the session's prompt cache. */
function affinityHeaders(sessionId: string | undefined, compat: CompletionsCompat): Record<string, string> {
  if (!sessionId || !compat.sendSessionAffinityHeaders) return {};
  if (compat.sessionAffinityFormat === "openrouter") return { "x-session-id": sessionId };
  return {
    ...(compat.sessionAffinityFormat === "openai" ? { session_id: sessionId } : {}),
    "x-client-request-id": sessionId,
    "x-session-affinity": sessionId,
  };
}

function hasToolHistory(messages: readonly Message[]): boolean {
  return messages.some(
    (message) =>
      message.role === "toolResult" || (message.role === "assistant" && message.content.some((block) => block.type === "toolCall")),
  );
}

/** Anthropic models behind OpenRouter cache only where marked: system prompt, last tool, last turn (a tool result too). */
function addCacheBreakpoints(body: ChatCompletionsBody, cacheControl: CacheControl): void {
  const system = body.messages.find((message) => message.role === "system" || message.role === "developer");
  if (system) markLastText(system, cacheControl);
  const lastTool = body.tools?.[body.tools.length - 1];
  if (lastTool) lastTool.cache_control = cacheControl;
  for (let i = body.messages.length - 1; i >= 0; i--) {
    const message = body.messages[i]!;
    if ((message.role === "user" || message.role === "assistant" || message.role === "tool") && markLastText(message, cacheControl)) return;
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
