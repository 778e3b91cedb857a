// Kernel messages → Gemini `contents`. Gemini has two roles (user, model); tool results are `functionResponse`
// parts of a user turn, all results of one reply in the same turn. Reasoning state travels as `thoughtSignature`
// on the part it came with, and goes back only to the model that made it.
import type { AssistantMessage, ImageContent, Message, Model, TextContent, ToolResultMessage } from "../../kernel/index.js";
import { isFromModel, prepareReplay, sanitizeText, sanitizeToolCallId } from "../../lib/provider-kit/index.js";
import type { GoogleContent, GooglePart } from "./google-wire.js";

const IMAGE_ONLY_RESULT = "(see attached image)";
const MAX_ID_LENGTH = 64;
// Signatures are bytes on the wire: anything that is not base64 would be rejected.
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The Gemini major version in an id like "gemini-3.1-pro-preview", if it is one. */
export function geminiMajorVersion(modelId: string): number | undefined {
  const match = /^gemini(?:-live)?-(\d+)/.exec(modelId.toLowerCase());
  return match ? Number.parseInt(match[1]!, 10) : undefined;
}

/** Models that need the call id echoed in calls and responses (pi's rule). */
export function requiresToolCallId(modelId: string): boolean {
  const major = geminiMajorVersion(modelId);
  return modelId.startsWith("claude-") || modelId.startsWith("gpt-oss-") || (major !== undefined && major >= 3);
}

/** Gemini 3 and later take images inside a function response; older ones need them in a turn of their own. */
function imagesInFunctionResponse(modelId: string): boolean {
  const major = geminiMajorVersion(modelId);
  return major === undefined || major >= 3;
}

function validSignature(signature: string | undefined): string | undefined {
  return signature && signature.length % 4 === 0 && BASE64.test(signature) ? signature : undefined;
}

export function toGoogleContents(messages: readonly Message[], model: Model): GoogleContent[] {
  const withIds = requiresToolCallId(model.id);
  const replay = prepareReplay(messages, model, withIds ? { normalizeToolCallId: (id) => sanitizeToolCallId(id, MAX_ID_LENGTH) } : {});
  const contents: GoogleContent[] = [];
  for (const message of replay) {
    if (message.role === "user") {
      const parts = typeof message.content === "string" ? [{ text: sanitizeText(message.content) }] : message.content.map(userPart);
      if (parts.length > 0) contents.push({ role: "user", parts });
    } else if (message.role === "assistant") {
      const parts = modelParts(message, model, withIds);
      if (parts.length > 0) contents.push({ role: "model", parts });
    } else {
      addToolResult(contents, message, model, withIds);
    }
  }
  return contents;
}

function userPart(block: TextContent | ImageContent): GooglePart {
  return block.type === "text" ? { text: sanitizeText(block.text) } : { inlineData: { mimeType: block.mimeType, data: block.data } };
}

function modelParts(message: AssistantMessage, model: Model, withIds: boolean): GooglePart[] {
  // prepareReplay already turned another model's thinking into text and dropped its signatures on tool calls
  const signatureOf = (signature: string | undefined) => (isFromModel(message, model) ? validSignature(signature) : undefined);
  const parts: GooglePart[] = [];
  for (const block of message.content) {
    if (block.type === "text") {
      const thoughtSignature = signatureOf(block.textSignature);
      // An empty part can carry the signature Gemini needs back; without one it is noise.
      if (block.text.trim() === "" && !thoughtSignature) continue;
      parts.push({ text: sanitizeText(block.text), ...(thoughtSignature ? { thoughtSignature } : {}) });
    } else if (block.type === "thinking") {
      const thoughtSignature = signatureOf(block.thinkingSignature);
      if (block.thinking.trim() === "" && !thoughtSignature) continue;
      parts.push({ thought: true, text: sanitizeText(block.thinking), ...(thoughtSignature ? { thoughtSignature } : {}) });
    } else {
      const thoughtSignature = signatureOf(block.thoughtSignature);
      parts.push({
        functionCall: { name: block.name, args: block.arguments ?? {}, ...(withIds ? { id: block.id } : {}) },
        ...(thoughtSignature ? { thoughtSignature } : {}),
      });
    }
  }
  return parts;
}

function addToolResult(contents: GoogleContent[], result: ToolResultMessage, model: Model, withIds: boolean): void {
  const text = result.content.filter((block): block is TextContent => block.type === "text").map((block) => block.text).join("\n");
  const images = result.content.filter((block): block is ImageContent => block.type === "image");
  const imageParts = images.map((image) => ({ inlineData: { mimeType: image.mimeType, data: image.data } }));
  const value = text.trim() !== "" ? sanitizeText(text) : images.length > 0 ? IMAGE_ONLY_RESULT : "";
  const nested = images.length > 0 && imagesInFunctionResponse(model.id);
  const part: GooglePart = {
    functionResponse: {
      name: result.toolName,
      response: result.isError ? { error: value } : { output: value },
      ...(nested ? { parts: imageParts } : {}),
      ...(withIds ? { id: result.toolCallId } : {}),
    },
  };
  const last = contents[contents.length - 1];
  if (last?.role === "user" && last.parts.some((existing) => existing.functionResponse)) last.parts.push(part);
  else contents.push({ role: "user", parts: [part] });
  if (images.length > 0 && !nested) contents.push({ role: "user", parts: [{ text: "Tool result image:" }, ...imageParts] });
}
