// Kernel messages → Chat Completions `messages`, bent to what each server accepts (see CompletionsCompat). Later
// system messages (completions-transcript.ts) go where they stand: their tools, then their changed sections.
import type { AssistantMessage, ImageContent, Message, SystemMessage, TextContent, ToolResultMessage, Model } from "../../../kernel/index.js";
import { isFromModel, prepareReplay, sanitizeText, sanitizeToolCallId, systemUpdateText } from "../../../lib/provider-kit/index.js";
import type { CompletionsCompat } from "./completions-compat.js";
import { toChatTool } from "./completions-tools.js";
import type { CompletionsTranscript } from "./completions-transcript.js";
import type { ChatAssistantMessage, ChatImagePart, ChatMessage, ChatTextPart } from "./completions-wire.js";

/** Fields servers stream reasoning in; the one used is kept as the thinking block's signature. */
export const REASONING_FIELDS = ["reasoning_content", "reasoning", "reasoning_text"] as const;
const BRIDGE_AFTER_TOOL_RESULTS = "I have processed the tool results.";
const TOOL_IMAGES_INTRO = "Attached image(s) from tool result:";
const IMAGE_ONLY_RESULT = "(see attached image)";

/**
 * Responses API ids look like "call_x|fc_y" and may be hundreds of characters; Chat Completions wants the call
 * part, and OpenAI itself at most 40 characters.
 */
function completionsToolCallId(model: Model): (id: string) => string {
  return (id) => {
    if (id.includes("|")) return sanitizeToolCallId(id.split("|")[0] ?? id, 40);
    return model.provider === "openai" && id.length > 40 ? id.slice(0, 40) : id;
  };
}

export function toCompletionsMessages(transcript: CompletionsTranscript, model: Model, compat: CompletionsCompat): ChatMessage[] {
  const wire: ChatMessage[] = [];
  const instructionRole = model.reasoning && compat.supportsDeveloperRole ? "developer" : "system";
  if (transcript.systemPrompt.trim() !== "") wire.push({ role: instructionRole, content: sanitizeText(transcript.systemPrompt) });
  const seesImages = model.input.includes("image");
  const replay = prepareReplay(transcript.messages, model, { normalizeToolCallId: completionsToolCallId(model) });
  let afterToolResults = false;
  for (let i = 0; i < replay.length; i++) {
    const message = replay[i]!;
    if (message.role === "system") {
      wire.push(...systemUpdate(message, transcript.toolsInPlace.has(message), instructionRole, compat));
      // as pi 1.6.0: a user message after an update needs no bridge, even after tool results
      afterToolResults = false;
    } else if (message.role === "user") {
      const content = userContent(message.content);
      if (content === undefined) continue;
      if (afterToolResults && compat.requiresAssistantAfterToolResult) {
        wire.push({ role: "assistant", content: BRIDGE_AFTER_TOOL_RESULTS });
      }
      wire.push({ role: "user", content });
      afterToolResults = false;
    } else if (message.role === "assistant") {
      const converted = assistantMessage(message, model, compat);
      if (converted) wire.push(converted);
      afterToolResults = false;
    } else {
      // Tool messages carry text only; their images follow the batch as one user message.
      const images: ChatImagePart[] = [];
      let result: ToolResultMessage | undefined = message;
      while (result) {
        wire.push(toolMessage(result, compat));
        if (seesImages) images.push(...result.content.filter(isImage).map(imagePart));
        const next: Message | SystemMessage | undefined = replay[i + 1];
        result = next?.role === "toolResult" ? next : undefined;
        if (result) i++;
      }
      afterToolResults = true;
      if (images.length > 0) {
        if (compat.requiresAssistantAfterToolResult) wire.push({ role: "assistant", content: BRIDGE_AFTER_TOOL_RESULTS });
        wire.push({ role: "user", content: [{ type: "text", text: TOOL_IMAGES_INTRO }, ...images] });
        afterToolResults = false;
      }
    }
  }
  return wire;
}

