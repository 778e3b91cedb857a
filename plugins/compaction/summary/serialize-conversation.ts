// A conversation as plain labelled text. Summarisers get it as one document inside a user message, so the
// model reads it as material instead of a dialogue it should continue.
import type { AgentMessage, Message } from "../../../kernel/index.js";
import { convertToLlm } from "../../../lib/transcript/convert-to-llm.js";
import { unreadContentHead } from "../../sessions/reading/lazy-entry.js";
import { estimateTextTokens } from "../tokens/token-estimate.js";

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
 * Only the messages that are kept are serialised: the ones left out are merely counted, and a resumed
 * session's old tool output is not even parsed for that (see `isBlank`).
 */
export function serializeConversation(messages: readonly AgentMessage[], maxTokens = Number.POSITIVE_INFINITY): string {
  const llm = convertToLlm(messages);
  if (!Number.isFinite(maxTokens)) return llm.map(serializeMessage).filter((block) => block !== "").join("\n\n");
  return fitted(new Blocks(llm), maxTokens).join("\n\n");
}

/** The non-empty serialised messages, each made when first asked for. */
class Blocks {
  private readonly made = new Map<number, string>();
  /** message index of each block, up to where it was needed */
  private readonly fromStart: number[] = [];
  private readonly fromEnd: number[] = [];
  private total: number | undefined;

  constructor(private readonly messages: readonly Message[]) {}

  /** how many non-empty blocks there are */
  get count(): number {
    if (this.total === undefined) {
      let count = 0;
      for (let i = 0; i < this.messages.length; i++) if (!this.isBlank(i)) count++;
      this.total = count;
    }
    return this.total;
  }

  /** the `index`th block, counted from the start */
  first(index: number): string {
    return this.text(this.locate(index, this.fromStart, (n) => n, 1));
  }

  /** the `index`th block, counted from the end (0: the newest) */
  last(index: number): string {
    return this.text(this.locate(index, this.fromEnd, (n) => this.messages.length - 1 - n, -1));
  }

  private locate(index: number, found: number[], at: (n: number) => number, step: number): number {
    let next = found.length === 0 ? at(0) : found[found.length - 1]! + step;
    while (found.length <= index) {
      while (this.isBlank(next)) next += step;
      found.push(next);
      next += step;
    }
    return found[index]!;
  }

  private text(i: number): string {
    let block = this.made.get(i);
    if (block === undefined) {
      block = serializeMessage(this.messages[i]!);
      this.made.set(i, block);
    }
    return block;
  }

  /** whether message `i` serialises to nothing (see `serializeMessage`), without serialising it */
  private isBlank(i: number): boolean {
    const message = this.messages[i]!;
    const made = this.made.get(i);
    if (made !== undefined) return made === "";
    const head = unreadContentHead(message);
    const blank = head === undefined ? undefined : blankFromStoredHead(message.role, head);
    if (blank !== undefined) return blank;
    const content = message.content as string | readonly { type: string; text?: string }[];
    if (message.role === "assistant") return content.length === 0;
    return typeof content === "string" ? content === "" : !content.some((block) => block.type === "text" && !!block.text);
  }
}

/**
 * For a message whose content the session has not parsed, from the first bytes of its stored JSON (pith and pi
 * write a block's `type` first, then its text); undefined when they do not tell.
 */
function blankFromStoredHead(role: Message["role"], head: string): boolean | undefined {
  if (head.startsWith("[]")) return true;
  if (role === "assistant") return head.startsWith("[{") ? false : undefined;
  const text = '[{"type":"text","text":"';
  return head.startsWith(text) && head.length > text.length && head[text.length] !== '"' ? false : undefined;
}

function fitted(blocks: Blocks, maxTokens: number): string[] {
  const tokensOf = (block: string) => estimateTextTokens(block) + 1;
  // from the newest: as soon as the blocks seen exceed the budget, not everything fits
  const count = blocks.count;
  let seen = 0;
  for (let k = 0; k < count && seen <= maxTokens; k++) seen += tokensOf(blocks.last(k));
  if (seen <= maxTokens) return Array.from({ length: count }, (_, k) => blocks.first(k));

  let room = maxTokens - estimateTextTokens(omittedMessagesNote(count));
  const head = count > 1 && tokensOf(blocks.first(0)) <= maxTokens * OPENING_SHARE ? 1 : 0;
  room -= head === 1 ? tokensOf(blocks.first(0)) : 0;
  const tail: string[] = [];
  while (head + tail.length < count && tokensOf(blocks.last(tail.length)) <= room) {
    const block = blocks.last(tail.length);
    room -= tokensOf(block);
    tail.push(block);
  }
  let tailStart = count - tail.length;
  if (tail.length === 0 && tailStart > head) {
    // even the newest message alone is too long: keep its beginning
    const newest = blocks.last(0);
    tailStart--;
    const marker = estimateTextTokens(truncationNote(newest.length));
    tail.push(truncated(newest, Math.max(0, Math.floor((newest.length * (room - marker)) / tokensOf(newest)))));
  }
  tail.reverse();
  return [...(head === 1 ? [blocks.first(0)] : []), omittedMessagesNote(tailStart - head), ...tail];
}
