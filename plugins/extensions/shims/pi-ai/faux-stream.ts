// How pi-ai's faux provider plays a scripted reply: each text, thinking and tool-call block streamed in chunks of
// a random number of tokens (four characters each) within the configured sizes, one chunk per microtask (or at
// `tokensPerSecond`), an abort ending it with an `aborted` error event between chunks.
import type { AssistantMessage, AssistantMessageEvent, ToolCall } from "../../../../kernel/index.js";
import type { AssistantMessageEventStream } from "./event-stream.js";
import { ToolCallArgumentsStream } from "./pi-ai-json.js";

export interface Pace {
  minTokens: number;
  maxTokens: number;
  tokensPerSecond?: number;
}

function chunksOf(text: string, pace: Pace): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = Math.max(1, (pace.minTokens + Math.floor(Math.random() * (pace.maxTokens - pace.minTokens + 1))) * 4);
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks.length > 0 ? chunks : [""];
}

function nextChunk(chunk: string, pace: Pace): Promise<void> {
  if (!pace.tokensPerSecond || pace.tokensPerSecond <= 0) return new Promise((resolve) => queueMicrotask(resolve));
  return new Promise((resolve) => setTimeout(resolve, (Math.ceil(chunk.length / 4) / pace.tokensPerSecond!) * 1000));
}

class Aborted extends Error {}

export async function playReply(events: AssistantMessageEventStream, message: AssistantMessage, pace: Pace, signal?: AbortSignal): Promise<void> {
  const partial: AssistantMessage = { ...message, content: [], stopReason: "pending" };
  const emit = (event: Record<string, unknown>) => events.push({ ...event, partial: { ...partial } } as AssistantMessageEvent);
  const checkAbort = () => {
    if (signal?.aborted) throw new Aborted();
  };
  /** streams `text` in chunks; `grow` applies each chunk to the partial block */
  const streamText = async (index: number, text: string, type: string, grow: (chunk: string) => void) => {
    for (const chunk of chunksOf(text, pace)) {
      await nextChunk(chunk, pace);
      checkAbort();
      grow(chunk);
      emit({ type, contentIndex: index, delta: chunk });
    }
  };
  try {
    checkAbort();
    emit({ type: "start" });
    for (const [index, block] of message.content.entries()) {
      checkAbort();
      if (block.type === "thinking" || block.type === "text") {
        const kind = block.type;
        const full = block.type === "thinking" ? block.thinking : block.text;
        const open = kind === "thinking" ? { type: kind, thinking: "" } : { type: kind, text: "" };
        partial.content = [...partial.content, open as AssistantMessage["content"][number]];
        emit({ type: `${kind}_start`, contentIndex: index });
        await streamText(index, full, `${kind}_delta`, (chunk) => {
          if (open.type === "thinking") open.thinking += chunk;
          else open.text += chunk;
        });
        emit({ type: `${kind}_end`, contentIndex: index, content: full });
        continue;
      }
      const call = block as ToolCall;
      const open: ToolCall = { type: "toolCall", id: call.id, name: call.name, arguments: {} };
      partial.content = [...partial.content, open];
      emit({ type: "toolcall_start", contentIndex: index });
      const args = new ToolCallArgumentsStream();
      await streamText(index, JSON.stringify(call.arguments), "toolcall_delta", (chunk) => (open.arguments = args.append(chunk)));
      open.arguments = call.arguments;
      emit({ type: "toolcall_end", contentIndex: index, toolCall: call });
    }
  } catch (error) {
    if (!(error instanceof Aborted)) throw error;
    const aborted: AssistantMessage = { ...partial, stopReason: "aborted", errorMessage: "Request was aborted", timestamp: Date.now() };
    events.push({ type: "error", reason: "aborted", error: aborted });
    events.end(aborted);
    return;
  }
  if (message.stopReason === "pending") throw new Error("Faux response ended without a stop reason");
  if (message.stopReason === "error" || message.stopReason === "aborted") events.push({ type: "error", reason: message.stopReason, error: message });
  else events.push({ type: "done", reason: message.stopReason, message } as AssistantMessageEvent);
  events.end(message);
}
