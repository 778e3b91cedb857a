// Mistral stream chunks → kernel message events. Content arrives as a string or as chunks (text, and thinking that
// holds text chunks); empty pieces open no block (GLM on Mistral sends them around thinking, and a thinking block
// split in two is rejected on replay). A tool call's arguments may come in pieces under its index; later pieces
// carry the id "null". Usage and the finish reason come with the last chunk, then `data: [DONE]`.
import type { AssistantMessageEvent } from "../../kernel/index.js";
import {
  isContextOverflowText,
  OpenTextBlock,
  ProviderFailure,
  readServerSentEvents,
  streamEndedEarly,
  type AssistantMessageBuilder,
  type FinishReason,
} from "../../lib/provider-kit/index.js";
import { mistralToolCallIds } from "./mistral-messages.js";
import type { MistralChunk, MistralUsage } from "./mistral-wire.js";

export async function* readMistralEvents(
  body: AsyncIterable<Uint8Array>,
  builder: AssistantMessageBuilder,
  observe?: (event: unknown) => Promise<void>,
): AsyncGenerator<AssistantMessageEvent, FinishReason> {
  const blocks = new OpenTextBlock(builder);
  const toolCalls = new Map<number | string, number>();
  const missingIds = mistralToolCallIds();
  let finish: string | undefined;
  const append = (kind: "text" | "thinking", text: string) => (text === "" ? [] : blocks.append(kind, text));

  for await (const { data } of readServerSentEvents(body)) {
    if (data.trim() === "[DONE]") break;
    const chunk = JSON.parse(data) as MistralChunk;
    await observe?.(chunk);
    if (!Array.isArray(chunk.choices)) throw streamError(chunk);
    builder.setResponseMeta({ responseId: builder.message.responseId ?? chunk.id, responseModel: chunk.model });
    if (chunk.usage) recordUsage(builder, chunk.usage);
    const choice = chunk.choices[0];
    if (!choice) continue;
    if (choice.finish_reason) finish = choice.finish_reason;
    const content = choice.delta.content;
    for (const piece of typeof content === "string" ? [content] : (content ?? [])) {
      if (typeof piece === "string") yield* append("text", piece);
      else if (piece.type === "text") yield* append("text", piece.text ?? "");
      else if (piece.type === "thinking") yield* append("thinking", (piece.thinking ?? []).map((part) => part.text ?? "").join(""));
    }
    for (const call of choice.delta.tool_calls ?? []) {
      const closed = blocks.close();
      if (closed) yield closed;
      const id = call.id && call.id !== "null" ? call.id : missingIds(`toolcall:${call.index ?? 0}`);
      const key = call.index ?? id;
      let index = toolCalls.get(key);
      if (index === undefined) {
        const started = builder.toolCallStart(id, call.function.name ?? "");
        index = started.index;
        toolCalls.set(key, index);
        yield started.event;
      }
      const args = call.function.arguments;
      yield builder.toolCallDelta(index, typeof args === "string" ? args : JSON.stringify(args ?? {}));
    }
  }
  const closed = blocks.close();
  if (closed) yield closed;
  for (const index of toolCalls.values()) yield builder.toolCallEnd(index);
  if (finish === undefined) throw streamEndedEarly();
  builder.setRawStopReason(finish);
  if (finish === "stop") return "stop";
  if (finish === "length" || finish === "model_length") return "length";
  if (finish === "tool_calls") return "toolUse";
  // Mistral reports a failure of its own servers this way; "server error" lets the retry rules take it.
  if (finish === "error") throw new ProviderFailure("PROVIDER_STREAM_ERROR", "Provider stopped with: error (server error)", { kind: "stream", errorType: finish });
  throw new ProviderFailure("PROVIDER_UNKNOWN_STOP", `Provider stopped with: ${finish}`, { kind: "stream", errorType: finish });
}

/** Mistral counts cached tokens inside prompt_tokens. */
function recordUsage(builder: AssistantMessageBuilder, usage: MistralUsage): void {
  const prompt = usage.prompt_tokens ?? 0;
  const cached = Math.min(prompt, Math.max(0, usage.prompt_tokens_details?.cached_tokens ?? usage.num_cached_tokens ?? 0));
  builder.setUsage({ input: prompt - cached, output: usage.completion_tokens ?? 0, cacheRead: cached, cacheWrite: 0 });
}

/** An error object sent in place of a chunk. */
function streamError(chunk: MistralChunk): ProviderFailure {
  const text = typeof chunk.message === "string" ? chunk.message : JSON.stringify(chunk.message ?? chunk);
  const message = chunk.type ? `${chunk.type}: ${text}` : text;
  return new ProviderFailure("PROVIDER_STREAM_ERROR", message, { kind: isContextOverflowText(message) ? "overflow" : "stream", ...(chunk.type ? { errorType: chunk.type } : {}) });
}
