// pi-agent-core 1.6.0's proxy wire events: the server sends each assistant-message event without its `partial`
// (to save bandwidth), and the client rebuilds the message from them. This is that rebuilding, one event at a time.
import type { AssistantMessage, AssistantMessageEvent, ToolCall, Usage } from "../../../../kernel/index.js";
import { PartialJsonReader } from "../../../../lib/provider-kit/partial-json-reader.js";

export type ProxyEvent =
  | { type: "start" }
  | { type: "text_start" | "thinking_start"; contentIndex: number }
  | { type: "text_delta" | "thinking_delta"; contentIndex: number; delta: string }
  | { type: "text_end" | "thinking_end"; contentIndex: number; contentSignature?: string }
  | { type: "toolcall_start"; contentIndex: number; id: string; toolName: string }
  | { type: "toolcall_delta"; contentIndex: number; delta: string }
  | { type: "toolcall_end"; contentIndex: number; toolCall: ToolCall }
  | { type: "done"; reason: "stop" | "length" | "toolUse"; usage: Usage; providerThinkingLevel?: string }
  | { type: "error"; reason: "aborted" | "error"; errorMessage?: string; usage: Usage; providerThinkingLevel?: string };

/** Applies one proxy event to `partial`; the full event, or undefined for one pi ignores. Throws on a mismatch. */
export function applyProxyEvent(event: ProxyEvent, partial: AssistantMessage, toolArguments: Map<number, PartialJsonReader>): AssistantMessageEvent | undefined {
  const block = "contentIndex" in event ? partial.content[event.contentIndex] : undefined;
  switch (event.type) {
    case "start":
      return { type: "start", partial };
    case "text_start":
      partial.content[event.contentIndex] = { type: "text", text: "" };
      return { type: "text_start", contentIndex: event.contentIndex, partial };
    case "thinking_start":
      partial.content[event.contentIndex] = { type: "thinking", thinking: "" };
      return { type: "thinking_start", contentIndex: event.contentIndex, partial };
    case "text_delta":
      if (block?.type !== "text") throw new Error("Received text_delta for non-text content");
      block.text += event.delta;
      return { type: "text_delta", contentIndex: event.contentIndex, delta: event.delta, partial };
    case "thinking_delta":
      if (block?.type !== "thinking") throw new Error("Received thinking_delta for non-thinking content");
      block.thinking += event.delta;
      return { type: "thinking_delta", contentIndex: event.contentIndex, delta: event.delta, partial };
    case "text_end":
      if (block?.type !== "text") throw new Error("Received text_end for non-text content");
      block.textSignature = event.contentSignature;
      return { type: "text_end", contentIndex: event.contentIndex, content: block.text, partial };
    case "thinking_end":
      if (block?.type !== "thinking") throw new Error("Received thinking_end for non-thinking content");
      block.thinkingSignature = event.contentSignature;
      return { type: "thinking_end", contentIndex: event.contentIndex, content: block.thinking, partial };
    case "toolcall_start":
      partial.content[event.contentIndex] = { type: "toolCall", id: event.id, name: event.toolName, arguments: {} };
      toolArguments.set(event.contentIndex, new PartialJsonReader());
      return { type: "toolcall_start", contentIndex: event.contentIndex, partial };
    case "toolcall_delta": {
      const reader = toolArguments.get(event.contentIndex);
      if (block?.type !== "toolCall" || reader === undefined) throw new Error("Received toolcall_delta for non-toolCall content");
      reader.append(event.delta);
      // a new block object, so a consumer comparing blocks sees the change
      partial.content[event.contentIndex] = { ...block, arguments: reader.value ?? block.arguments };
      return { type: "toolcall_delta", contentIndex: event.contentIndex, delta: event.delta, partial };
    }
    case "toolcall_end":
      if (block?.type !== "toolCall") return undefined;
      Object.assign(block, event.toolCall);
      toolArguments.delete(event.contentIndex);
      return { type: "toolcall_end", contentIndex: event.contentIndex, toolCall: block, partial };
    case "done":
    case "error":
      partial.stopReason = event.reason;
      partial.usage = event.usage;
      if (event.type === "error") partial.errorMessage = event.errorMessage;
      if (event.providerThinkingLevel !== undefined) partial.providerThinkingLevel = event.providerThinkingLevel;
      return event.type === "done" ? { type: "done", reason: event.reason, message: partial } : { type: "error", reason: event.reason, error: partial };
    default:
      return undefined;
  }
}
