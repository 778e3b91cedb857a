// Kernel messages → Responses API `input` items. A Responses tool call id is "call_id|item_id": the call id
// pairs the call with its output, the item id ties it to the reasoning that preceded it.
import type { AssistantMessage, ImageContent, Message, TextContent, ToolResultMessage, Model } from "../../../kernel/index.js";
import { isFromModel, prepareReplay, sanitizeText, sanitizeToolCallId, turnsWithSystemMessages } from "../../../lib/provider-kit/index.js";
import { additionalToolsItem, configurationUpdate } from "./responses-input-settings.js";
import type { SystemUpdateWriter } from "./responses-system-updates.js";
import type { InputImage, InputText, ResponsesInputItem, ResponsesTool } from "./responses-wire.js";

const IMAGE_ONLY_RESULT = "(see attached image)";
const MAX_ID_LENGTH = 64;

/** The text block signature pi writes for Responses messages: `{"v":1,"id":…,"phase"?:…}`. */
export function encodeTextSignature(id: string, phase?: string): string {
  return JSON.stringify(phase ? { v: 1, id, phase } : { v: 1, id });
}

function decodeTextSignature(signature: string | undefined): { id: string; phase?: string } | undefined {
  if (!signature) return undefined;
  try {
    const parsed = JSON.parse(signature) as { v?: unknown; id?: unknown; phase?: unknown };
    if (parsed.v === 1 && typeof parsed.id === "string") {
      return typeof parsed.phase === "string" ? { id: parsed.id, phase: parsed.phase } : { id: parsed.id };
    }
  } catch {
    // older sessions stored the bare message id
  }
  return { id: signature };
}

function responsesToolCallId(id: string): string {
  const [callId = id, itemId] = id.split("|");
  const call = sanitizeToolCallId(callId, MAX_ID_LENGTH);
  return itemId ? `${call}|${itemId}` : call;
}

/** What goes into `input` in place of request fields (responses-input-settings.ts). */
export interface InputSettings {
  /** the tools, as a leading `additional_tools` item */
  additionalTools?: ResponsesTool[];
  /** the level this request asks for, as a trailing `configuration_update`; each earlier reply of the model gets its own */
  configurationEffort?: string;
  /** the conversation's later system messages, sent where they stand (responses-transcript.ts) */
  systemUpdates?: SystemUpdateWriter;
}

/** The role the prompt and its later changes are sent in. */
export function instructionRole(model: Model): "system" | "developer" {
  return model.reasoning ? "developer" : "system";
}

export function toResponsesInput(systemPrompt: string, messages: readonly Message[], model: Model, settings: InputSettings = {}): ResponsesInputItem[] {
  const input: ResponsesInputItem[] = [];
  if (settings.additionalTools && settings.additionalTools.length > 0) input.push(additionalToolsItem(settings.additionalTools));
  if (systemPrompt.trim() !== "") input.push({ role: instructionRole(model), content: sanitizeText(systemPrompt) });
  const seesImages = model.input.includes("image");
  const updates = settings.systemUpdates;
  const replayOptions = { normalizeToolCallId: responsesToolCallId };
  const replay = updates ? prepareReplay(turnsWithSystemMessages(messages, updates.later), model, replayOptions) : prepareReplay(messages, model, replayOptions);
  // `position` counts the system messages sent too: pi's fallback message ids do
  replay.forEach((message, position) => {
    if (message.role === "system") {
      input.push(...updates!.items(message, position));
    } else if (message.role === "user") {
      const content = userContent(message.content);
      if (content.length > 0) input.push({ role: "user", content });
    } else if (message.role === "assistant") {
      const items = assistantItems(message, model, position);
      // the level each reply was asked at, before it, so the cached prefix stays the same when the level changes
      if (settings.configurationEffort !== undefined && items.length > 0 && isFromModel(message, model) && message.providerThinkingLevel !== undefined) {
        input.push(configurationUpdate(message.providerThinkingLevel));
      }
      input.push(...items);
    } else {
      input.push(toolOutput(message, seesImages));
    }
  });
  if (settings.configurationEffort !== undefined) input.push(configurationUpdate(settings.configurationEffort));
  return input;
}

function userContent(content: string | (TextContent | ImageContent)[]): (InputText | InputImage)[] {
  if (typeof content === "string") return content.trim() === "" ? [] : [{ type: "input_text", text: sanitizeText(content) }];
  const parts: (InputText | InputImage)[] = [];
  for (const block of content) {
    if (block.type === "image") parts.push(inputImage(block));
    else if (block.text.trim() !== "") parts.push({ type: "input_text", text: sanitizeText(block.text) });
  }
  return parts;
}

function assistantItems(message: AssistantMessage, model: Model, position: number): ResponsesInputItem[] {
  const sameModel = isFromModel(message, model);
  const items: ResponsesInputItem[] = [];
  let textIndex = 0;
  message.content.forEach((block) => {
    if (block.type === "thinking") {
      // Only the reasoning item itself (with its encrypted content) can go back; its summary text cannot.
      const item = block.thinkingSignature ? parseObject(block.thinkingSignature) : undefined;
      if (item) items.push(item);
    } else if (block.type === "text") {
      if (block.text.trim() === "") return;
      const signature = sameModel ? decodeTextSignature(block.textSignature) : undefined;
      // Item ids must be unique within the input: pi's, from the message's place and the text's.
      const fallback = textIndex === 0 ? `msg_pi_${position}` : `msg_pi_${position}_${textIndex}`;
      textIndex++;
      const id = signature && signature.id.length <= MAX_ID_LENGTH ? signature.id : fallback;
      items.push({
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: sanitizeText(block.text), annotations: [] }],
        status: "completed",
        id,
        ...(signature?.phase ? { phase: signature.phase } : {}),
      });
    } else {
      const [callId = block.id, itemId] = block.id.split("|");
      // OpenAI pairs "fc_" item ids with the reasoning that produced them; another model's pairing is invalid.
      const keepItemId = sameModel && itemId?.startsWith("fc");
      items.push({
        type: "function_call",
        call_id: callId,
        name: block.name,
        arguments: JSON.stringify(block.arguments ?? {}),
        ...(keepItemId ? { id: itemId } : {}),
      });
    }
  });
  return items;
}

function toolOutput(result: ToolResultMessage, seesImages: boolean): ResponsesInputItem {
  const callId = result.toolCallId.split("|")[0] ?? result.toolCallId;
  const text = result.content.filter((block): block is TextContent => block.type === "text").map((block) => block.text).join("\n");
  const images = result.content.filter((block): block is ImageContent => block.type === "image");
  if (images.length > 0 && seesImages) {
    const parts: (InputText | InputImage)[] = text !== "" ? [{ type: "input_text", text: sanitizeText(text) }] : [];
    parts.push(...images.map(inputImage));
    return { type: "function_call_output", call_id: callId, output: parts };
  }
  return { type: "function_call_output", call_id: callId, output: sanitizeText(text !== "" ? text : images.length > 0 ? IMAGE_ONLY_RESULT : "") };
}

function inputImage(image: ImageContent): InputImage {
  return { type: "input_image", detail: "auto", image_url: `data:${image.mimeType};base64,${image.data}` };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
