// Builds the Anthropic Messages request: body, beta headers and prompt-cache breakpoints.
import type { AssistantMessage, StreamRequest, ToolSpec } from "../../kernel/index.js";
import { COPILOT_PROVIDER, cacheRetention, copilotRequestHeaders, sanitizeText, turnsWithSystemMessages, type CacheRetention } from "../../lib/provider-kit/index.js";
import { addConversationBreakpoint, toAnthropicMessages } from "./anthropic-messages.js";
import { planThinking } from "./anthropic-thinking.js";
import { CLAUDE_CODE_IDENTITY, SUBSCRIPTION_BETAS, claudeCodeName, isSubscriptionToken } from "./anthropic-subscription.js";
import { MESSAGE_THREADS_BETA, threadSession } from "./anthropic-threads.js";
import { allowedFallbackModels } from "./anthropic-fallbacks.js";
import { toAnthropicTools } from "./anthropic-tools.js";
import { DEFERRED_TOOL_PLACEHOLDER, INLINE_TOOLS_BETA, anthropicTranscript, wireUpdate } from "./anthropic-transcript.js";
import { MID_CONVERSATION_OUTPUT_CONFIG_BETA, THINKING_BINDING_CONTROLS_BETA, effortMarker, managesEffort } from "./anthropic-effort.js";
import type { AnthropicRequestBody, CacheControl, WireMessage } from "./anthropic-wire.js";

const INTERLEAVED_THINKING_BETA = "interleaved-thinking-2025-05-14";
const FINE_GRAINED_TOOL_STREAMING_BETA = "fine-grained-tool-streaming-2025-05-14";
const SERVER_SIDE_FALLBACK_BETA = "server-side-fallback-2026-07-01";

export interface AnthropicRequest {
  body: AnthropicRequestBody;
  /** per-request headers (beta features) */
  headers: Record<string, string>;
  /** the effort the conversation's last marker sets, recorded on the reply */
  providerThinkingLevel?: string;
}

export function buildAnthropicRequest(request: StreamRequest, env: NodeJS.ProcessEnv = process.env): AnthropicRequest {
  const { model } = request;
  const compat = model.compat ?? {};
  // Breakpoints: system prompt, last tool, last user turn: three of the four Anthropic allows.
  const cacheControl = anthropicCacheControl(cacheRetention(env), compat.supportsLongCacheRetention !== false);
  const eagerToolStreaming = compat.supportsEagerToolInputStreaming !== false;
  const plan = planThinking(request);
  const subscription = isSubscriptionToken(request.apiKey);
  const markedEffort = plan.markedEffort;
  const transcript = anthropicTranscript(request);
  const toolName = (name: string) => (subscription ? claudeCodeName(name) : name);
  const wireTools = (tools: readonly ToolSpec[], cache: CacheControl | undefined) =>
    toAnthropicTools(tools.map((tool) => ({ ...tool, name: toolName(tool.name) })), {
      eagerStreaming: eagerToolStreaming,
      strictTools: compat.supportsStrictTools === true,
      // compat.supportsCacheControlOnTools false: gateways such as Fireworks refuse the marker on tools
      cacheControl: compat.supportsCacheControlOnTools === false ? undefined : cache,
    });
  const additions = transcript.nativeToolChanges ? (tools: ToolSpec[]) => wireTools(tools, undefined) : undefined;
  const messages = toAnthropicMessages(turnsWithSystemMessages(request.messages, transcript.later), model, {
    sendStored: request.onPayload === undefined,
    markEfforts: markedEffort !== undefined,
    systemUpdate: (message) => wireUpdate(message, additions, toolName),
  });
  if (subscription) renameToolUses(messages);
  if (cacheControl) addConversationBreakpoint(messages, cacheControl);
  // after the breakpoint: the level may change from one request to the next, the conversation before it not
  if (markedEffort !== undefined) messages.push(effortMarker(markedEffort));

  const body: AnthropicRequestBody = { model: model.id, messages, max_tokens: plan.maxTokens, stream: true };
  const marked = cacheControl ? { cache_control: cacheControl } : {};
  if (transcript.systemPrompt.trim() !== "") body.system = [{ type: "text", text: sanitizeText(transcript.systemPrompt), ...marked }];
  if (subscription) body.system = [{ type: "text", text: CLAUDE_CODE_IDENTITY, ...marked }, ...(body.system ?? [])];
  if (transcript.tools.length > 0) body.tools = wireTools(transcript.tools, cacheControl);
  if (transcript.nativeToolChanges) body.tools = [...(body.tools ?? []), DEFERRED_TOOL_PLACEHOLDER];
  if (plan.thinking) body.thinking = plan.thinking;
  if (plan.effort) body.output_config = { effort: plan.effort };
  // Anthropic rejects a temperature while thinking is on.
  const thinkingOn = plan.thinking !== undefined && plan.thinking.type !== "disabled";
  // compat.supportsTemperature false: the model refuses the field (Claude Opus 4.7 and later); pi 1.6.0 sends none to
  // a model with managed effort either, even with thinking off
  if (request.temperature !== undefined && !thinkingOn && compat.supportsTemperature !== false && !managesEffort(model)) body.temperature = request.temperature;
  const fallbacks = allowedFallbackModels(model);
  if (fallbacks.length > 0) body.fallbacks = fallbacks.map((fallback) => ({ model: fallback.model }));

  const betas: string[] = subscription ? [...SUBSCRIPTION_BETAS] : [];
  if (transcript.tools.length > 0 && !eagerToolStreaming) betas.push(FINE_GRAINED_TOOL_STREAMING_BETA);
  if (plan.interleavedBeta && thinkingOn) betas.push(INTERLEAVED_THINKING_BETA);
  if (fallbacks.length > 0) betas.push(SERVER_SIDE_FALLBACK_BETA);
  // also with thinking off, as pi 1.6.0 sends them
  if (managesEffort(model)) betas.push(MID_CONVERSATION_OUTPUT_CONFIG_BETA, THINKING_BINDING_CONTROLS_BETA);
  if (transcript.nativeToolChanges) betas.push(INLINE_TOOLS_BETA);
  // sent by every request of a session that may use threads, also once the endpoint turned them off for it
  if (threadSession(request) !== undefined) betas.push(MESSAGE_THREADS_BETA);
  const headers = { ...copilotRequestHeaders(request, transcript.endsWithSystemMessage ? "system" : undefined), ...affinityHeaders(request, subscription) };
  const sent = configuredBetas(request) ?? betas;
  if (sent.length > 0) headers["anthropic-beta"] = sent.join(",");
  return { body, headers, ...(markedEffort === undefined ? {} : { providerThinkingLevel: markedEffort }) };
}

