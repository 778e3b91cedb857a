// Chat Completions chunks → kernel message events. Text and reasoning open a new block whenever the stream
// switches between them; tool calls are addressed by their stream index and all end when the stream ends.
import { randomUUID } from "node:crypto";
import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import type { AssistantMessageBuilder, UsageReport } from "../../../lib/provider-kit/assistant-builder.js";
import type { AssistantMessageEvent, StreamRequest } from "../../../kernel/index.js";
import { resolveCompletionsCompat } from "./completions-compat.js";
import { ProviderFailure, streamEndedEarly, type FinishReason } from "../../../lib/provider-kit/index.js";
import { REASONING_FIELDS } from "./completions-messages.js";

interface ProseBlock {
  kind: "text" | "thinking";
  contentIndex: number;
}

interface RawUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_cache_hit_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number; cache_write_tokens?: number } | null;
}

type LooseDelta = Record<string, unknown> & {
  content?: string | null;
  tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
};

export async function* readCompletionsChunks(
  chunks: AsyncIterable<ChatCompletionChunk>,
  builder: AssistantMessageBuilder,
  request: StreamRequest,
): AsyncGenerator<AssistantMessageEvent, FinishReason> {
  let prose: ProseBlock | undefined;
  const toolCalls = new Map<number | string, number>();
  let finish: string | undefined;

  function* openProse(kind: ProseBlock["kind"], signature?: string): Generator<AssistantMessageEvent, number> {
    if (prose?.kind === kind) return prose.contentIndex;
    yield* closeProse();
    const started = kind === "text" ? builder.textStart() : builder.thinkingStart();
    if (kind === "thinking" && signature) builder.setThinkingSignature(started.index, signature);
    prose = { kind, contentIndex: started.index };
    yield started.event;
    return started.index;
  }

  function* closeProse(): Generator<AssistantMessageEvent, void> {
    if (!prose) return;
    yield prose.kind === "text" ? builder.textEnd(prose.contentIndex) : builder.thinkingEnd(prose.contentIndex);
    prose = undefined;
  }

  for await (const chunk of chunks) {
    if (!chunk || typeof chunk !== "object") continue;
    builder.setResponseMeta({ responseId: chunk.id, responseModel: chunk.model });
    const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
    // Moonshot reports usage on the choice rather than the chunk.
    const usage = (chunk.usage ?? (choice as { usage?: RawUsage } | undefined)?.usage) as RawUsage | null | undefined;
    if (usage) builder.setUsage(completionsUsage(usage));
    if (!choice) continue;
    if (choice.finish_reason) {
      finish = choice.finish_reason;
      builder.setRawStopReason(finish);
    }
    const delta = (choice.delta ?? {}) as LooseDelta;

    const reasoningField = REASONING_FIELDS.find((field) => typeof delta[field] === "string" && delta[field] !== "");
    // Some servers send the same reasoning under two names; the first one is used.
    if (reasoningField) {
      const index = yield* openProse("thinking", reasoningField);
      yield builder.thinkingDelta(index, delta[reasoningField] as string);
    }
    if (typeof delta.content === "string" && delta.content !== "") {
      const index = yield* openProse("text");
      yield builder.textDelta(index, delta.content);
    }
    for (const call of delta.tool_calls ?? []) {
      const key = call.index ?? call.id ?? toolCalls.size;
      let index = toolCalls.get(key);
      if (index === undefined) {
        yield* closeProse();
        const started = builder.toolCallStart(call.id || `call_${randomUUID().replace(/-/g, "").slice(0, 24)}`, call.function?.name ?? "");
        index = started.index;
        toolCalls.set(key, index);
        yield started.event;
      } else {
        const block = builder.message.content[index];
        if (block?.type === "toolCall" && !block.name && call.function?.name) block.name = call.function.name;
      }
      if (call.function?.arguments) yield builder.toolCallDelta(index, call.function.arguments);
    }
    attachReasoningDetails(builder, delta.reasoning_details);
  }

  // compat.supportsFinishReason false: a server whose streams end without one; the end of the stream is the end
  if (!finish && resolveCompletionsCompat(request.model).supportsFinishReason) throw streamEndedEarly();
  yield* closeProse();
  for (const index of toolCalls.values()) yield builder.toolCallEnd(index);
  return finish ? finishReason(finish, toolCalls.size > 0) : toolCalls.size > 0 ? "toolUse" : "stop";
}

/** pi's rule: cached prompt tokens are cache reads and not input; servers that count writes as cached are corrected. */
export function completionsUsage(usage: RawUsage): UsageReport {
  const prompt = usage.prompt_tokens ?? 0;
  const reportedCached = usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens ?? 0;
  const cacheWrite = usage.prompt_tokens_details?.cache_write_tokens ?? 0;
  const cacheRead = cacheWrite > 0 ? Math.max(0, reportedCached - cacheWrite) : reportedCached;
  return {
    input: Math.max(0, prompt - cacheRead - cacheWrite),
    output: usage.completion_tokens ?? 0,
    cacheRead,
    cacheWrite,
  };
}

/** OpenRouter's encrypted reasoning arrives per tool call; it is kept as that call's signature for replay. */
function attachReasoningDetails(builder: AssistantMessageBuilder, details: unknown): void {
  if (!Array.isArray(details)) return;
  for (const detail of details as Record<string, unknown>[]) {
    if (detail?.type !== "reasoning.encrypted" || typeof detail.id !== "string" || !detail.data) continue;
    const call = builder.message.content.find((block) => block.type === "toolCall" && block.id === detail.id);
    if (call?.type === "toolCall") call.thoughtSignature = JSON.stringify(detail);
  }
}

function finishReason(reason: string, hasToolCalls: boolean): FinishReason {
  switch (reason) {
    case "stop":
    case "end":
      // Some servers (older Ollama) say "stop" even when the turn ends in tool calls.
      return hasToolCalls ? "toolUse" : "stop";
    case "length":
      return "length";
    case "tool_calls":
    case "function_call":
      return "toolUse";
    case "content_filter":
      throw new ProviderFailure("PROVIDER_REFUSAL", "Provider finish_reason: content_filter", {
        kind: "refusal",
        errorType: "content_filter",
      });
    default:
      throw new ProviderFailure("PROVIDER_UNKNOWN_STOP", `Provider finish_reason: ${reason}`, {
        kind: "invalid_response",
        errorType: reason,
      });
  }
}
