// pi's serialized assistant-message events → the same events, rebuilt on pith's message builder. The wire's
// `contentIndex` must name the block a start adds, or an earlier block of the event's kind (a backend's `__proto__`
// or a huge index must not reach the content array). `done` carries the usage and stop reason; `error` ends the reply with the
// backend's message.
import type { AssistantMessageEvent, ToolCall } from "../../kernel/index.js";
import {
  isContextOverflowText,
  ProviderFailure,
  readServerSentEvents,
  streamEndedEarly,
  type AssistantMessageBuilder,
  type FinishReason,
  type UsageReport,
} from "../../lib/provider-kit/index.js";

type WireEvent =
  | { type: "start" }
  | { type: "text_start" | "thinking_start"; contentIndex: number }
  | { type: "text_delta" | "thinking_delta" | "toolcall_delta"; contentIndex: number; delta: string }
  | { type: "text_end"; contentIndex: number; content: string; contentSignature?: string }
  | { type: "thinking_end"; contentIndex: number; content: string; contentSignature?: string; redacted?: boolean }
  | { type: "toolcall_start"; contentIndex: number; id: string; toolName: string }
  | { type: "toolcall_end"; contentIndex: number; toolCall: ToolCall }
  | { type: "done"; reason: FinishReason; usage?: UsageReport; responseId?: string; responseModel?: string }
  | { type: "error"; reason: "error" | "aborted"; usage?: UsageReport; errorMessage?: string; responseId?: string; responseModel?: string };

const FINISH_REASONS = new Set<string>(["stop", "length", "toolUse"]);
const BLOCK_KINDS: Record<string, string> = { text: "text", thinking: "thinking", toolcall: "toolCall" };

export async function* readPiMessagesEvents(
  body: AsyncIterable<Uint8Array>,
  builder: AssistantMessageBuilder,
  observe?: (event: unknown) => Promise<void>,
): AsyncGenerator<AssistantMessageEvent, FinishReason> {
  const content = builder.message.content;
  for await (const { data } of readServerSentEvents(body)) {
    if (data.trim() === "[DONE]") continue;
    const event = JSON.parse(data) as WireEvent;
    await observe?.(event);
    if ("contentIndex" in event) {
      const index = event.contentIndex;
      const kind = BLOCK_KINDS[event.type.slice(0, event.type.indexOf("_"))];
      const fits = event.type.endsWith("_start") ? index === content.length : Number.isInteger(index) && content[index]?.type === kind;
      if (!fits) throw new SyntaxError(`pi-messages ${event.type} event with contentIndex ${JSON.stringify(index)}`);
    }
    switch (event.type) {
      case "text_start":
        yield builder.textStart().event;
        break;
      case "thinking_start":
        yield builder.thinkingStart().event;
        break;
      case "toolcall_start":
        yield builder.toolCallStart(event.id, event.toolName).event;
        break;
      case "text_delta":
        yield builder.textDelta(event.contentIndex, event.delta);
        break;
      case "thinking_delta":
        yield builder.thinkingDelta(event.contentIndex, event.delta);
        break;
      case "toolcall_delta":
        yield builder.toolCallDelta(event.contentIndex, event.delta);
        break;
      case "text_end": {
        const block = content[event.contentIndex];
        if (block?.type === "text") block.text = event.content;
        yield builder.textEnd(event.contentIndex, event.contentSignature);
        break;
      }
      case "thinking_end": {
        const block = content[event.contentIndex];
        if (block?.type === "thinking") block.thinking = event.content;
        if (event.contentSignature !== undefined || event.redacted) builder.setThinkingSignature(event.contentIndex, event.contentSignature ?? "", event.redacted === true);
        yield builder.thinkingEnd(event.contentIndex);
        break;
      }
      case "toolcall_end":
        yield builder.toolCallEnd(event.contentIndex, event.toolCall?.arguments);
        break;
      case "done":
      case "error":
        if (event.usage) builder.setUsage(event.usage);
        builder.setResponseMeta({ responseId: event.responseId, responseModel: event.responseModel });
        if (event.type === "error") throw backendError(event.errorMessage, event.reason);
        if (!FINISH_REASONS.has(event.reason)) throw new SyntaxError(`pi-messages done event with reason ${JSON.stringify(event.reason)}`);
        return event.reason;
    }
  }
  throw streamEndedEarly();
}

function backendError(errorMessage: string | undefined, reason: string): ProviderFailure {
  const message = errorMessage ?? `the backend ended the reply (${reason})`;
  return new ProviderFailure("PROVIDER_RESPONSE_FAILED", message, { kind: isContextOverflowText(message) ? "overflow" : "stream", errorType: reason });
}