/**
 * An `anthropic-beta` header of the model or the call (the call's over the model's) is the whole beta list, as
 * pi 1.6.0 takes it, so one set in models.json turns betas on or off instead of being replaced by pith's; null: none.
 */
function configuredBetas(request: StreamRequest): string[] | undefined {
  let configured: string | null | undefined;
  for (const headers of [request.model.headers, request.headers]) {
    for (const [name, value] of Object.entries(headers ?? {})) if (name.toLowerCase() === "anthropic-beta") configured = value;
  }
  if (configured === undefined) return undefined;
  return configured === null ? [] : [...new Set(configured.split(",").map((beta) => beta.trim()).filter((beta) => beta !== ""))];
}

/** PI_CACHE_RETENTION: none marks nothing; long asks for a one-hour entry where the endpoint has it. */
function anthropicCacheControl(retention: CacheRetention, supportsLong: boolean): CacheControl | undefined {
  if (retention === "none") return undefined;
  return retention === "long" && supportsLong ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" };
}

/**
 * The session id for a gateway that routes a session to one replica, so its prompt cache is hit
 * (compat.sendSessionAffinityHeaders, on by default for OpenRouter): `x-session-id` in OpenRouter's format, else
 * `x-session-affinity`. Not with a Claude subscription or Copilot, whose headers are fixed.
 */
function affinityHeaders(request: StreamRequest, subscription: boolean): Record<string, string> {
  const { model, sessionId } = request;
  if (!sessionId || subscription || model.provider === COPILOT_PROVIDER) return {};
  const openRouter = model.provider === "openrouter" || model.baseUrl.includes("openrouter.ai");
  const send = typeof model.compat?.sendSessionAffinityHeaders === "boolean" ? model.compat.sendSessionAffinityHeaders : openRouter;
  if (!send) return {};
  const format = model.compat?.sessionAffinityFormat ?? (openRouter ? "openrouter" : undefined);
  return { [format === "openrouter" ? "x-session-id" : "x-session-affinity"]: sessionId };
}

/** A reply as the next request will send it (a thread's stored prefix must match that exactly). */
export function replyAsSent(request: StreamRequest, reply: AssistantMessage): WireMessage[] {
  const messages = toAnthropicMessages([reply], request.model).filter((message) => message.role === "assistant");
  if (isSubscriptionToken(request.apiKey)) renameToolUses(messages);
  return messages;
}

/** Replayed tool calls carry the names the model saw. */
function renameToolUses(messages: AnthropicRequestBody["messages"]): void {
  for (const message of messages) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) if (block.type === "tool_use") block.name = claudeCodeName(block.name);
  }
}
