// Kernel messages → Converse `messages`. Tool results of one reply go in one user message; thinking goes back as
// `reasoningContent` (signed only for Claude, which alone accepts the signature); encrypted reasoning from other
// models is replayed as the `redactedContent` it came as. Bedrock rejects blank text, so blanks are dropped or,
// where a block is required, replaced by "<empty>".
import type { AssistantMessage, ImageContent, Message, Model, TextContent, ToolResultMessage } from "../../kernel/index.js";
import { PithError } from "../../kernel/index.js";
import { isFromModel, prepareReplay, sanitizeText, sanitizeToolCallId } from "../../lib/provider-kit/index.js";
import { isClaude } from "./bedrock-target.js";
import type { BedrockContentBlock, BedrockImage, BedrockMessage } from "./bedrock-wire.js";

const EMPTY_TEXT = "<empty>";
const MAX_ID_LENGTH = 64;
const IMAGE_FORMATS: Record<string, BedrockImage["image"]["format"]> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/jpg": "jpeg",
  "image/gif": "gif",
  "image/webp": "webp",
};

export function toBedrockMessages(messages: readonly Message[], model: Model): BedrockMessage[] {
  const replay = prepareReplay(messages, model, { normalizeToolCallId: (id) => sanitizeToolCallId(id, MAX_ID_LENGTH) });
  const result: BedrockMessage[] = [];
  for (const message of replay) {
    if (message.role === "user") {
      const content = typeof message.content === "string" ? [requiredText(message.content)] : message.content.flatMap(userBlock);
      result.push({ role: "user", content: content.length > 0 ? content : [{ text: EMPTY_TEXT }] });
    } else if (message.role === "assistant") {
      const content = assistantBlocks(message, model);
      if (content.length > 0) result.push({ role: "assistant", content });
    } else {
      const block = toolResultBlock(message);
      const last = result[result.length - 1];
      if (last && isToolResultTurn(last)) last.content.push(block);
      else result.push({ role: "user", content: [block] });
    }
  }
  return result;
}

function isToolResultTurn(message: BedrockMessage): boolean {
  return message.role === "user" && message.content.length > 0 && !message.content.some((block) => !("toolResult" in block));
}

function nonBlank(text: string): { text: string } | undefined {
  const clean = sanitizeText(text);
  return clean.trim() === "" ? undefined : { text: clean };
}

function requiredText(text: string): { text: string } {
  return nonBlank(text) ?? { text: EMPTY_TEXT };
}

function image(block: ImageContent): BedrockImage {
  const format = IMAGE_FORMATS[block.mimeType];
  if (!format) throw new PithError("BEDROCK_IMAGE_TYPE", `Bedrock takes PNG, JPEG, GIF and WebP images, not ${block.mimeType}`);
  return { image: { format, source: { bytes: block.data } } };
}

function userBlock(block: TextContent | ImageContent): BedrockContentBlock[] {
  if (block.type === "image") return [image(block)];
  const text = nonBlank(block.text);
  return text ? [text] : [];
}

function assistantBlocks(message: AssistantMessage, model: Model): BedrockContentBlock[] {
  const blocks: BedrockContentBlock[] = [];
  const signed = isClaude(model) && isFromModel(message, model);
  for (const block of message.content) {
    if (block.type === "text") {
      const text = nonBlank(block.text);
      if (text) blocks.push(text);
    } else if (block.type === "toolCall") {
      blocks.push({ toolUse: { toolUseId: block.id, name: block.name, input: withoutEmptyKeys(block.arguments ?? {}) } });
    } else if (block.redacted) {
      if (block.thinkingSignature) blocks.push({ reasoningContent: { redactedContent: block.thinkingSignature } });
    } else if (block.thinking.trim() !== "") {
      const text = sanitizeText(block.thinking);
      // A Claude thinking block without its signature is rejected on replay: it goes back as plain text.
      if (!isClaude(model)) blocks.push({ reasoningContent: { reasoningText: { text } } });
      else if (signed && block.thinkingSignature) blocks.push({ reasoningContent: { reasoningText: { text, signature: block.thinkingSignature } } });
      else blocks.push({ text });
    }
  }
  return blocks;
}

function toolResultBlock(result: ToolResultMessage): BedrockContentBlock {
  const content: ({ text: string } | BedrockImage)[] = [];
  for (const block of result.content) {
    const converted = block.type === "image" ? image(block) : nonBlank(block.text);
    if (converted) content.push(converted);
  }
  return {
    toolResult: { toolUseId: result.toolCallId, content: content.length > 0 ? content : [{ text: EMPTY_TEXT }], status: result.isError ? "error" : "success" },
  };
}

/** Bedrock's document type has no empty keys. */
function withoutEmptyKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmptyKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "").map(([key, nested]) => [key, withoutEmptyKeys(nested)]));
}
