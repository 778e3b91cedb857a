// ConverseStream events, as the AWS SDK decodes them, → kernel message events. Text and reasoning blocks start with
// their first delta; a tool use announces itself in `contentBlockStart` and streams its input as JSON text.
// Exceptions arrive as members of the stream (or thrown by the SDK's decoder) and end it with pi's prefixes
// ("Throttling error: …").
import type { ConverseStreamOutput, ContentBlockDelta } from "@aws-sdk/client-bedrock-runtime";
import type { AssistantMessageEvent } from "../../kernel/index.js";
import { isContextOverflowText, ProviderFailure, streamEndedEarly, type AssistantMessageBuilder, type FinishReason } from "../../lib/provider-kit/index.js";

/** Stands for encrypted reasoning, which has no readable text. */
const REDACTED_THINKING = "[Reasoning redacted]";

const EXCEPTION_PREFIXES: Record<string, string> = {
  internalServerException: "Internal server error",
  modelStreamErrorException: "Model stream error",
  validationException: "Validation error",
  throttlingException: "Throttling error",
  serviceUnavailableException: "Service unavailable",
};

/** "ThrottlingException" (an HTTP error's type) or "throttlingException" (a stream member) → pi's prefix. */
export function bedrockErrorPrefix(type: string): string | undefined {
  return EXCEPTION_PREFIXES[type.charAt(0).toLowerCase() + type.slice(1)];
}

interface OpenBlock {
  kind: "text" | "thinking" | "toolCall";
  index: number;
  redacted?: Uint8Array[];
}

const STREAM_EXCEPTIONS = ["internalServerException", "modelStreamErrorException", "validationException", "throttlingException", "serviceUnavailableException"] as const;

export async function* readBedrockEvents(
  events: AsyncIterable<ConverseStreamOutput>,
  builder: AssistantMessageBuilder,
  observe?: (event: unknown) => Promise<void>,
): AsyncGenerator<AssistantMessageEvent, FinishReason> {
  const open = new Map<number, OpenBlock>();
  let stopReason: string | undefined;
  for await (const item of events) {
    await observe?.(item);
    for (const name of STREAM_EXCEPTIONS) {
      const exception = (item as Partial<Record<(typeof STREAM_EXCEPTIONS)[number], { message?: string }>>)[name];
      if (exception) throw bedrockStreamException(name, exception.message);
    }
    if (item.contentBlockStart?.start?.toolUse) {
      const { toolUseId, name } = item.contentBlockStart.start.toolUse;
      const started = builder.toolCallStart(toolUseId ?? "", name ?? "");
      open.set(item.contentBlockStart.contentBlockIndex ?? 0, { kind: "toolCall", index: started.index });
      yield started.event;
    } else if (item.contentBlockDelta?.delta) {
      yield* delta(builder, open, item.contentBlockDelta.contentBlockIndex ?? 0, item.contentBlockDelta.delta);
    } else if (item.contentBlockStop) {
      const blockIndex = item.contentBlockStop.contentBlockIndex ?? 0;
      const block = open.get(blockIndex);
      open.delete(blockIndex);
      if (block) yield finish(builder, block);
    } else if (item.messageStop) {
      stopReason = item.messageStop.stopReason;
    } else if (item.metadata?.usage) {
      const usage = item.metadata.usage;
      // the cache writes kept for an hour (PI_CACHE_RETENTION=long) are billed higher
      const hourWrites = usage.cacheDetails?.reduce((total, detail) => total + (detail.ttl === "1h" ? (detail.inputTokens ?? 0) : 0), 0);
      builder.setUsage({
        input: usage.inputTokens ?? 0,
        output: usage.outputTokens ?? 0,
        cacheRead: usage.cacheReadInputTokens ?? 0,
        cacheWrite: usage.cacheWriteInputTokens ?? 0,
        ...(hourWrites ? { cacheWrite1h: hourWrites } : {}),
      });
    }
  }
  for (const block of open.values()) yield finish(builder, block);
  if (stopReason === undefined) throw streamEndedEarly();
  if (stopReason === "end_turn" || stopReason === "stop_sequence") return "stop";
  if (stopReason === "max_tokens" || stopReason === "model_context_window_exceeded") return "length";
  if (stopReason === "tool_use") return "toolUse";
  const refused = stopReason === "guardrail_intervened" || stopReason === "content_filtered";
  throw new ProviderFailure(refused ? "PROVIDER_REFUSAL" : "PROVIDER_UNKNOWN_STOP", `Provider stopped with: ${stopReason}`, { kind: refused ? "refusal" : "stream", errorType: stopReason });
}

function* delta(builder: AssistantMessageBuilder, open: Map<number, OpenBlock>, blockIndex: number, delta: ContentBlockDelta): Generator<AssistantMessageEvent> {
  let block = open.get(blockIndex);
  if (delta.text !== undefined) {
    if (!block) {
      const started = builder.textStart();
      block = { kind: "text", index: started.index };
      open.set(blockIndex, block);
      yield started.event;
    }
    if (block.kind === "text") yield builder.textDelta(block.index, delta.text);
  } else if (delta.toolUse && block?.kind === "toolCall") {
    yield builder.toolCallDelta(block.index, delta.toolUse.input ?? "");
  } else if (delta.reasoningContent) {
    if (!block) {
      const started = builder.thinkingStart();
      block = { kind: "thinking", index: started.index };
      open.set(blockIndex, block);
      yield started.event;
    }
    if (block.kind !== "thinking") return;
    const reasoning = delta.reasoningContent;
    if (reasoning.text) yield builder.thinkingDelta(block.index, reasoning.text);
    if (reasoning.signature && !block.redacted) builder.setThinkingSignature(block.index, reasoning.signature);
    if (reasoning.redactedContent) {
      if (!block.redacted) {
        block.redacted = [];
        yield builder.thinkingDelta(block.index, REDACTED_THINKING);
      }
      block.redacted.push(reasoning.redactedContent);
    }
  }
}

function finish(builder: AssistantMessageBuilder, block: OpenBlock): AssistantMessageEvent {
  if (block.kind === "text") return builder.textEnd(block.index);
  if (block.kind === "toolCall") return builder.toolCallEnd(block.index);
  if (block.redacted) {
    // The encrypted chunks join into one payload to send back as it came (base64, as the session stores it).
    const bytes = Buffer.concat(block.redacted);
    const thinking = builder.message.content[block.index];
    if (thinking?.type === "thinking") thinking.thinkingSignature = "";
    builder.setThinkingSignature(block.index, bytes.toString("base64"), true);
  }
  return builder.thinkingEnd(block.index);
}

/** An exception inside the stream: a member of it, or the SDK's exception class ("ModelStreamErrorException"). */
export function bedrockStreamException(type: string, text: string | undefined): ProviderFailure {
  const message = `${bedrockErrorPrefix(type) ?? type}: ${text ?? "the stream failed"}`;
  return new ProviderFailure("PROVIDER_STREAM_ERROR", message, { kind: isContextOverflowText(message) ? "overflow" : "stream", errorType: type });
}
