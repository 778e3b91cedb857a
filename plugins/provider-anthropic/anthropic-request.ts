// Builds the Anthropic Messages request: body, beta headers and prompt-cache breakpoints.
import type { AssistantMessage, StreamRequest, ToolSpec } from "../../kernel/index.js";
import { copilotRequestHeaders, sanitizeText } from "../../lib/provider-kit/index.js";
import { addConversationBreakpoint, toAnthropicMessages } from "./anthropic-messages.js";
import { planThinking } from "./anthropic-thinking.js";
import { CLAUDE_CODE_IDENTITY, SUBSCRIPTION_BETAS, claudeCodeName, isSubscriptionToken } from "./anthropic-subscription.js";
import { MESSAGE_THREADS_BETA, threadSession } from "./anthropic-threads.js";
import type { AnthropicRequestBody, CacheControl, WireMessage, WireTool } from "./anthropic-wire.js";

const INTERLEAVED_THINKING_BETA = "interleaved-thinking-2025-05-14";
const FINE_GRAINED_TOOL_STREAMING_BETA = "fine-grained-tool-streaming-2025-05-14";

export interface AnthropicRequest {
  body: AnthropicRequestBody;
  /** per-request headers (beta features) */
  headers: Record<string, string>;
}

export function buildAnthropicRequest(request: StreamRequest): AnthropicRequest {
  const { model } = request;
  // Breakpoints: system prompt, last tool, last user turn: three of the four Anthropic allows.
  const cacheControl: CacheControl = { type: "ephemeral" };
  const eagerToolStreaming = model.compat?.supportsEagerToolInputStreaming !== false;
  const plan = planThinking(request);
  const subscription = isSubscriptionToken(request.apiKey);
  const messages = toAnthropicMessages(request.messages, model, { sendStored: request.onPayload === undefined });
  if (subscription) renameToolUses(messages);
  addConversationBreakpoint(messages, cacheControl);

  const body: AnthropicRequestBody = { model: model.id, messages, max_tokens: plan.maxTokens, stream: true };
  if (request.systemPrompt.trim() !== "") {
    body.system = [{ type: "text", text: sanitizeText(request.systemPrompt), cache_control: cacheControl }];
  }
  if (subscription) body.system = [{ type: "text", text: CLAUDE_CODE_IDENTITY, cache_control: cacheControl }, ...(body.system ?? [])];
  if (request.tools.length > 0) {
    const tools = subscription ? request.tools.map((tool) => ({ ...tool, name: claudeCodeName(tool.name) })) : request.tools;
    // compat.supportsCacheControlOnTools false: gateways such as Fireworks refuse the marker on tools
    body.tools = toAnthropicTools(tools, eagerToolStreaming, model.compat?.supportsCacheControlOnTools === false ? undefined : cacheControl);
  }
  if (plan.thinking) body.thinking = plan.thinking;
  if (plan.effort) body.output_config = { effort: plan.effort };
  // Anthropic rejects a temperature while thinking is on.
  const thinkingOn = plan.thinking !== undefined && plan.thinking.type !== "disabled";
  // compat.supportsTemperature false: the model refuses the field (Claude Opus 4.7 and later)
  if (request.temperature !== undefined && !thinkingOn && model.compat?.supportsTemperature !== false) body.temperature = request.temperature;

  const betas: string[] = subscription ? [...SUBSCRIPTION_BETAS] : [];
  if (request.tools.length > 0 && !eagerToolStreaming) betas.push(FINE_GRAINED_TOOL_STREAMING_BETA);
  if (plan.interleavedBeta && thinkingOn) betas.push(INTERLEAVED_THINKING_BETA);
  // sent by every request of a session that may use threads, also once the endpoint turned them off for it
  if (threadSession(request) !== undefined) betas.push(MESSAGE_THREADS_BETA);
  const headers = copilotRequestHeaders(request);
  if (betas.length > 0) headers["anthropic-beta"] = betas.join(",");
  return { body, headers };
}

/** A reply as the next request will send it (a thread's stored prefix must match that exactly). */
export function replyAsSent(request: StreamRequest, reply: AssistantMessage): WireMessage[] {
  const messages = toAnthropicMessages([reply], request.model).filter((message) => message.role === "assistant");
  if (isSubscriptionToken(request.apiKey)) renameToolUses(messages);
  return messages;
}

function toAnthropicTools(tools: ToolSpec[], eagerStreaming: boolean, cacheControl: CacheControl | undefined): WireTool[] {
  return tools.map((tool, index) => {
    const wire: WireTool = {
      name: tool.name,
      description: tool.description,
      input_schema: { ...tool.parameters, type: "object", properties: tool.parameters.properties ?? {} },
    };
    // Without it Anthropic buffers a tool call's arguments and sends them in one piece at the end.
    if (eagerStreaming) wire.eager_input_streaming = true;
    if (cacheControl && index === tools.length - 1) wire.cache_control = cacheControl;
    return wire;
  });
}

/** Replayed tool calls carry the names the model saw. */
function renameToolUses(messages: AnthropicRequestBody["messages"]): void {
  for (const message of messages) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) if (block.type === "tool_use") block.name = claudeCodeName(block.name);
  }
}
