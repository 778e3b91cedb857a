// Bedrock ConverseStream (`POST /model/{id}/converse-stream`): binary AWS event stream messages (prelude, string
// headers, JSON payload, CRC32s), as the AWS SDK's own decoder checks them. Errors are `{"message"}` bodies with the
// exception name in `x-amzn-errortype`; a stream error is an `exception` message.
import { crc32 } from "node:zlib";
import { planReply, type ReplyPlan } from "./reply-plan.js";
import { applyFaults, type ErrorFields, type StreamDraft, type WireFormat } from "./wire-format.js";
import type { EncodeContext, ScriptedReply } from "./types.js";

const STOP_REASONS: Record<ReplyPlan["stopReason"], string> = { stop: "end_turn", length: "max_tokens", toolUse: "tool_use" };
const EXCEPTIONS: Record<number, string> = {
  400: "ValidationException",
  403: "AccessDeniedException",
  404: "ResourceNotFoundException",
  429: "ThrottlingException",
  500: "InternalServerException",
  503: "ServiceUnavailableException",
};

function header(name: string, value: string): Buffer {
  const nameBytes = Buffer.from(name);
  const valueBytes = Buffer.from(value);
  const head = Buffer.alloc(1 + nameBytes.length + 3);
  head.writeUInt8(nameBytes.length, 0);
  nameBytes.copy(head, 1);
  head.writeUInt8(7, 1 + nameBytes.length);
  head.writeUInt16BE(valueBytes.length, 2 + nameBytes.length);
  return Buffer.concat([head, valueBytes]);
}

/** One event stream message. */
export function eventStreamMessage(headers: Record<string, string>, payload: Buffer): Buffer {
  const headerBytes = Buffer.concat(Object.entries(headers).map(([name, value]) => header(name, value)));
  const total = 12 + headerBytes.length + payload.length + 4;
  const prelude = Buffer.alloc(12);
  prelude.writeUInt32BE(total, 0);
  prelude.writeUInt32BE(headerBytes.length, 4);
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
  const body = Buffer.concat([prelude, headerBytes, payload]);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([body, trailer]);
}

function event(type: string, payload: unknown): Buffer {
  return eventStreamMessage({ ":event-type": type, ":content-type": "application/json", ":message-type": "event" }, Buffer.from(JSON.stringify(payload)));
}

function draftStream(plan: ReplyPlan): StreamDraft<Buffer> {
  const frames: Buffer[] = [event("messageStart", { role: "assistant" })];
  let faultAt: number | undefined;
  let blockIndex = 0;
  const sendDelta = (delta: unknown): void => {
    frames.push(event("contentBlockDelta", { contentBlockIndex: blockIndex, delta }));
    faultAt ??= frames.length;
  };
  const stop = (): void => {
    frames.push(event("contentBlockStop", { contentBlockIndex: blockIndex }));
    blockIndex++;
  };
  if (plan.thinkingDeltas.length > 0) {
    for (const text of plan.thinkingDeltas) sendDelta({ reasoningContent: { text } });
    sendDelta({ reasoningContent: { signature: plan.signature } });
    stop();
  }
  if (plan.textDeltas.length > 0) {
    for (const text of plan.textDeltas) sendDelta({ text });
    stop();
  }
  for (const call of plan.toolCalls) {
    frames.push(event("contentBlockStart", { contentBlockIndex: blockIndex, start: { toolUse: { toolUseId: call.id, name: call.name } } }));
    for (const input of call.argumentDeltas) sendDelta({ toolUse: { input } });
    stop();
  }
  frames.push(event("messageStop", { stopReason: STOP_REASONS[plan.stopReason] }));
  const { input, output, cacheRead, cacheWrite, cacheWrite1h } = plan.usage;
  const cacheDetails = [{ ttl: "5m", inputTokens: cacheWrite - cacheWrite1h }, { ttl: "1h", inputTokens: cacheWrite1h }].filter((detail) => detail.inputTokens > 0);
  frames.push(
    event("metadata", {
      usage: { inputTokens: input, outputTokens: output, cacheReadInputTokens: cacheRead, cacheWriteInputTokens: cacheWrite, totalTokens: input + output + cacheRead + cacheWrite, ...(cacheDetails.length > 0 ? { cacheDetails } : {}) },
      metrics: { latencyMs: 1 },
    }),
  );
  return { frames, faultAt: faultAt ?? 1 };
}

function bedrockFrames(reply: ScriptedReply, context: EncodeContext): Buffer[] {
  return applyFaults(draftStream(planReply(reply, context, "tooluse_")), reply, {
    malformed: eventStreamMessage({ ":event-type": "contentBlockDelta", ":content-type": "application/json", ":message-type": "event" }, Buffer.from('{"delta":{"te')),
    error: (error) =>
      eventStreamMessage({ ":exception-type": error.type, ":content-type": "application/json", ":message-type": "exception" }, Buffer.from(JSON.stringify({ message: error.message }))),
  });
}

/** The bytes the real API would send for this reply (faults included, transport faults excluded). */
export function encodeBedrockStream(reply: ScriptedReply, context: EncodeContext = {}): Buffer {
  return Buffer.concat(bedrockFrames(reply, context));
}

export const bedrockConverseStream: WireFormat = {
  api: "bedrock-converse-stream",
  path: /^\/model\/[^/]+\/converse-stream$/,
  contentType: "application/vnd.amazon.eventstream",
  contextFor: (_body, sequence, path) => ({ sequence, model: decodeURIComponent(path.split("/")[2] ?? "") }),
  // the route is the streaming operation
  isStreamRequest: () => true,
  streamFrames: bedrockFrames,
  jsonBody: () => ({ message: "mock-llm: the Converse (non-stream) operation is not served" }),
  errorBody: (_status, fields: ErrorFields) => ({ message: fields.message }),
  errorHeaders: (status, fields) => ({ "x-amzn-errortype": `${fields.type ?? EXCEPTIONS[status] ?? "InternalServerException"}:http://internal.amazon.com/coral/com.amazon.bedrock/` }),
};