/** A later system message: its added tools where the model takes them in place, then its text, if any. */
function systemUpdate(message: SystemMessage, toolsInPlace: boolean, role: "system" | "developer", compat: CompletionsCompat): ChatMessage[] {
  const wire: ChatMessage[] = [];
  const added = toolsInPlace ? (message.toolsAdded ?? []) : [];
  if (added.length > 0) wire.push({ role: "system", tools: added.map((tool) => toChatTool(tool, compat)) });
  const text = systemUpdateText(message);
  if (text !== "") wire.push({ role, content: sanitizeText(text) });
  return wire;
}

function userContent(content: string | (TextContent | ImageContent)[]): string | (ChatTextPart | ChatImagePart)[] | undefined {
  if (typeof content === "string") return content.trim() === "" ? undefined : sanitizeText(content);
  const parts: (ChatTextPart | ChatImagePart)[] = [];
  for (const block of content) {
    if (block.type === "image") parts.push(imagePart(block));
    else if (block.text.trim() !== "") parts.push({ type: "text", text: sanitizeText(block.text) });
  }
  return parts.length > 0 ? parts : undefined;
}

function assistantMessage(message: AssistantMessage, model: Model, compat: CompletionsCompat): ChatAssistantMessage | undefined {
  // Plain string content: some models mirror an array of parts back literally in their answers.
  const text = message.content
    .filter((block): block is TextContent => block.type === "text" && block.text.trim() !== "")
    .map((block) => sanitizeText(block.text))
    .join("");
  const thinking = message.content.filter((block) => block.type === "thinking" && block.thinking.trim() !== "");
  const wire: ChatAssistantMessage = { role: "assistant", content: text === "" ? null : text };
  if (thinking.length > 0) {
    const thinkingText = thinking.map((block) => (block.type === "thinking" ? sanitizeText(block.thinking) : "")).join("\n\n");
    if (compat.requiresThinkingAsText) {
      wire.content = text === "" ? thinkingText : `${thinkingText}\n\n${text}`;
    } else {
      // Servers that streamed reasoning in a field want it back in the same field (llama.cpp, DeepSeek).
      const field = thinking[0]?.type === "thinking" ? thinking[0].thinkingSignature : undefined;
      if (field && (REASONING_FIELDS as readonly string[]).includes(field) && isFromModel(message, model)) wire[field] = thinkingText;
    }
  }
  const toolCalls = message.content.filter((block) => block.type === "toolCall");
  if (toolCalls.length > 0) {
    wire.tool_calls = toolCalls.map((call) => ({
      id: call.id,
      type: "function",
      function: { name: call.name, arguments: JSON.stringify(call.arguments ?? {}) },
    }));
    // OpenRouter's encrypted reasoning, kept per tool call, must come back with the calls.
    const details = toolCalls.flatMap((call) => parseJson(call.thoughtSignature));
    if (details.length > 0) wire.reasoning_details = details;
  }
  if (compat.requiresReasoningContentOnAssistantMessages && model.reasoning && wire.reasoning_content === undefined) {
    wire.reasoning_content = "";
  }
  if (wire.content === null && !wire.tool_calls) return undefined;
  // Some servers refuse a null content (a turn of tool calls only).
  if (wire.content === null && (compat.requiresAssistantAfterToolResult || compat.requiresNonNullAssistantContent)) wire.content = "";
  return wire;
}

function toolMessage(result: ToolResultMessage, compat: CompletionsCompat): ChatMessage {
  const text = result.content.filter((block): block is TextContent => block.type === "text").map((block) => block.text).join("\n");
  const message: ChatMessage = {
    role: "tool",
    content: sanitizeText(text !== "" ? text : result.content.some(isImage) ? IMAGE_ONLY_RESULT : ""),
    tool_call_id: result.toolCallId,
  };
  if (compat.requiresToolResultName) message.name = result.toolName;
  return message;
}

function isImage(block: TextContent | ImageContent): block is ImageContent {
  return block.type === "image";
}

function imagePart(image: ImageContent): ChatImagePart {
  return { type: "image_url", image_url: { url: `data:${image.mimeType};base64,${image.data}` } };
}

function parseJson(text: string | undefined): unknown[] {
  if (!text) return [];
  try {
    return [JSON.parse(text) as unknown];
  } catch {
    return [];
  }
}
