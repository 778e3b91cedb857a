// A resumed session's tool results that nobody has read yet can go into a request as they are stored
// (lib/stored-json): no parse, no copy, no serialization of what is usually most of the conversation.
import type { ToolResultMessage } from "../../kernel/index.js";
import { storedSingleText, type StoredJsonString } from "../stored-json/stored-json.js";
import { sanitizeText } from "./sanitize-text.js";

/**
 * A tool result's text as stored, when its content is unread and one text block; undefined otherwise. It stands
 * for the text (sanitized) wherever a wire format puts a tool result's text as one string.
 */
export function storedToolResultText(message: ToolResultMessage): StoredJsonString | undefined {
  return storedSingleText(message, () => sanitizeText(toolResultText(message)));
}

/** The text blocks of a tool result, one per line. */
export function toolResultText(message: ToolResultMessage): string {
  const { content } = message;
  if (content.length === 1 && content[0]!.type === "text") return content[0]!.text;
  return message.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
}
