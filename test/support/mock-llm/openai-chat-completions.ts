// OpenAI Chat Completions wire format (`POST /v1/chat/completions`), typed against the openai SDK's definitions.
// Thinking goes out as `reasoning_content`, the field OpenAI-compatible servers (llama.cpp, DeepSeek) use.
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionMessageToolCall } from "openai/resources/chat/completions/completions";
import type { CompletionUsage } from "openai/resources/completions";
import { openAiErrorBody } from "./openai-errors.js";
import { planReply, type PlannedUsage, type ReplyPlan } from "./reply-plan.js";
import { applyFaults, requestedModel, sseFrame, type StreamDraft, type WireFormat } from "./wire-format.js";
import type { EncodeContext, ScriptedReply } from "./types.js";

type FinishReason = "stop" | "length" | "tool_calls";
type Delta = ChatCompletionChunk.Choice.Delta & { reasoning_content?: string };

const FINISH_REASONS: Record<ReplyPlan["stopReason"], FinishReason> = { stop: "stop", length: "length", toolUse: "tool_calls" };
/** fixed, so an encoded stream is the same text on every run */
const CREATED = 1_767_225_600;

/** prompt_tokens counts cached tokens too. A cache write is reported the OpenRouter way (the only
 * OpenAI-compatible convention that has one): `cache_write_tokens`, with the write included in `cached_tokens`. */
function usageOf(usage: PlannedUsage): CompletionUsage {
  const promptTokens = usage.input + usage.cacheRead + usage.cacheWrite;
  const details: CompletionUsage.PromptTokensDetails & { cache_write_tokens?: number } =
    usage.cacheWrite > 0
      ? { cached_tokens: usage.cacheRead + usage.cacheWrite, cache_write_tokens: usage.cacheWrite }
      : { cached_tokens: usage.cacheRead };
  return {
    prompt_tokens: promptTokens,
    completion_tokens: usage.output,
    total_tokens: promptTokens + usage.output,
    prompt_tokens_details: details,
    completion_tokens_details: { reasoning_tokens: 0 },
  };
}

function draftStream(plan: ReplyPlan, includeUsage: boolean, omitFinishReason: boolean): StreamDraft {
  const frames: string[] = [];
  let faultAt: number | undefined;
  const send = (delta: Delta, finishReason: FinishReason | null = null): void => {
    const chunk: ChatCompletionChunk = {
      id: `chatcmpl-mock-${plan.sequence}`,
      object: "chat.completion.chunk",
      created: CREATED,
      model: plan.model,
      choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
      ...(includeUsage ? { usage: null } : {}),
    };
    frames.push(sseFrame(chunk));
  };
  const sendContent = (delta: Delta): void => {
    send(delta);
    faultAt ??= frames.length;
  };

  send({ role: "assistant", content: "", refusal: null });
  for (const reasoning_content of plan.thinkingDeltas) sendContent({ reasoning_content });
  for (const content of plan.textDeltas) sendContent({ content });
  plan.toolCalls.forEach((call, index) => {
    sendContent({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] });
    for (const piece of call.argumentDeltas) sendContent({ tool_calls: [{ index, function: { arguments: piece } }] });
  });
  send({}, omitFinishReason ? null : FINISH_REASONS[plan.stopReason]);
  if (includeUsage) {
    const usageChunk: ChatCompletionChunk = {
      id: `chatcmpl-mock-${plan.sequence}`,
      object: "chat.completion.chunk",
      created: CREATED,
      model: plan.model,
      choices: [],
      usage: usageOf(plan.usage),
    };
    frames.push(sseFrame(usageChunk));
  }
  frames.push("data: [DONE]\n\n");
  return { frames, faultAt: faultAt ?? 1 };
}

function chatFrames(reply: ScriptedReply, context: EncodeContext): string[] {
  return applyFaults(draftStream(planReply(reply, context, "call_"), context.includeUsage ?? true, reply.omitFinishReason === true), reply, {
    malformed: `data: {"id":"chatcmpl-mock","choices":[{"index":0,"delta":{"content"\n\n`,
    error: (error) => sseFrame({ error: { message: error.message, type: error.type, param: null, code: null } }),
  });
}

/** The SSE text the real API would send for this reply (faults included, transport faults excluded). */
export function encodeChatCompletionsStream(reply: ScriptedReply, context: EncodeContext = {}): string {
  return chatFrames(reply, context).join("");
}

function chatCompletion(reply: ScriptedReply, context: EncodeContext): ChatCompletion {
  const plan = planReply(reply, context, "call_");
  const toolCalls = plan.toolCalls.map(
    (call): ChatCompletionMessageToolCall => ({ id: call.id, type: "function", function: { name: call.name, arguments: call.argumentsText } }),
  );
  const images = reply.images?.map((image) => ({ type: "image_url", image_url: { url: `data:${image.mimeType};base64,${image.data}` } }));
  const message: ChatCompletion.Choice["message"] & { reasoning_content?: string; images?: typeof images } = {
    role: "assistant",
    content: plan.text === "" ? null : plan.text,
    refusal: null,
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    ...(plan.thinking !== "" ? { reasoning_content: plan.thinking } : {}),
    ...(images ? { images } : {}),
  };
  return {
    id: `chatcmpl-mock-${plan.sequence}`,
    object: "chat.completion",
    created: CREATED,
    model: plan.model,
    choices: [{ index: 0, message, finish_reason: FINISH_REASONS[plan.stopReason], logprobs: null }],
    usage: usageOf(plan.usage),
  };
}

function wantsUsage(body: Record<string, unknown>): boolean {
  const options = body.stream_options;
  return typeof options === "object" && options !== null && (options as { include_usage?: unknown }).include_usage === true;
}

export const openAiChatCompletions: WireFormat = {
  api: "openai-completions",
  path: "/v1/chat/completions",
  contextFor: (body, sequence) => ({ sequence, model: requestedModel(body), includeUsage: wantsUsage(body) }),
  isStreamRequest: (body) => body.stream === true,
  streamFrames: chatFrames,
  jsonBody: chatCompletion,
  errorBody: openAiErrorBody,
};
