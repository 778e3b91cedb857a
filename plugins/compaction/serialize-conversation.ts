// A conversation as plain labelled text. Summarisers get it as one document inside a user message, so the
// model reads it as material instead of a dialogue it should continue.
import type { AgentMessage, Message } from "../../kernel/messages.js";
import { convertToLlm } from "../../kernel/convert-to-llm.js";
import { estimateTextTokens } from "./token-estimate.js";

/** Tool output past this many characters adds little to a summary and much to its cost. */
export const TOOL_RESULT_LIMIT = 2000;

/** The opening message (usually what the session is for) is kept when it takes at most this share of the budget. */
const OPENING_SHARE = 0.25;

function textOf(content: string | readonly { type: string; text?: string }[]): string {
  if (typeof content === "string") return content;
  return content
    .filter((block) => block.type === "text")
    .map((block) => block.text ?? "")
    .join("");
}

function truncationNote(count: number): string {
  return `\n\n[... ${count} more characters truncated]`;
}

function truncated(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}${truncationNote(text.length - limit)}`;
}

/** `[User]:`, `[Assistant thinking]:`, `[Assistant]:`, `[Assistant tool calls]:`, `[Tool result]:` blocks. */
function serializeMessage(message: Message): string {
  if (message.role === "user") {
    const text = textOf(message.content);
    return text ? `[User]: ${text}` : "";
  }
  if (message.role === "toolResult") {
    const text = textOf(message.content);
    return text ? `[Tool result]: ${truncated(text, TOOL_RESULT_LIMIT)}` : "";
  }
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
  const parts: string[] = [];
  if (thinking.length > 0) parts.push(`[Assistant thinking]: ${thinking.join("\n")}`);
  if (text.length > 0) parts.push(`[Assistant]: ${text.join("\n")}`);
  if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join("; ")}`);
  return parts.join("\n\n");
}

export function omittedMessagesNote(count: number): string {
  return `[... ${count} earlier message${count === 1 ? "" : "s"} omitted: the conversation is longer than the summarising model's context window ...]`;
}

/**
 * The conversation as one document. With `maxTokens`, a conversation estimated larger than that keeps its
 * opening message and as many of its newest messages as fit, and says how many were left out between them:
 * a summary request that does not fit the model's window would fail, and the newest messages matter most.
 */
export function serializeConversation(messages: readonly AgentMessage[], maxTokens = Number.POSITIVE_INFINITY): string {
  const blocks = convertToLlm(messages).map(serializeMessage).filter((block) => block !== "");
  return fitted(blocks, maxTokens).join("\n\n");
}

function fitted(blocks: string[], maxTokens: number): string[] {
  if (!Number.isFinite(maxTokens)) return blocks;
  const tokens = blocks.map((block) => estimateTextTokens(block) + 1);
  if (tokens.reduce((sum, count) => sum + count, 0) <= maxTokens) return blocks;

  let room = maxTokens - estimateTextTokens(omittedMessagesNote(blocks.length));
  const head = blocks.length > 1 && tokens[0]! <= maxTokens * OPENING_SHARE ? 1 : 0;
  room -= head === 1 ? tokens[0]! : 0;
  let tailStart = blocks.length;
  while (tailStart > head && tokens[tailStart - 1]! <= room) room -= tokens[--tailStart]!;
  const tail = blocks.slice(tailStart);
  if (tail.length === 0 && tailStart > head) {
    // even the newest message alone is too long: keep its beginning
    const newest = blocks[--tailStart]!;
    const marker = estimateTextTokens(truncationNote(newest.length));
    tail.push(truncated(newest, Math.max(0, Math.floor((newest.length * (room - marker)) / tokens[tailStart]!))));
  }
  return [...blocks.slice(0, head), omittedMessagesNote(tailStart - head), ...tail];
}
