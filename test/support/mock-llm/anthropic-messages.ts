// Anthropic Messages wire format (`POST /v1/messages`), typed against @anthropic-ai/sdk's own definitions.
import type { ContentBlock, Message, RawMessageStreamEvent, StopReason, Usage } from "@anthropic-ai/sdk/resources/messages/messages";
import { planReply, type PlannedUsage, type ReplyPlan } from "./reply-plan.js";
import { applyFaults, requestedModel, sseFrame, type ErrorFields, type StreamDraft, type WireFormat } from "./wire-format.js";
import type { EncodeContext, ScriptedReply } from "./types.js";

const STOP_REASONS: Record<ReplyPlan["stopReason"], StopReason> = { stop: "end_turn", length: "max_tokens", toolUse: "tool_use" };

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  402: "billing_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  504: "timeout_error",
  529: "overloaded_error",
};

function usageOf(usage: PlannedUsage, outputTokens: number): Usage {
  return {
    input_tokens: usage.input,
    output_tokens: outputTokens,
    cache_read_input_tokens: usage.cacheRead,
    cache_creation_input_tokens: usage.cacheWrite,
    cache_creation: { ephemeral_5m_input_tokens: usage.cacheWrite - usage.cacheWrite1h, ephemeral_1h_input_tokens: usage.cacheWrite1h },
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: "standard",
    speed: null,
  };
}

function messageOf(plan: ReplyPlan, content: ContentBlock[], stopReason: StopReason | null, outputTokens: number): Message {
  return {
    id: `msg_mock_${plan.sequence}`,
    type: "message",
    role: "assistant",
    model: plan.model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
    usage: usageOf(plan.usage, outputTokens),
  };
}

function draftStream(plan: ReplyPlan): StreamDraft {
  const frames: string[] = [];
  let faultAt: number | undefined;
  const send = (event: RawMessageStreamEvent): void => {
    frames.push(sseFrame(event, event.type));
  };
  const sendDelta = (event: RawMessageStreamEvent): void => {
    send(event);
    faultAt ??= frames.length;
  };

  // The real API reports a token or so of output at the start; the message_delta carries the total.
  send({ type: "message_start", message: messageOf(plan, [], null, Math.min(plan.usage.output, 1)) });
  frames.push(sseFrame({ type: "ping" }, "ping"));
  let index = 0;
  if (plan.thinkingDeltas.length > 0) {
    send({ type: "content_block_start", index, content_block: { type: "thinking", thinking: "", signature: "" } });
    for (const thinking of plan.thinkingDeltas) sendDelta({ type: "content_block_delta", index, delta: { type: "thinking_delta", thinking } });
    send({ type: "content_block_delta", index, delta: { type: "signature_delta", signature: plan.signature } });
    send({ type: "content_block_stop", index });
    index++;
  }
  if (plan.textDeltas.length > 0) {
    send({ type: "content_block_start", index, content_block: { type: "text", text: "", citations: null } });
    for (const text of plan.textDeltas) sendDelta({ type: "content_block_delta", index, delta: { type: "text_delta", text } });
    send({ type: "content_block_stop", index });
    index++;
  }
  for (const call of plan.toolCalls) {
    send({
      type: "content_block_start",
      index,
      content_block: { type: "tool_use", id: call.id, name: call.name, input: {}, caller: { type: "direct" } },
    });
    // The real API opens every tool input with an empty fragment.
    for (const partial_json of ["", ...call.argumentDeltas]) {
      sendDelta({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } });
    }
    send({ type: "content_block_stop", index });
    index++;
  }
  const usage = usageOf(plan.usage, plan.usage.output);
  send({
    type: "message_delta",
    delta: { stop_reason: STOP_REASONS[plan.stopReason], stop_sequence: null, stop_details: null, container: null },
    usage: {
      input_tokens: usage.input_tokens,
      output_tokens: usage.output_tokens,
      cache_read_input_tokens: usage.cache_read_input_tokens,
      cache_creation_input_tokens: usage.cache_creation_input_tokens,
      output_tokens_details: null,
      server_tool_use: null,
    },
  });
  send({ type: "message_stop" });
  return { frames, faultAt: faultAt ?? 2 };
}

function anthropicFrames(reply: ScriptedReply, context: EncodeContext): string[] {
  return applyFaults(draftStream(planReply(reply, context, "toolu_")), reply, {
    malformed: `event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta"\n\n`,
    error: (error) => sseFrame({ type: "error", error: { type: error.type, message: error.message } }, "error"),
  });
}

/** The SSE text the real API would send for this reply (faults included, transport faults excluded). */
export function encodeAnthropicStream(reply: ScriptedReply, context: EncodeContext = {}): string {
  return anthropicFrames(reply, context).join("");
}

function parsedInput(argumentsText: string): unknown {
  try {
    return JSON.parse(argumentsText);
  } catch {
    return argumentsText;
  }
}

function anthropicMessage(reply: ScriptedReply, context: EncodeContext): Message {
  const plan = planReply(reply, context, "toolu_");
  const content: ContentBlock[] = [];
  if (plan.thinking !== "") content.push({ type: "thinking", thinking: plan.thinking, signature: plan.signature });
  if (plan.text !== "") content.push({ type: "text", text: plan.text, citations: null });
  for (const call of plan.toolCalls) {
    content.push({ type: "tool_use", id: call.id, name: call.name, input: parsedInput(call.argumentsText), caller: { type: "direct" } });
  }
  return messageOf(plan, content, STOP_REASONS[plan.stopReason], plan.usage.output);
}

export const anthropicMessages: WireFormat = {
  api: "anthropic-messages",
  path: "/v1/messages",
  contextFor: (body, sequence) => ({ sequence, model: requestedModel(body) }),
  isStreamRequest: (body) => body.stream === true,
  streamFrames: anthropicFrames,
  jsonBody: anthropicMessage,
  errorBody: (status: number, fields: ErrorFields) => ({
    type: "error",
    error: { type: fields.type ?? ERROR_TYPES[status] ?? "api_error", message: fields.message },
    request_id: null,
  }),
};
