// Gemini `streamGenerateContent?alt=sse` (the Gemini API's `/v1beta/models/{id}:…` and Vertex AI's
// `…/publishers/google/models/{id}:…`): each SSE event is a whole GenerateContentResponse. Thinking comes as
// `thought: true` parts; the reply's signature rides on the first function call, else on the last text part,
// as Gemini sends it; a function call arrives whole.
import { planReply, type PlannedUsage, type ReplyPlan } from "./reply-plan.js";
import { applyFaults, sseFrame, type ErrorFields, type StreamDraft, type WireFormat } from "./wire-format.js";
import type { EncodeContext, ScriptedReply } from "./types.js";

const FINISH_REASONS: Record<ReplyPlan["stopReason"], string> = { stop: "STOP", length: "MAX_TOKENS", toolUse: "STOP" };
const STATUSES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

interface Part {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: { name: string; args: unknown; id?: string };
}

function usageOf(usage: PlannedUsage) {
  const prompt = usage.input + usage.cacheRead;
  return {
    promptTokenCount: prompt,
    candidatesTokenCount: usage.output,
    totalTokenCount: prompt + usage.output,
    ...(usage.cacheRead > 0 ? { cachedContentTokenCount: usage.cacheRead } : {}),
  };
}

function chunk(plan: ReplyPlan, parts: Part[], extra: Record<string, unknown> = {}) {
  return {
    candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
    modelVersion: plan.model,
    responseId: `mock-response-${plan.sequence}`,
  };
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Gemini sends arguments as an object; a malformed script is sent as the raw text in one
    return { raw: text };
  }
}

function draftStream(plan: ReplyPlan, scriptedIds: boolean[]): StreamDraft {
  const frames: string[] = [];
  let faultAt: number | undefined;
  const send = (parts: Part[]): void => {
    frames.push(sseFrame(chunk(plan, parts)));
    faultAt ??= frames.length;
  };
  for (const text of plan.thinkingDeltas) send([{ text, thought: true }]);
  plan.textDeltas.forEach((text, index) => {
    const last = index === plan.textDeltas.length - 1 && plan.toolCalls.length === 0;
    send([{ text, ...(last ? { thoughtSignature: plan.signature } : {}) }]);
  });
  plan.toolCalls.forEach((call, index) => {
    send([
      {
        functionCall: { name: call.name, args: parseArguments(call.argumentsText), ...(scriptedIds[index] ? { id: call.id } : {}) },
        ...(index === 0 ? { thoughtSignature: plan.signature } : {}),
      },
    ]);
  });
  frames.push(
    sseFrame({ ...chunk(plan, [], { finishReason: FINISH_REASONS[plan.stopReason] }), usageMetadata: usageOf(plan.usage) }),
  );
  return { frames, faultAt: faultAt ?? 0 };
}

function googleFrames(reply: ScriptedReply, context: EncodeContext): string[] {
  const scriptedIds = (reply.toolCalls ?? []).map((call) => call.id !== undefined);
  return applyFaults(draftStream(planReply(reply, context, "call_"), scriptedIds), reply, {
    malformed: `data: {"candidates":[{"content":{"parts":[{"text"\n\n`,
    error: (error) => sseFrame({ error: { code: 500, message: error.message, status: error.type } }),
  });
}

/** The SSE text the real API would send for this reply (faults included, transport faults excluded). */
export function encodeGoogleStream(reply: ScriptedReply, context: EncodeContext = {}): string {
  return googleFrames(reply, context).join("");
}

function googleErrorBody(status: number, fields: ErrorFields): unknown {
  return { error: { code: status, message: fields.message, status: fields.type ?? STATUSES[status] ?? "UNKNOWN" } };
}

function modelInPath(path: string): string | undefined {
  return /\/models\/([^/:]+):/.exec(path)?.[1];
}

function googleFormat(api: "google-generative-ai" | "google-vertex", path: RegExp): WireFormat {
  return {
    api,
    path,
    contextFor: (_body, sequence, requestPath) => ({ sequence, model: modelInPath(requestPath) }),
    // the route is the streaming method; the request body has no flag for it
    isStreamRequest: () => true,
    streamFrames: googleFrames,
    jsonBody: (reply, context) => {
      const plan = planReply(reply, context, "call_");
      return { ...chunk(plan, [{ text: plan.text }], { finishReason: FINISH_REASONS[plan.stopReason] }), usageMetadata: usageOf(plan.usage) };
    },
    errorBody: googleErrorBody,
  };
}

export const googleVertex = googleFormat("google-vertex", /\/publishers\/google\/models\/[^/]+:streamGenerateContent$/);
export const googleGenerativeAi = googleFormat("google-generative-ai", /\/models\/[^/]+:streamGenerateContent$/);
