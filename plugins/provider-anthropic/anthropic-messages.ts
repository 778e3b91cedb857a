// Kernel messages → Anthropic Messages `messages`, plus the prompt-cache breakpoint on the last user turn.
import type { ImageContent, Message, SystemMessage, TextContent, ToolResultMessage, Model } from "../../kernel/index.js";
import { prepareReplay, sanitizeText, sanitizeToolCallId, storedToolResultText, toolResultText } from "../../lib/provider-kit/index.js";
import type {
  CacheControl,
  WireAssistantBlock,
  WireImageBlock,
  WireMessage,
  WireSystemMessage,
  WireTextBlock,
  WireToolResultBlock,
  WireUserBlock,
} from "./anthropic-wire.js";
import { effortMarker, replayedEffort } from "./anthropic-effort.js";

/** Anthropic accepts tool_use ids matching `^[a-zA-Z0-9_-]+$`, at most 64 characters. */
function anthropicToolCallId(id: string): string {
  return sanitizeToolCallId(id, 64);
}

export interface AnthropicMessagesOptions {
  /** tool outputs still unread in the session file may go as stored (only when nobody rewrites the payload) */
  sendStored?: boolean;
  /** each earlier reply is led by a marker of the effort it was asked at (anthropic-effort.ts) */
  markEfforts?: boolean;
  /**
   * a later system message of the conversation on the wire (anthropic-transcript.ts), held back to just before the
   * next reply (or sent at the end): Anthropic wants a tool's result right after its call
   */
  systemUpdate?: (message: SystemMessage) => WireSystemMessage | undefined;
}

/** compat.allowEmptySignature: the endpoint signs thinking with "" and wants it back as thinking (some gateways). */
const allowsEmptySignature = (model: Model) => model.compat?.allowEmptySignature === true;

export function toAnthropicMessages(messages: readonly (Message | SystemMessage)[], model: Model, options: AnthropicMessagesOptions = {}): WireMessage[] {
  const replay = prepareReplay(messages, model, { normalizeToolCallId: anthropicToolCallId });
  const wire: WireMessage[] = [];
  const held: WireSystemMessage[] = [];
  for (let i = 0; i < replay.length; i++) {
    const message = replay[i]!;
    if (message.role === "system") {
      const update = options.systemUpdate?.(message);
      if (update) held.push(update);
    } else if (message.role === "user") {
      const content = userContent(message.content);
      if (content !== undefined) wire.push({ role: "user", content });
    } else if (message.role === "assistant") {
      const content = assistantContent(message.content, allowsEmptySignature(model));
      if (content.length === 0) continue;
      wire.push(...held.splice(0));
      const effort = options.markEfforts ? replayedEffort(message, model) : undefined;
      if (effort !== undefined) wire.push(effortMarker(effort));
      wire.push({ role: "assistant", content });
    } else {
      // All results of one assistant turn travel in one user message (some Anthropic-compatible servers insist).
      const results: WireToolResultBlock[] = [toolResult(message, options)];
      while (replay[i + 1]?.role === "toolResult") results.push(toolResult(replay[++i] as ToolResultMessage, options));
      wire.push({ role: "user", content: results });
    }
  }
  wire.push(...held);
  return wire;
}

/** Marks the last user turn (or system message) so the conversation so far is cached for the next request. */
export function addConversationBreakpoint(messages: WireMessage[], cacheControl: CacheControl): void {
  const last = messages[messages.length - 1];
  if (!last || (last.role !== "user" && last.role !== "system")) return;
  if (typeof last.content === "string") {
    last.content = [{ type: "text", text: last.content, cache_control: cacheControl }];
    return;
  }
  const block = last.content[last.content.length - 1];
  if (block) block.cache_control = cacheControl;
}

function userContent(content: string | (TextContent | ImageContent)[]): string | WireUserBlock[] | undefined {
  if (typeof content === "string") return content.trim() === "" ? undefined : sanitizeText(content);
  const blocks = contentBlocks(content);
  return blocks.length > 0 ? blocks : undefined;
}

function contentBlocks(content: (TextContent | ImageContent)[]): (WireTextBlock | WireImageBlock)[] {
  const blocks: (WireTextBlock | WireImageBlock)[] = [];
  for (const block of content) {
    if (block.type === "image") blocks.push(imageBlock(block));
    // Anthropic rejects empty text blocks.
    else if (block.text.trim() !== "") blocks.push({ type: "text", text: sanitizeText(block.text) });
  }
  return blocks;
}

function imageBlock(image: ImageContent): WireImageBlock {
  return { type: "image", source: { type: "base64", media_type: image.mimeType, data: image.data } };
}

function assistantContent(content: Extract<Message, { role: "assistant" }>["content"], allowEmptySignature: boolean): WireAssistantBlock[] {
  const blocks: WireAssistantBlock[] = [];
  for (const block of content) {
    if (block.type === "text") {
      if (block.text.trim() !== "") blocks.push({ type: "text", text: sanitizeText(block.text) });
    } else if (block.type === "thinking") {
      if (block.redacted) {
        if (block.thinkingSignature) blocks.push({ type: "redacted_thinking", data: block.thinkingSignature });
      } else if (block.thinkingSignature?.trim()) {
        // Kept even when the text is empty: models that omit their thinking still need the signature back.
        blocks.push({ type: "thinking", thinking: sanitizeText(block.thinking), signature: block.thinkingSignature });
      } else if (block.thinking.trim() !== "") {
        // Unsigned thinking (a cut-off stream) would be rejected as thinking; it stays as plain context.
        blocks.push(
          allowEmptySignature
            ? { type: "thinking", thinking: sanitizeText(block.thinking), signature: "" }
            : { type: "text", text: sanitizeText(block.thinking) },
        );
      }
    } else {
      blocks.push({ type: "tool_use", id: block.id, name: block.name, input: block.arguments ?? {} });
    }
  }
  return blocks;
}

function toolResult(message: ToolResultMessage, options: AnthropicMessagesOptions): WireToolResultBlock {
  const result: WireToolResultBlock = { type: "tool_result", tool_use_id: message.toolCallId };
  const stored = options.sendStored ? storedToolResultText(message) : undefined;
  if (stored) {
    result.content = stored;
  } else if (message.content.some((block) => block.type === "image")) {
    result.content = contentBlocks(message.content);
  } else {
    const text = toolResultText(message);
    if (text !== "") result.content = sanitizeText(text);
  }
  result.is_error = message.isError;
  return result;
}
