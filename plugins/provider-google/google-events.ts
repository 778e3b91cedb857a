// Gemini stream chunks, as the SDK parses them, → kernel message events. Consecutive text parts form one text block,
// consecutive thought parts one thinking block; a function call arrives whole. The finish reason comes with the
// last candidate chunk. An error the server sends inside the stream reaches here as the SDK's `ApiError`.
import type { AssistantMessageEvent } from "../../kernel/index.js";
import {
  isContextOverflowText,
  OpenTextBlock,
  ProviderFailure,
  streamEndedEarly,
  type AssistantMessageBuilder,
  type FinishReason,
} from "../../lib/provider-kit/index.js";
import type { GooglePart, GoogleStreamChunk, GoogleStreamError, GoogleUsageMetadata } from "./google-wire.js";

// Finish reasons that mean the model declined, as opposed to a failure of the call.
const REFUSALS = new Set(["SAFETY", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "RECITATION", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT"]);

let generatedIds = 0;

export async function* readGoogleEvents(chunks: AsyncIterable<GoogleStreamChunk>, builder: AssistantMessageBuilder): AsyncGenerator<AssistantMessageEvent, FinishReason> {
  const blocks = new OpenTextBlock(builder);
  let finish: string | undefined;

  for await (const chunk of sdkErrorsTranslated(chunks)) {
    builder.setResponseMeta({ responseId: builder.message.responseId ?? chunk.responseId, responseModel: chunk.modelVersion });
    const candidate = chunk.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) {
      if (part.text !== undefined) {
        yield* blocks.append(part.thought === true ? "thinking" : "text", part.text);
        keepSignature(builder, blocks.index!, part.thoughtSignature);
      }
      if (part.functionCall) {
        const closed = blocks.close();
        if (closed) yield closed;
        yield* functionCall(builder, part);
      }
    }
    if (candidate?.finishReason) finish = candidate.finishReason;
    if (chunk.usageMetadata) recordUsage(builder, chunk.usageMetadata);
    if (!candidate && chunk.promptFeedback?.blockReason) {
      throw new ProviderFailure("PROVIDER_REFUSAL", `The prompt was blocked: ${chunk.promptFeedback.blockReason}`, { kind: "refusal" });
    }
  }
  const closed = blocks.close();
  if (closed) yield closed;
  if (finish === undefined) throw streamEndedEarly();
  if (finish === "MAX_TOKENS" || finish === "CONTINUATION") return "length";
  if (finish !== "STOP") {
    const refused = REFUSALS.has(finish);
    throw new ProviderFailure(refused ? "PROVIDER_REFUSAL" : "PROVIDER_UNKNOWN_STOP", `Provider stopped with: ${finish}`, { kind: refused ? "refusal" : "stream", errorType: finish });
  }
  return builder.message.content.some((block) => block.type === "toolCall") ? "toolUse" : "stop";
}

/** Some servers send the signature only on the first part of a block: the last one given is kept. */
function keepSignature(builder: AssistantMessageBuilder, index: number, signature: string | undefined): void {
  if (!signature) return;
  const block = builder.message.content[index];
  if (block?.type === "text") block.textSignature = signature;
  else if (block?.type === "thinking") block.thinkingSignature = signature;
}

function* functionCall(builder: AssistantMessageBuilder, part: GooglePart): Generator<AssistantMessageEvent> {
  const call = part.functionCall!;
  const taken = call.id !== undefined && builder.message.content.some((block) => block.type === "toolCall" && block.id === call.id);
  // Gemini often sends no id; pi makes one up the same way, so sessions look alike.
  const id = call.id && !taken ? call.id : `${call.name}_${Date.now()}_${++generatedIds}`;
  const started = builder.toolCallStart(id, call.name);
  yield started.event;
  const args = call.args ?? {};
  yield builder.toolCallDelta(started.index, JSON.stringify(args));
  const block = builder.message.content[started.index];
  if (block?.type === "toolCall" && part.thoughtSignature) block.thoughtSignature = part.thoughtSignature;
  yield builder.toolCallEnd(started.index, args);
}

/** Cached tokens are part of the prompt count; thoughts are output. */
function recordUsage(builder: AssistantMessageBuilder, usage: GoogleUsageMetadata): void {
  const cached = usage.cachedContentTokenCount ?? 0;
  builder.setUsage({
    input: Math.max(0, (usage.promptTokenCount ?? 0) - cached),
    output: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0),
    cacheRead: cached,
    cacheWrite: 0,
  });
}

/**
 * The SDK's stream failures in pith's terms: an in-stream `{error}` chunk ("got status: INTERNAL. {…}"), and a
 * stream that ends inside an event ("Incomplete JSON segment at the end"), which is a cut-off reply.
 */
async function* sdkErrorsTranslated(chunks: AsyncIterable<GoogleStreamChunk>): AsyncGenerator<GoogleStreamChunk> {
  try {
    yield* chunks;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const inStream = error.name === "ApiError" ? /^got status: [^.]*\. (\{[\s\S]*\})$/.exec(error.message) : null;
    if (inStream) throw streamError((JSON.parse(inStream[1]!) as { error: GoogleStreamError }).error);
    if (error.message === "Incomplete JSON segment at the end") throw streamEndedEarly();
    throw error;
  }
}

function streamError(error: GoogleStreamError): ProviderFailure {
  const message = `${error.status ?? error.code ?? "error"}: ${error.message ?? "the stream failed"}`;
  return new ProviderFailure("PROVIDER_STREAM_ERROR", message, {
    kind: isContextOverflowText(message) ? "overflow" : "stream",
    ...(error.status ? { errorType: error.status } : {}),
  });
}

/** Google names the wait in a `RetryInfo` detail of its error body ("retryDelay": "30s"), not in a header. */
export function googleRetryDelayMs(errorBody: unknown): number | undefined {
  const details = (errorBody as { error?: { details?: unknown } } | undefined)?.error?.details;
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    const delay = (detail as { retryDelay?: unknown } | null)?.retryDelay;
    const match = typeof delay === "string" ? /^(\d+(?:\.\d+)?)s$/.exec(delay) : null;
    if (match) return Math.round(Number.parseFloat(match[1]!) * 1000);
  }
  return undefined;
}
