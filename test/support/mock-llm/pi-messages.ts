// pi's own message protocol (`POST <baseUrl>/messages`, the Radius gateway's; served here at `/radius/v1/messages`,
// since `/v1/messages` is Anthropic's: point a pi-messages model's baseUrl at `<mock>/radius/v1`). Each SSE event is
// one of pi's assistant-message events without `partial`; the stream ends with `done` (reason, usage) or `error`.
import { planReply, type PlannedUsage, type ReplyPlan } from "./reply-plan.js";
import { applyFaults, requestedModel, sseFrame, type ErrorFields, type StreamDraft, type WireFormat } from "./wire-format.js";
import type { EncodeContext, ScriptedReply } from "./types.js";

function usageOf({ cacheWrite1h, ...usage }: Omit<PlannedUsage, "cacheWrite1h"> & { cacheWrite1h?: number }) {
  const totalTokens = usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
  return { ...usage, ...(cacheWrite1h ? { cacheWrite1h } : {}), totalTokens, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
}

function draftStream(plan: ReplyPlan): StreamDraft {
  const frames: string[] = [sseFrame({ type: "start" })];
  let faultAt: number | undefined;
  let contentIndex = 0;
  const send = (event: Record<string, unknown>): void => {
    frames.push(sseFrame(event));
  };
  const delta = (type: string, text: string): void => {
    send({ type, contentIndex, delta: text });
    faultAt ??= frames.length;
  };
  if (plan.thinkingDeltas.length > 0) {
    send({ type: "thinking_start", contentIndex });
    for (const text of plan.thinkingDeltas) delta("thinking_delta", text);
    send({ type: "thinking_end", contentIndex, content: plan.thinking, contentSignature: plan.signature });
    contentIndex++;
  }
  if (plan.textDeltas.length > 0) {
    send({ type: "text_start", contentIndex });
    for (const text of plan.textDeltas) delta("text_delta", text);
    send({ type: "text_end", contentIndex, content: plan.text });
    contentIndex++;
  }
  for (const call of plan.toolCalls) {
    send({ type: "toolcall_start", contentIndex, id: call.id, toolName: call.name });
    for (const piece of call.argumentDeltas) delta("toolcall_delta", piece);
    let args: unknown;
    try {
      args = JSON.parse(call.argumentsText);
    } catch {
      args = { __invalidJson: call.argumentsText };
    }
    send({ type: "toolcall_end", contentIndex, toolCall: { type: "toolCall", id: call.id, name: call.name, arguments: args } });
    contentIndex++;
  }
  send({ type: "done", reason: plan.stopReason, usage: usageOf(plan.usage), responseId: `pi-messages-mock-${plan.sequence}` });
  return { frames, faultAt: faultAt ?? 1 };
}

function piMessagesFrames(reply: ScriptedReply, context: EncodeContext): string[] {
  return applyFaults(draftStream(planReply(reply, context, "call_")), reply, {
    malformed: `data: {"type":"text_delta","contentIndex"\n\n`,
    error: (error) => sseFrame({ type: "error", reason: "error", usage: usageOf({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }), errorMessage: `${error.type}: ${error.message}` }),
  });
}

/** The SSE text a pi-messages backend would send for this reply (faults included, transport faults excluded). */
export function encodePiMessagesStream(reply: ScriptedReply, context: EncodeContext = {}): string {
  return piMessagesFrames(reply, context).join("");
}

export const piMessages: WireFormat = {
  api: "pi-messages",
  path: "/radius/v1/messages",
  contextFor: (body, sequence) => ({ sequence, model: requestedModel(body) }),
  // the protocol only streams
  isStreamRequest: () => true,
  streamFrames: piMessagesFrames,
  jsonBody: () => ({ error: { message: "mock-llm: pi-messages only streams" } }),
  errorBody: (_status: number, fields: ErrorFields) => ({ error: { message: fields.message, ...(fields.code ?? fields.type ? { code: fields.code ?? fields.type } : {}) } }),
};
