// The usage pi-ai's faux provider reports: a quarter token per character of the prompt (each message as
// `role:text`, blank lines between) and of the reply. With a session id, the prompt is simulated as cached: the
// part it shares with the session's previous prompt is read from the cache, the rest written to it.
import type { AssistantMessage, Message } from "../../../../kernel/index.js";
import { getSystemMessageText, type SystemMessage } from "./pi-ai-transcript.js";

type TranscriptMessage = Message | SystemMessage;
type Block = { type: string; text?: string; thinking?: string; name?: string; arguments?: unknown; mimeType?: string; data?: string };

const tokens = (characters: number) => Math.ceil(characters / 4);

function userText(content: string | readonly Block[]): string {
  if (typeof content === "string") return content;
  return content.map((block) => (block.type === "text" ? block.text : `[image:${block.mimeType}:${block.data?.length}]`)).join("\n");
}

export function replyText(content: readonly Block[]): string {
  return content
    .map((block) => (block.type === "text" ? block.text : block.type === "thinking" ? block.thinking : `${block.name}:${JSON.stringify(block.arguments)}`))
    .join("\n");
}

function messageText(message: TranscriptMessage): string {
  switch (message.role) {
    case "system":
      return [
        getSystemMessageText(message),
        ...(message.toolsRemoved ?? []).map((tool) => `tool-:${JSON.stringify(tool)}`),
        ...(message.toolsAdded ?? []).map((tool) => `tool+:${JSON.stringify(tool)}`),
      ]
        .filter((part) => part.length > 0)
        .join("\n");
    case "user":
      return userText(message.content as string | Block[]);
    case "assistant":
      return replyText(message.content as Block[]);
    default:
      return [message.toolName, ...(message.content as Block[]).map((block) => userText([block]))].join("\n");
  }
}

/** the length of `parts` joined with blank lines */
function joinedLength(parts: readonly string[]): number {
  return parts.reduce((sum, part) => sum + part.length, Math.max(0, parts.length - 1) * 2);
}

/** characters the two joined prompts share from the start; equal messages count whole */
function sharedPrefix(previous: readonly string[], current: readonly string[]): number {
  let same = 0;
  while (same < previous.length && same < current.length && previous[same] === current[same]) same++;
  const rest = (parts: readonly string[]) => (same === parts.length ? "" : (same > 0 ? "\n\n" : "") + parts.slice(same).join("\n\n"));
  const [left, right] = [rest(previous), rest(current)];
  let index = 0;
  while (index < left.length && index < right.length && left[index] === right[index]) index++;
  return joinedLength(previous.slice(0, same)) + index;
}

/** The previous prompt of each session, for the simulated cache. */
export type PromptCache = Map<string, string[]>;

export function withEstimatedUsage(
  message: AssistantMessage,
  messages: readonly TranscriptMessage[],
  options: { sessionId?: string; cacheRetention?: string } | undefined,
  cache: PromptCache,
): AssistantMessage {
  const prompt = messages.map((entry) => `${entry.role}:${messageText(entry)}`);
  const promptTokens = tokens(joinedLength(prompt));
  const output = tokens(replyText(message.content as Block[]).length);
  let input = promptTokens;
  let cacheRead = 0;
  let cacheWrite = 0;
  const sessionId = options?.sessionId;
  if (sessionId && options?.cacheRetention !== "none") {
    const previous = cache.get(sessionId);
    cacheRead = previous ? tokens(sharedPrefix(previous, prompt)) : 0;
    cacheWrite = Math.max(0, promptTokens - cacheRead);
    // every prompt token is read from or written to the simulated cache
    input = 0;
    cache.set(sessionId, prompt);
  }
  return {
    ...message,
    usage: { input, output, cacheRead, cacheWrite, totalTokens: input + output + cacheRead + cacheWrite, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
  };
}
