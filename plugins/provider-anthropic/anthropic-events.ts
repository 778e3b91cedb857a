// Anthropic stream events → kernel message events. Content blocks are addressed by the stream's block index.
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import type { AssistantMessageBuilder } from "../../lib/provider-kit/assistant-builder.js";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/index.js";
import { fallbackCost } from "./anthropic-fallbacks.js";
import { isSubscriptionToken, requestToolName } from "./anthropic-subscription.js";
import { ProviderFailure, streamEndedEarly, type FinishReason } from "../../lib/provider-kit/index.js";

interface OpenBlock {
  kind: "text" | "thinking" | "toolCall";
  contentIndex: number;
  /** arguments a proxy sent whole in `content_block_start` instead of as deltas */
  initialInput?: Record<string, unknown>;
  sawJson?: boolean;
}

interface UsageFields {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  /** the cache writes by TTL; the 1-hour ones cost more */
  cache_creation?: { ephemeral_1h_input_tokens?: number | null } | null;
}

export async function* readAnthropicEvents(
  events: AsyncIterable<RawMessageStreamEvent>,
  builder: AssistantMessageBuilder,
  request?: StreamRequest,
): AsyncGenerator<AssistantMessageEvent, FinishReason> {
  // A subscription token's tools went out in Claude Code's casing; calls come back under the request's names.
  const toolName = (name: string) => (request && isSubscriptionToken(request.apiKey) ? requestToolName(name, request.tools) : name);
  const open = new Map<number, OpenBlock>();
  let stopReason: string | null | undefined;
  let sawStop = false;

  for await (const event of events) {
    switch (event.type) {
      case "message_start":
        builder.setResponseMeta({ responseId: event.message.id, responseModel: event.message.model });
        {
          const cost = request ? fallbackCost(request.model, event.message.model) : undefined;
          if (cost) builder.priceAs(cost);
        }
        recordUsage(builder, event.message.usage);
        break;
      case "content_block_start": {
        const block = event.content_block;
        // A server-side fallback announces itself before any content; the fallback model's answer follows.
        if ((block.type as string) === "fallback") {
          if (builder.message.content.length > 0) {
            throw new ProviderFailure("PROVIDER_STREAM_ERROR", "Anthropic performed an unsupported mid-output model fallback", { kind: "invalid_response" });
          }
          break;
        }
        if (block.type === "text") {
          const started = builder.textStart();
          open.set(event.index, { kind: "text", contentIndex: started.index });
          yield started.event;
          if (block.text) yield builder.textDelta(started.index, block.text);
        } else if (block.type === "thinking") {
          const started = builder.thinkingStart();
          open.set(event.index, { kind: "thinking", contentIndex: started.index });
          yield started.event;
          if (block.thinking) yield builder.thinkingDelta(started.index, block.thinking);
          if (block.signature) builder.setThinkingSignature(started.index, block.signature);
        } else if (block.type === "redacted_thinking") {
          const started = builder.thinkingStart();
          builder.setThinkingSignature(started.index, block.data, true);
          open.set(event.index, { kind: "thinking", contentIndex: started.index });
          yield started.event;
        } else if (block.type === "tool_use") {
          const started = builder.toolCallStart(block.id, toolName(block.name));
          const input = block.input as Record<string, unknown> | undefined;
          const initialInput = input && typeof input === "object" && Object.keys(input).length > 0 ? input : undefined;
          open.set(event.index, { kind: "toolCall", contentIndex: started.index, initialInput });
          yield started.event;
        }
        // Server-side tool blocks (web search and the like) are not requested by pith; ignoring them is safe.
        break;
      }
      case "content_block_delta": {
        const block = open.get(event.index);
        if (!block) break;
        const delta = event.delta;
        if (delta.type === "text_delta" && block.kind === "text") {
          yield builder.textDelta(block.contentIndex, delta.text);
        } else if (delta.type === "thinking_delta" && block.kind === "thinking") {
          yield builder.thinkingDelta(block.contentIndex, delta.thinking);
        } else if (delta.type === "signature_delta" && block.kind === "thinking") {
          builder.setThinkingSignature(block.contentIndex, delta.signature);
        } else if (delta.type === "input_json_delta" && block.kind === "toolCall") {
          block.sawJson = true;
          yield builder.toolCallDelta(block.contentIndex, delta.partial_json);
        }
        break;
      }
      case "content_block_stop": {
        const block = open.get(event.index);
        if (!block) break;
        open.delete(event.index);
        yield endBlock(builder, block);
        break;
      }
      case "message_delta":
        if (event.delta.stop_reason) {
          stopReason = event.delta.stop_reason;
          builder.setRawStopReason(stopReason);
        }
        recordUsage(builder, event.usage);
        break;
      case "message_stop":
        sawStop = true;
        break;
    }
  }

  if (!sawStop || !stopReason) throw streamEndedEarly();
  for (const block of open.values()) yield endBlock(builder, block);
  return finishReason(stopReason);
}

function endBlock(builder: AssistantMessageBuilder, block: OpenBlock): AssistantMessageEvent {
  if (block.kind === "text") return builder.textEnd(block.contentIndex);
  if (block.kind === "thinking") return builder.thinkingEnd(block.contentIndex);
  return builder.toolCallEnd(block.contentIndex, block.sawJson ? undefined : block.initialInput);
}

/** Only fields present are recorded: proxies often leave input counts out of `message_delta`. */
function recordUsage(builder: AssistantMessageBuilder, usage: UsageFields | undefined): void {
  if (!usage) return;
  builder.setUsage({
    ...(typeof usage.input_tokens === "number" ? { input: usage.input_tokens } : {}),
    ...(typeof usage.output_tokens === "number" ? { output: usage.output_tokens } : {}),
    ...(typeof usage.cache_read_input_tokens === "number" ? { cacheRead: usage.cache_read_input_tokens } : {}),
    ...(typeof usage.cache_creation_input_tokens === "number" ? { cacheWrite: usage.cache_creation_input_tokens } : {}),
    ...(typeof usage.cache_creation?.ephemeral_1h_input_tokens === "number" ? { cacheWrite1h: usage.cache_creation.ephemeral_1h_input_tokens } : {}),
  });
}

function finishReason(stopReason: string): FinishReason {
  switch (stopReason) {
    case "end_turn":
    case "stop_sequence":
    // pause_turn only follows server-side tools, which pith does not request; the turn is usable as it is.
    case "pause_turn":
      return "stop";
    case "tool_use":
      return "toolUse";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "refusal":
      throw new ProviderFailure("PROVIDER_REFUSAL", "The model declined to answer (stop_reason: refusal)", {
        kind: "refusal",
        errorType: "refusal",
      });
    default:
      throw new ProviderFailure("PROVIDER_UNKNOWN_STOP", `Unknown stop reason from Anthropic: ${stopReason}`, {
        kind: "invalid_response",
        errorType: stopReason,
      });
  }
}
