// OpenAI Responses wire format (`POST /v1/responses`), typed against the openai SDK's definitions.
// Thinking goes out as a reasoning summary; the thinking signature as the item's `encrypted_content`.
import type {
  Response,
  ResponseFunctionToolCall,
  ResponseOutputItem,
  ResponseOutputMessage,
  ResponseOutputText,
  ResponseReasoningItem,
  ResponseStatus,
  ResponseStreamEvent,
  ResponseUsage,
} from "openai/resources/responses/responses";
import { openAiErrorBody } from "./openai-errors.js";
import { planReply, type PlannedUsage, type ReplyPlan } from "./reply-plan.js";
import { applyFaults, requestedModel, sseFrame, type StreamDraft, type WireFormat } from "./wire-format.js";
import type { EncodeContext, ScriptedReply } from "./types.js";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The wire object: `output_text` is added by the SDK, and a scripted error code may be any string. */
type WireResponse = Omit<Response, "output_text" | "error"> & { error: { code: string; message: string } | null };
type LifecycleEvent = {
  type: "response.created" | "response.in_progress" | "response.completed" | "response.incomplete" | "response.failed";
  response: WireResponse;
};
type ItemEvent = DistributiveOmit<Exclude<ResponseStreamEvent, { response: Response }>, "sequence_number">;
type StreamEvent = LifecycleEvent | ItemEvent;

/** fixed, so an encoded stream is the same text on every run */
const CREATED = 1_767_225_600;

/** input_tokens counts cached tokens too; the Responses API has no cache-write count. */
function usageOf(usage: PlannedUsage): ResponseUsage {
  const inputTokens = usage.input + usage.cacheRead;
  return {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: usage.cacheRead },
    output_tokens: usage.output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: inputTokens + usage.output,
  };
}

function responseOf(plan: ReplyPlan, status: ResponseStatus, output: ResponseOutputItem[]): WireResponse {
  const finished = status === "completed" || status === "incomplete";
  return {
    id: `resp_mock_${plan.sequence}`,
    object: "response",
    created_at: CREATED,
    status,
    model: plan.model,
    output,
    error: null,
    incomplete_details: status === "incomplete" ? { reason: "max_output_tokens" } : null,
    instructions: null,
    metadata: {},
    parallel_tool_calls: true,
    temperature: null,
    top_p: null,
    tool_choice: "auto",
    tools: [],
    ...(finished ? { usage: usageOf(plan.usage) } : {}),
  };
}

function outputText(text: string): ResponseOutputText {
  return { type: "output_text", text, annotations: [], logprobs: [] };
}

/** One event as its transport frames it: an SSE event, or a WebSocket message (codex-websocket.ts). */
type EventFrame = (event: StreamEvent & { sequence_number: number }) => string;
const sseEvent: EventFrame = (event) => sseFrame(event, event.type);

