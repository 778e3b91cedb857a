// Mistral chat completions (`POST /v1/chat/completions`, served here under `/mistral/` so that it does not take
// OpenAI's route: point a Mistral model's baseUrl at `<mock>/mistral`). Thinking goes out as content chunks
// `[{type:"thinking", thinking:[{type:"text", text}]}]`, text as plain strings; a tool call's first piece carries
// its nine-character id and name, later pieces the id "null"; usage rides on the chunk with the finish reason.
import { planReply, type PlannedUsage, type ReplyPlan } from "./reply-plan.js";
import { applyFaults, requestedModel, sseFrame, type ErrorFields, type StreamDraft, type WireFormat } from "./wire-format.js";
import type { EncodeContext, ScriptedReply } from "./types.js";

const FINISH_REASONS: Record<ReplyPlan["stopReason"], string> = { stop: "stop", length: "length", toolUse: "tool_calls" };
const ERROR_TYPES: Record<number, string> = { 400: "invalid_request_error", 401: "unauthorized", 404: "not_found", 429: "rate_limited", 500: "internal_server_error", 503: "service_unavailable" };
/** fixed, so an encoded stream is the same text on every run */
const CREATED = 1_767_225_600;

function usageOf(usage: PlannedUsage) {
  const prompt = usage.input + usage.cacheRead;
  return { prompt_tokens: prompt, completion_tokens: usage.output, total_tokens: prompt + usage.output, prompt_tokens_details: { cached_tokens: usage.cacheRead } };
}

/** Mistral's ids are nine letters and digits. */
function toolCallId(plan: ReplyPlan, index: number): string {
  const scripted = plan.toolCalls[index]!.id;
  return scripted.startsWith("mock_") ? `mk${plan.sequence}c${index + 1}`.padEnd(9, "0").slice(0, 9) : scripted;
}

function draftStream(plan: ReplyPlan): StreamDraft {
  const frames: string[] = [];
  let faultAt: number | undefined;
  const send = (delta: Record<string, unknown>, finish: string | null = null, usage?: unknown): void => {
    const chunk = { id: `mistral-mock-${plan.sequence}`, object: "chat.completion.chunk", created: CREATED, model: plan.model, choices: [{ index: 0, delta, finish_reason: finish }] };
    frames.push(sseFrame(usage ? { ...chunk, usage } : chunk));
  };
  const sendContent = (delta: Record<string, unknown>): void => {
    send(delta);
    faultAt ??= frames.length;
  };
  send({ role: "assistant", content: "" });
  for (const text of plan.thinkingDeltas) sendContent({ content: [{ type: "thinking", thinking: [{ type: "text", text }] }] });
  for (const text of plan.textDeltas) sendContent({ content: text });
  plan.toolCalls.forEach((call, index) => {
    call.argumentDeltas.forEach((piece, at) => {
      const first = at === 0;
      sendContent({ tool_calls: [{ id: first ? toolCallId(plan, index) : "null", function: { name: first ? call.name : "", arguments: piece }, index }] });
    });
  });
  send({ content: "" }, FINISH_REASONS[plan.stopReason], usageOf(plan.usage));
  frames.push("data: [DONE]\n\n");
  return { frames, faultAt: faultAt ?? 1 };
}

function mistralFrames(reply: ScriptedReply, context: EncodeContext): string[] {
  return applyFaults(draftStream(planReply(reply, context, "")), reply, {
    malformed: `data: {"id":"mistral-mock","choices":[{"index":0,"delta":{"content"\n\n`,
    error: (error) => sseFrame({ object: "error", message: error.message, type: error.type, param: null, code: null }),
  });
}

/** The SSE text the real API would send for this reply (faults included, transport faults excluded). */
export function encodeMistralStream(reply: ScriptedReply, context: EncodeContext = {}): string {
  return mistralFrames(reply, context).join("");
}

function mistralErrorBody(status: number, fields: ErrorFields): unknown {
  return { object: "error", message: fields.message, type: fields.type ?? ERROR_TYPES[status] ?? "api_error", param: null, code: fields.code ?? null };
}

export const mistralChat: WireFormat = {
  api: "mistral-conversations",
  path: "/mistral/v1/chat/completions",
  contextFor: (body, sequence) => ({ sequence, model: requestedModel(body) }),
  isStreamRequest: (body) => body.stream === true,
  streamFrames: mistralFrames,
  jsonBody: () => ({ object: "error", message: "mock-llm: Mistral's non-stream chat completion is not served", type: "invalid_request_error" }),
  errorBody: mistralErrorBody,
};
