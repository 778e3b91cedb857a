// Messages in pi's shapes, for tests and the crash-test child process.
import type { AssistantMessage, ToolResultMessage, UserMessage } from "../../kernel/messages.js";

export function user(text: string, timestamp = Date.now()): UserMessage {
  return { role: "user", content: text, timestamp };
}

export function assistant(text: string, extra: Partial<AssistantMessage> = {}): AssistantMessage {
  return {
    role: "assistant",
    content: [{ type: "text", text }],
    api: "anthropic-messages",
    provider: "anthropic",
    model: "claude-test",
    usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
    stopReason: "stop",
    timestamp: Date.now(),
    ...extra,
  };
}

export function toolResult(text: string, toolCallId = "call-1"): ToolResultMessage {
  return { role: "toolResult", toolCallId, toolName: "read", content: [{ type: "text", text }], isError: false, timestamp: Date.now() };
}
