// Prepares the conversation for replay to one model, whatever models produced it: drops turns that failed,
// keeps provider-specific data (signatures, redacted thinking) only for the model that made it, replaces images
// the model cannot see, gives tool calls ids the target API accepts and answers every tool call exactly once.
// System messages placed among the turns (an API that takes them mid-conversation) keep their place, except that one
// between a tool call and its results waits until the results are in, as pi 1.6.0 holds it: the APIs want a call's
// results right after it.
import { storedToolResultText } from "./stored-tool-result.js";
import type { AssistantMessage, ImageContent, Message, SystemMessage, TextContent, ToolCall, ToolResultMessage, Model } from "../../kernel/index.js";

export const NO_TOOL_RESULT_TEXT = "No result provided";
const USER_IMAGE_PLACEHOLDER = "(image omitted: model does not support images)";
const TOOL_IMAGE_PLACEHOLDER = "(tool image omitted: model does not support images)";

export interface ReplayOptions {
  /**
   * Rewrites a tool call id into the pattern the target API demands. It must be a pure function of the id:
   * it is applied to tool calls and to tool results separately.
   */
  normalizeToolCallId?: (id: string) => string;
}

/** Whether `message` came from `model` itself, so its signatures and opaque blocks are valid to send back. */
export function isFromModel(message: AssistantMessage, model: Model): boolean {
  return message.provider === model.provider && message.api === model.api && message.model === model.id;
}

export function prepareReplay(messages: readonly Message[], model: Model, options?: ReplayOptions): Message[];
export function prepareReplay(messages: readonly (Message | SystemMessage)[], model: Model, options?: ReplayOptions): (Message | SystemMessage)[];
export function prepareReplay(messages: readonly (Message | SystemMessage)[], model: Model, options: ReplayOptions = {}): (Message | SystemMessage)[] {
  const normalize = options.normalizeToolCallId ?? ((id: string) => id);
  const seesImages = model.input.includes("image");
  const result: (Message | SystemMessage)[] = [];
  // the calls of the latest assistant turn and which of them have a result; a turn has few, so arrays do
  let open: ToolCall[] = NO_CALLS;
  let answered: string[] = [];
  // system messages that came while calls were open, sent once they are answered
  const held: SystemMessage[] = [];

  const answerOpenCalls = () => {
    if (open.length === 0) return;
    for (const call of open) {
      if (answered.includes(call.id)) continue;
      result.push({
        role: "toolResult",
        toolCallId: call.id,
        toolName: call.name,
        content: [{ type: "text", text: NO_TOOL_RESULT_TEXT }],
        isError: true,
        timestamp: Date.now(),
      });
    }
    open = NO_CALLS;
    answered = [];
    result.push(...held.splice(0));
  };

  for (const message of messages) {
    if (message.role === "system") {
      if (open.length > 0) held.push(message);
      else result.push(message);
    } else if (message.role === "user") {
      answerOpenCalls();
      result.push(seesImages || typeof message.content === "string"
        ? message
        : { ...message, content: withoutImages(message.content, USER_IMAGE_PLACEHOLDER) });
    } else if (message.role === "assistant") {
      answerOpenCalls();
      // A failed or aborted turn is incomplete; replaying it confuses the model or is rejected by the API.
      if (message.stopReason === "error" || message.stopReason === "aborted") continue;
      const converted = convertAssistant(message, model, normalize);
      open = toolCalls(converted.content);
      result.push(converted);
    } else {
      const toolCallId = normalize(message.toolCallId);
      // A result whose call is not in the preceding assistant turn is rejected by every API.
      if (!open.some((call) => call.id === toolCallId) || answered.includes(toolCallId)) continue;
      answered.push(toolCallId);
      // unchanged messages are passed on as they are (a long session's replay is then no copy of it), a stored
      // text-only one without reading its content
      const content = seesImages || storedToolResultText(message) ? undefined : withoutImages(message.content, TOOL_IMAGE_PLACEHOLDER);
      const unchanged = toolCallId === message.toolCallId && (content === undefined || content === message.content);
      result.push(unchanged ? message : ({ ...message, toolCallId, content: content ?? message.content } satisfies ToolResultMessage));
    }
  }
  answerOpenCalls();
  return result;
}

const NO_CALLS: ToolCall[] = [];

function toolCalls(content: AssistantMessage["content"]): ToolCall[] {
  let calls = NO_CALLS;
  for (const block of content) {
    if (block.type !== "toolCall") continue;
    if (calls === NO_CALLS) calls = [];
    calls.push(block);
  }
  return calls;
}

/** The message itself when no block changes (the usual case: a long replay then copies nothing). */
function convertAssistant(message: AssistantMessage, model: Model, normalize: (id: string) => string): AssistantMessage {
  const sameModel = isFromModel(message, model);
  let content: AssistantMessage["content"] | undefined;
  for (let index = 0; index < message.content.length; index++) {
    const block = message.content[index]!;
    const converted = convertBlock(block, sameModel, normalize);
    if (converted === block && content === undefined) continue;
    content ??= message.content.slice(0, index);
    if (converted) content.push(converted);
  }
  return content ? { ...message, content } : message;
}

/** The block as the target model gets it: itself when nothing changes, undefined when it is left out. */
function convertBlock(block: AssistantMessage["content"][number], sameModel: boolean, normalize: (id: string) => string) {
  if (block.type === "thinking") {
    if (sameModel) return block.redacted || block.thinkingSignature || block.thinking.trim() !== "" ? block : undefined;
    // Another model's reasoning is left out, as pi 1.6.0 leaves it out: its signature would be rejected, and sent as
    // text the new model reads it as part of the reply and starts writing its own reasoning into its answers.
    return undefined;
  }
  if (block.type === "text") return sameModel || Object.keys(block).length === 2 ? block : ({ type: "text", text: block.text } satisfies TextContent);
  const id = normalize(block.id);
  if (id === block.id && (sameModel || block.thoughtSignature === undefined)) return block;
  const call: ToolCall = { ...block, id };
  if (!sameModel) delete call.thoughtSignature;
  return call;
}

/** The content with each run of images replaced by one placeholder; the same array when it holds no image. */
function withoutImages(content: (TextContent | ImageContent)[], placeholder: string): (TextContent | ImageContent)[] {
  if (!content.some((block) => block.type === "image")) return content;
  const result: (TextContent | ImageContent)[] = [];
  for (const block of content) {
    if (block.type !== "image") {
      result.push(block);
      continue;
    }
    const previous = result[result.length - 1];
    if (previous?.type === "text" && previous.text === placeholder) continue;
    result.push({ type: "text", text: placeholder });
  }
  return result;
}

const ALLOWED_ID = /^[a-zA-Z0-9_-]+$/;

/** Keeps the characters an id pattern like `^[a-zA-Z0-9_-]+$` allows, cut to `maxLength`. */
export function sanitizeToolCallId(id: string, maxLength: number): string {
  // most ids already fit: testing allocates nothing, replacing makes a new string per call and result
  if (id.length <= maxLength && ALLOWED_ID.test(id)) return id;
  const cleaned = id.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, maxLength);
  return cleaned === "" ? "call" : cleaned;
}
