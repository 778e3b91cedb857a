// Responses API stream events → kernel message events. Output items are addressed by `output_index`.
import type { Response, ResponseStreamEvent } from "openai/resources/responses/responses";
import type { AssistantMessageBuilder } from "../../../lib/provider-kit/assistant-builder.js";
import type { AssistantMessageEvent } from "../../../kernel/index.js";
import { isContextOverflowText, ProviderFailure, streamEndedEarly, type FinishReason } from "../../../lib/provider-kit/index.js";
import { encodeTextSignature } from "./responses-messages.js";

interface OpenItem {
  kind: "text" | "thinking" | "toolCall";
  contentIndex: number;
  /** arguments text seen so far (tool calls) */
  json: string;
}

export async function* readResponsesEvents(
  events: AsyncIterable<ResponseStreamEvent>,
  builder: AssistantMessageBuilder,
): AsyncGenerator<AssistantMessageEvent, FinishReason> {
  const open = new Map<number, OpenItem>();
  let final: Response | undefined;

  for await (const event of events) {
    switch (event.type) {
      case "response.created":
        builder.setResponseMeta({ responseId: event.response.id, responseModel: event.response.model });
        break;
      case "response.output_item.added": {
        const item = event.item;
        if (item.type === "reasoning") {
          const started = builder.thinkingStart();
          open.set(event.output_index, { kind: "thinking", contentIndex: started.index, json: "" });
          yield started.event;
        } else if (item.type === "message") {
          const started = builder.textStart();
          open.set(event.output_index, { kind: "text", contentIndex: started.index, json: "" });
          yield started.event;
        } else if (item.type === "function_call") {
          const started = builder.toolCallStart(item.id ? `${item.call_id}|${item.id}` : item.call_id, item.name);
          const entry: OpenItem = { kind: "toolCall", contentIndex: started.index, json: "" };
          open.set(event.output_index, entry);
          yield started.event;
          if (item.arguments) {
            entry.json = item.arguments;
            yield builder.toolCallDelta(started.index, item.arguments);
          }
        }
        break;
      }
      case "response.reasoning_summary_part.added": {
        const entry = open.get(event.output_index);
        const block = entry ? builder.message.content[entry.contentIndex] : undefined;
        // Summary parts are separate paragraphs.
        if (entry?.kind === "thinking" && block?.type === "thinking" && block.thinking !== "") {
          yield builder.thinkingDelta(entry.contentIndex, "\n\n");
        }
        break;
      }
      case "response.reasoning_summary_text.delta":
      case "response.reasoning_text.delta": {
        const entry = open.get(event.output_index);
        if (entry?.kind === "thinking") yield builder.thinkingDelta(entry.contentIndex, event.delta);
        break;
      }
      case "response.output_text.delta":
      case "response.refusal.delta": {
        const entry = open.get(event.output_index);
        if (entry?.kind === "text") yield builder.textDelta(entry.contentIndex, event.delta);
        break;
      }
      case "response.function_call_arguments.delta": {
        const entry = open.get(event.output_index);
        if (entry?.kind !== "toolCall") break;
        entry.json += event.delta;
        yield builder.toolCallDelta(entry.contentIndex, event.delta);
        break;
      }
      case "response.function_call_arguments.done": {
        const entry = open.get(event.output_index);
        // The final arguments may hold text the deltas never carried.
        if (entry?.kind === "toolCall" && event.arguments.startsWith(entry.json) && event.arguments !== entry.json) {
          const rest = event.arguments.slice(entry.json.length);
          entry.json = event.arguments;
          yield builder.toolCallDelta(entry.contentIndex, rest);
        }
        break;
      }
      case "response.output_item.done": {
        const entry = open.get(event.output_index);
        if (!entry) break;
        open.delete(event.output_index);
        yield* finishItem(builder, entry, event.item);
        break;
      }
      case "response.completed":
      case "response.incomplete":
        final = event.response;
        break;
      case "response.failed": {
        const error = event.response.error;
        const reason = event.response.incomplete_details?.reason;
        const message = error ? `${error.code ?? "error"}: ${error.message}` : reason ? `incomplete: ${reason}` : "Response failed without details";
        throw new ProviderFailure("PROVIDER_RESPONSE_FAILED", message, {
          kind: isContextOverflowText(message) ? "overflow" : "stream",
          ...(error?.code ? { errorType: error.code } : {}),
        });
      }
      case "error": {
        const message = `${event.code ? `${event.code}: ` : ""}${event.message}`;
        throw new ProviderFailure("PROVIDER_STREAM_ERROR", message, {
          kind: isContextOverflowText(message) ? "overflow" : "stream",
          ...(event.code ? { errorType: event.code } : {}),
        });
      }
    }
  }

  if (!final) throw streamEndedEarly();
  for (const entry of open.values()) yield* finishItem(builder, entry, undefined);
  recordUsage(builder, final);
  const incomplete = final.incomplete_details?.reason;
  if (final.status) builder.setRawStopReason(incomplete ? `${final.status}.${incomplete}` : final.status);
  const hasToolCalls = builder.message.content.some((block) => block.type === "toolCall");
  if (final.status === "incomplete") return "length";
  return hasToolCalls ? "toolUse" : "stop";
}

