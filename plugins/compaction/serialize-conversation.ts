// A conversation as plain labelled text. Summarisers get it as one document inside a user message, so the
// model reads it as material instead of a dialogue it should continue.
import type { AgentMessage } from "../../kernel/messages.js";
import { convertToLlm } from "../../kernel/convert-to-llm.js";

/** Tool output past this many characters adds little to a summary and much to its cost. */
export const TOOL_RESULT_LIMIT = 2000;

function textOf(content: string | readonly { type: string; text?: string }[]): string {
  if (typeof content === "string") return content;
  return content
    .filter((block) => block.type === "text")
    .map((block) => block.text ?? "")
    .join("");
}

function truncated(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n\n[... ${text.length - limit} more characters truncated]`;
}

/** `[User]:`, `[Assistant thinking]:`, `[Assistant]:`, `[Assistant tool calls]:`, `[Tool result]:` blocks. */
export function serializeConversation(messages: readonly AgentMessage[]): string {
  const parts: string[] = [];
  for (const message of convertToLlm(messages)) {
    if (message.role === "user") {
      const text = textOf(message.content);
      if (text) parts.push(`[User]: ${text}`);
    } else if (message.role === "assistant") {
      const thinking: string[] = [];
      const text: string[] = [];
      const calls: string[] = [];
      for (const block of message.content) {
        if (block.type === "thinking") thinking.push(block.thinking);
        else if (block.type === "text") text.push(block.text);
        else {
          const args = Object.entries(block.arguments).map(([key, value]) => `${key}=${JSON.stringify(value)}`);
          calls.push(`${block.name}(${args.join(", ")})`);
        }
      }
      if (thinking.length > 0) parts.push(`[Assistant thinking]: ${thinking.join("\n")}`);
      if (text.length > 0) parts.push(`[Assistant]: ${text.join("\n")}`);
      if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join("; ")}`);
    } else {
      const text = textOf(message.content);
      if (text) parts.push(`[Tool result]: ${truncated(text, TOOL_RESULT_LIMIT)}`);
    }
  }
  return parts.join("\n\n");
}