/** The stream, and the finished response its last event carries (the non-stream answer). */
function draftStream(plan: ReplyPlan, frame: EventFrame = sseEvent): StreamDraft & { final: WireResponse } {
  const frames: string[] = [];
  const done: ResponseOutputItem[] = [];
  let faultAt: number | undefined;
  const send = (event: StreamEvent): void => {
    frames.push(frame({ ...event, sequence_number: frames.length }));
  };
  const sendDelta = (event: ItemEvent): void => {
    send(event);
    faultAt ??= frames.length;
  };
  const finishItem = (item: ResponseOutputItem): void => {
    send({ type: "response.output_item.done", output_index: done.length, item });
    done.push(item);
  };

  send({ type: "response.created", response: responseOf(plan, "in_progress", []) });
  send({ type: "response.in_progress", response: responseOf(plan, "in_progress", []) });
  if (plan.thinkingDeltas.length > 0) {
    const output_index = done.length;
    const item_id = `rs_mock_${plan.sequence}`;
    const at = { item_id, output_index, summary_index: 0 };
    send({ type: "response.output_item.added", output_index, item: { type: "reasoning", id: item_id, summary: [] } });
    send({ type: "response.reasoning_summary_part.added", ...at, part: { type: "summary_text", text: "" } });
    for (const delta of plan.thinkingDeltas) sendDelta({ type: "response.reasoning_summary_text.delta", ...at, delta });
    send({ type: "response.reasoning_summary_text.done", ...at, text: plan.thinking });
    send({ type: "response.reasoning_summary_part.done", ...at, part: { type: "summary_text", text: plan.thinking } });
    const item: ResponseReasoningItem = {
      type: "reasoning",
      id: item_id,
      summary: [{ type: "summary_text", text: plan.thinking }],
      encrypted_content: plan.signature,
    };
    finishItem(item);
  }
  if (plan.textDeltas.length > 0) {
    const output_index = done.length;
    const item_id = `msg_mock_${plan.sequence}`;
    const at = { item_id, output_index, content_index: 0 };
    const open: ResponseOutputMessage = { type: "message", id: item_id, role: "assistant", status: "in_progress", content: [] };
    send({ type: "response.output_item.added", output_index, item: open });
    send({ type: "response.content_part.added", ...at, part: outputText("") });
    for (const delta of plan.textDeltas) sendDelta({ type: "response.output_text.delta", ...at, delta, logprobs: [] });
    send({ type: "response.output_text.done", ...at, text: plan.text, logprobs: [] });
    send({ type: "response.content_part.done", ...at, part: outputText(plan.text) });
    finishItem({ ...open, status: "completed", content: [outputText(plan.text)] });
  }
  plan.toolCalls.forEach((call, index) => {
    const output_index = done.length;
    const item_id = `fc_mock_${plan.sequence}_${index + 1}`;
    const open: ResponseFunctionToolCall = {
      type: "function_call",
      id: item_id,
      call_id: call.id,
      name: call.name,
      arguments: "",
      status: "in_progress",
    };
    send({ type: "response.output_item.added", output_index, item: open });
    for (const delta of call.argumentDeltas) sendDelta({ type: "response.function_call_arguments.delta", item_id, output_index, delta });
    send({ type: "response.function_call_arguments.done", item_id, output_index, name: call.name, arguments: call.argumentsText });
    finishItem({ ...open, arguments: call.argumentsText, status: "completed" });
  });
  const final = responseOf(plan, plan.stopReason === "length" ? "incomplete" : "completed", done);
  send({ type: plan.stopReason === "length" ? "response.incomplete" : "response.completed", response: final });
  return { frames, faultAt: faultAt ?? 2, final };
}

function responsesFrames(reply: ScriptedReply, context: EncodeContext): string[] {
  return framedResponses(reply, context, sseEvent, `event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta"\n\n`);
}

/** The Responses events of a reply, each framed by `frame`; `malformed` is the broken frame a fault inserts. */
export function framedResponses(reply: ScriptedReply, context: EncodeContext, frame: EventFrame, malformed: string): string[] {
  const plan = planReply(reply, context, "call_");
  return applyFaults(draftStream(plan, frame), reply, {
    malformed,
    error: (error, sequence_number) => {
      if (error.event === "error") {
        return frame({ type: "error", code: error.type, message: error.message, param: null, sequence_number });
      }
      const response: WireResponse = { ...responseOf(plan, "failed", []), error: { code: error.type, message: error.message } };
      return frame({ type: "response.failed", response, sequence_number });
    },
  });
}

/** The SSE text the real API would send for this reply (faults included, transport faults excluded). */
export function encodeResponsesStream(reply: ScriptedReply, context: EncodeContext = {}): string {
  return responsesFrames(reply, context).join("");
}

function responseBody(reply: ScriptedReply, context: EncodeContext): WireResponse {
  return draftStream(planReply(reply, context, "call_")).final;
}

export const openAiResponses: WireFormat = {
  api: "openai-responses",
  path: "/v1/responses",
  contextFor: (body, sequence) => ({ sequence, model: requestedModel(body) }),
  isStreamRequest: (body) => body.stream === true,
  streamFrames: responsesFrames,
  jsonBody: responseBody,
  errorBody: openAiErrorBody,
};

/** Azure OpenAI's v1 API: the same Responses stream under the resource's `/openai/v1` (`?api-version=` in the query). */
export const azureOpenAiResponses: WireFormat = { ...openAiResponses, api: "azure-openai-responses", path: "/openai/v1/responses" };

/** The ChatGPT backend's Codex dialect: the Responses stream at `<base>/codex/responses` (base `…/backend-api`). */
export const openAiCodexResponses: WireFormat = { ...openAiResponses, api: "openai-codex-responses", path: "/backend-api/codex/responses" };