type OutputItem = Extract<ResponseStreamEvent, { type: "response.output_item.done" }>["item"];

function* finishItem(builder: AssistantMessageBuilder, entry: OpenItem, item: OutputItem | undefined): Generator<AssistantMessageEvent> {
  const block = builder.message.content[entry.contentIndex];
  if (entry.kind === "thinking") {
    if (item?.type === "reasoning") {
      const text = (item.summary.length > 0 ? item.summary : (item.content ?? [])).map((part) => part.text).join("\n\n");
      yield* catchUp(block?.type === "thinking" ? block.thinking : "", text, (rest) => builder.thinkingDelta(entry.contentIndex, rest));
      // The whole item (encrypted content included) is what goes back to the API next turn.
      builder.setThinkingSignature(entry.contentIndex, JSON.stringify(item));
    }
    yield builder.thinkingEnd(entry.contentIndex);
  } else if (entry.kind === "text") {
    let signature: string | undefined;
    if (item?.type === "message") {
      const text = item.content.map((part) => (part.type === "output_text" ? part.text : part.refusal)).join("");
      yield* catchUp(block?.type === "text" ? block.text : "", text, (rest) => builder.textDelta(entry.contentIndex, rest));
      signature = encodeTextSignature(item.id, (item as { phase?: string | null }).phase ?? undefined);
    }
    yield builder.textEnd(entry.contentIndex, signature);
  } else {
    if (item?.type === "function_call" && item.arguments && item.arguments !== entry.json && item.arguments.startsWith(entry.json)) {
      yield builder.toolCallDelta(entry.contentIndex, item.arguments.slice(entry.json.length));
    }
    yield builder.toolCallEnd(entry.contentIndex);
  }
}

/** Emits the part of the item's final text that the deltas did not carry (servers that skip deltas). */
function* catchUp(streamed: string, complete: string, delta: (rest: string) => AssistantMessageEvent): Generator<AssistantMessageEvent> {
  if (complete.length > streamed.length && complete.startsWith(streamed)) yield delta(complete.slice(streamed.length));
}

/** Cached tokens are part of `input_tokens`; they are reported as cache reads only. */
function recordUsage(builder: AssistantMessageBuilder, response: Response): void {
  const usage = response.usage;
  if (!usage) return;
  const cached = usage.input_tokens_details?.cached_tokens ?? 0;
  builder.setUsage({ input: Math.max(0, usage.input_tokens - cached), output: usage.output_tokens, cacheRead: cached, cacheWrite: 0 });
}
