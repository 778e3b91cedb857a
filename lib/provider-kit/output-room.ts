// How many output tokens a request asks for when the caller names no cap: pi 1.6.0's rule, so that a model sends
// the same max_tokens in pith as in pi. The model's own maximum, fitted into what the context window leaves after
// the conversation, with a margin for providers (OpenRouter) that count the input higher than this estimate. The
// conversation includes its system messages where they stand, as pi's transcript does, whether or not the API sends
// them there.
import type { Message, Model, PlacedSystemMessage, SystemMessage } from "../../kernel/index.js";
import { unreadContentByteLength } from "../stored-json/stored-json.js";
import { systemContentText } from "../transcript/system-messages.js";
import { turnsWithSystemMessages } from "./in-place-transcript.js";

/** Kept free of the window whatever the input: the estimate below can be short. */
const SAFETY_TOKENS = 4096;
/** A larger margin, in proportion to the input, while it still leaves a useful answer. */
const SAFETY_RATIO = 0.15;
/** Below this much room the proportional margin is dropped and the answer capped here. */
const MIN_OUTPUT_WITH_RATIO_MARGIN = 32768;
/** pi's coarse estimate: characters per token, and an image as so many characters. */
const CHARS_PER_TOKEN = 3.5;
const IMAGE_CHARS = 4800;

type Block = { type: string; text?: string; thinking?: string; name?: string; arguments?: unknown };

function contentChars(content: string | readonly Block[]): number {
  if (typeof content === "string") return content.length;
  let chars = 0;
  for (const block of content) {
    if (block.type === "text") chars += block.text?.length ?? 0;
    else if (block.type === "thinking") chars += block.thinking?.length ?? 0;
    else if (block.type === "toolCall") chars += (block.name?.length ?? 0) + (JSON.stringify(block.arguments) ?? "undefined").length;
    else chars += IMAGE_CHARS;
  }
  return chars;
}

function messageTokens(message: Message | SystemMessage): number {
  if (message.role === "system") return systemMessageTokens(message);
  // a resumed session's unread content is measured as stored, without reading it (JSON quoting counts a little high)
  const stored = unreadContentByteLength(message);
  if (stored !== undefined) return Math.ceil(stored / CHARS_PER_TOKEN);
  return Math.ceil(contentChars(message.content as string | readonly Block[]) / CHARS_PER_TOKEN);
}

/** Its prompt text (opaque text, then the sections it sets), and the tools it adds and removes as JSON. */
function systemMessageTokens(message: SystemMessage): number {
  const texts = [systemContentText(message), ...Object.values(message.sections ?? {})];
  const text = texts.filter((part): part is string => part !== null && part !== "").join("\n\n");
  const tools = (list: readonly unknown[] | undefined) => (list && list.length > 0 ? Math.ceil(JSON.stringify(list).length / CHARS_PER_TOKEN) : 0);
  return Math.ceil(text.length / CHARS_PER_TOKEN) + tools(message.toolsAdded) + tools(message.toolsRemoved);
}

/**
 * The conversation's size in tokens: the last usable reported usage (an answer that did not fail, with no newer
 * message inserted before it) plus an estimate of what came after it; all estimated when none reported any.
 */
export function estimateConversationTokens(messages: readonly (Message | SystemMessage)[]): number {
  let newestBefore = Number.NEGATIVE_INFINITY;
  let usageIndex = -1;
  let usageTokens = 0;
  for (const [index, message] of messages.entries()) {
    if (message.role === "assistant" && message.timestamp >= newestBefore && message.stopReason !== "aborted" && message.stopReason !== "error") {
      const { usage } = message;
      const total = usage.totalTokens || usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
      if (total > 0) {
        usageIndex = index;
        usageTokens = total;
      }
    }
    newestBefore = Math.max(newestBefore, message.timestamp);
  }
  let tokens = usageTokens;
  for (let index = usageIndex + 1; index < messages.length; index++) tokens += messageTokens(messages[index]!);
  return tokens;
}

/** What a request sends the model: its turns, and the system messages placed among them. */
export interface RequestConversation {
  model: Model;
  messages: readonly Message[];
  systemMessages?: readonly PlacedSystemMessage[];
}

/** The request's turns with its system messages where they stand, as the estimate below counts them. */
export function conversationOf(request: RequestConversation): readonly (Message | SystemMessage)[] {
  return request.systemMessages ? turnsWithSystemMessages(request.messages, request.systemMessages) : request.messages;
}

/** `maxTokens` (or the model's maximum) fitted into the context window the conversation leaves. */
export function fitOutputToContext(model: Model, messages: readonly (Message | SystemMessage)[], maxTokens: number): number {
  if (!(maxTokens > 0)) return 0;
  if (!(model.contextWindow > 0)) return maxTokens;
  const input = estimateConversationTokens(messages);
  let room = model.contextWindow - input - Math.max(SAFETY_TOKENS, Math.ceil(input * SAFETY_RATIO));
  if (room < MIN_OUTPUT_WITH_RATIO_MARGIN) room = Math.min(MIN_OUTPUT_WITH_RATIO_MARGIN, model.contextWindow - input - SAFETY_TOKENS);
  return Math.min(maxTokens, Math.max(1, room));
}

/** The output cap of a request: the caller's or the model's, fitted into the window; none when neither names one. */
export function outputTokenCap(request: RequestConversation & { maxTokens?: number }): number | undefined {
  const cap = fitOutputToContext(request.model, conversationOf(request), request.maxTokens ?? request.model.maxTokens);
  return cap > 0 ? cap : undefined;
}
