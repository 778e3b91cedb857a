// Kernel messages → Mistral `messages`. Mistral takes tool call ids of exactly nine letters and digits, so other
// ids (Anthropic's, OpenAI's) are replaced by a hash of them, the same for a call and its result; thinking goes back
// as a thinking chunk; tool results carry `[tool error] ` before the text of a failed call. A later system message
// (a model that takes them mid-conversation) goes as a system message of its changed sections, where it stands.
import { createHash } from "node:crypto";
import type { AssistantMessage, ImageContent, Message, Model, SystemMessage, TextContent, ToolResultMessage } from "../../kernel/index.js";
import { prepareReplay, sanitizeText, systemUpdateText } from "../../lib/provider-kit/index.js";
import type { MistralImageChunk, MistralMessage, MistralTextChunk, MistralThinkingChunk, MistralToolCall } from "./mistral-wire.js";

const TOOL_CALL_ID_LENGTH = 9;
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function hashedId(seed: string): string {
  const digest = createHash("sha256").update(seed).digest();
  return Array.from(digest.subarray(0, TOOL_CALL_ID_LENGTH), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join("");
}

/** One conversation's id map: each foreign id gets its own nine characters, distinct from every other id's. */
export function mistralToolCallIds(): (id: string) => string {
  const byId = new Map<string, string>();
  const owners = new Map<string, string>();
  return (id) => {
    const known = byId.get(id);
    if (known) return known;
    const clean = id.replace(/[^a-zA-Z0-9]/g, "");
    for (let attempt = 0; ; attempt++) {
      const candidate = attempt === 0 && clean.length === TOOL_CALL_ID_LENGTH ? clean : hashedId(attempt === 0 ? id : `${id}#${attempt}`);
      const owner = owners.get(candidate);
      if (owner === undefined || owner === id) {
        byId.set(id, candidate);
        owners.set(candidate, id);
        return candidate;
      }
    }
  };
}

export function toMistralMessages(systemPrompt: string, messages: readonly (Message | SystemMessage)[], model: Model): MistralMessage[] {
  const wire: MistralMessage[] = [];
  if (systemPrompt.trim() !== "") wire.push({ role: "system", content: sanitizeText(systemPrompt) });
  for (const message of prepareReplay(messages, model, { normalizeToolCallId: mistralToolCallIds() })) {
    if (message.role === "system") {
      const text = systemUpdateText(message);
      if (text !== "") wire.push({ role: "system", content: sanitizeText(text) });
    } else if (message.role === "user") {
      if (typeof message.content === "string") wire.push({ role: "user", content: sanitizeText(message.content) });
      else if (message.content.length > 0) wire.push({ role: "user", content: message.content.map(contentChunk) });
    } else if (message.role === "assistant") {
      const converted = assistantMessage(message);
      if (converted) wire.push(converted);
    } else {
      wire.push(toolMessage(message));
    }
  }
  return wire;
}

function contentChunk(block: TextContent | ImageContent): MistralTextChunk | MistralImageChunk {
  return block.type === "text" ? { type: "text", text: sanitizeText(block.text) } : { type: "image_url", image_url: `data:${block.mimeType};base64,${block.data}` };
}

function assistantMessage(message: AssistantMessage): MistralMessage | undefined {
  const content: (MistralTextChunk | MistralThinkingChunk)[] = [];
  const toolCalls: MistralToolCall[] = [];
  for (const block of message.content) {
    if (block.type === "text") {
      if (block.text.trim() !== "") content.push({ type: "text", text: sanitizeText(block.text) });
    } else if (block.type === "thinking") {
      if (block.thinking.trim() !== "") content.push({ type: "thinking", thinking: [{ type: "text", text: sanitizeText(block.thinking) }] });
    } else {
      toolCalls.push({ id: block.id, type: "function", function: { name: block.name, arguments: JSON.stringify(block.arguments ?? {}) }, index: 0 });
    }
  }
  if (content.length === 0 && toolCalls.length === 0) return undefined;
  return { role: "assistant", ...(content.length > 0 ? { content } : {}), ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}), prefix: false };
}

function toolMessage(result: ToolResultMessage): MistralMessage {
  const text = result.content
    .filter((block): block is TextContent => block.type === "text")
    .map((block) => sanitizeText(block.text))
    .join("\n")
    .trim();
  const images = result.content.filter((block): block is ImageContent => block.type === "image").map(contentChunk);
  const prefix = result.isError ? "[tool error] " : "";
  const body = text !== "" ? text : images.length > 0 ? "(see attached image)" : "(no tool output)";
  return { role: "tool", tool_call_id: result.toolCallId, name: result.toolName, content: [{ type: "text", text: `${prefix}${body}` }, ...images] };
}
