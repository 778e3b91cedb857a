// Builds `Model` objects and stream requests inline for provider tests: no model registry needed.
import type { AssistantMessage, Message, ToolResultMessage, UserMessage } from "../../../kernel/messages.js";
import { emptyUsage } from "../../../kernel/messages.js";
import type { Model } from "../../../kernel/model.js";
import type { AssistantMessageEvent, StreamRequest, ToolSpec } from "../../../kernel/index.js";

export type TestApi = "anthropic-messages" | "openai-completions" | "openai-responses";

/** A model served by the mock LLM at `mockUrl`; the OpenAI APIs live under `/v1`. */
export function testModel(api: TestApi, mockUrl: string, overrides: Partial<Model> = {}): Model {
  return {
    id: api === "anthropic-messages" ? "claude-mock" : "gpt-mock",
    name: "Test model",
    api,
    provider: api === "anthropic-messages" ? "anthropic" : "openai",
    baseUrl: api === "anthropic-messages" ? mockUrl : `${mockUrl}/v1`,
    reasoning: false,
    input: ["text", "image"],
    // dollars per million tokens, chosen so costs are easy to check by hand
    cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
    contextWindow: 200_000,
    maxTokens: 64_000,
    ...overrides,
  };
}

export function streamRequest(model: Model, overrides: Partial<StreamRequest> = {}): StreamRequest {
  return {
    model,
    systemPrompt: "You are a test assistant.",
    messages: [user("Hello")],
    tools: [],
    thinkingLevel: "off",
    apiKey: "test-key",
    signal: new AbortController().signal,
    ...overrides,
  };
}

export function user(content: UserMessage["content"]): UserMessage {
  return { role: "user", content, timestamp: 1 };
}

export function assistant(model: Model, content: AssistantMessage["content"], overrides: Partial<AssistantMessage> = {}): AssistantMessage {
  return {
    role: "assistant",
    content,
    api: model.api,
    provider: model.provider,
    model: model.id,
    usage: emptyUsage(),
    stopReason: content.some((block) => block.type === "toolCall") ? "toolUse" : "stop",
    timestamp: 2,
    ...overrides,
  };
}

export function toolResult(toolCallId: string, toolName: string, content: ToolResultMessage["content"], isError = false): ToolResultMessage {
  return { role: "toolResult", toolCallId, toolName, content, isError, timestamp: 3 };
}

export const READ_TOOL: ToolSpec = {
  name: "read",
  description: "Read a file",
  parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
};

export const BASH_TOOL: ToolSpec = {
  name: "bash",
  description: "Run a command",
  parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
};

/** A 1×1 transparent PNG. */
export const PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

export async function collect(stream: AsyncIterable<AssistantMessageEvent>): Promise<AssistantMessageEvent[]> {
  const events: AssistantMessageEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** Tool-call arguments as they looked at each `toolcall_delta`; `partial` is live, so it is copied on arrival. */
export async function collectArgumentSnapshots(
  stream: AsyncIterable<AssistantMessageEvent>,
): Promise<{ events: AssistantMessageEvent[]; snapshots: Map<number, string[]> }> {
  const events: AssistantMessageEvent[] = [];
  const snapshots = new Map<number, string[]>();
  for await (const event of stream) {
    events.push(event);
    if (event.type !== "toolcall_delta") continue;
    const block = event.partial.content[event.contentIndex];
    const list = snapshots.get(event.contentIndex) ?? [];
    list.push(JSON.stringify(block?.type === "toolCall" ? block.arguments : undefined));
    snapshots.set(event.contentIndex, list);
  }
  return { events, snapshots };
}

/** The final message of a finished stream (`done` or `error`). */
export function finalMessage(events: AssistantMessageEvent[]): AssistantMessage {
  const last = events[events.length - 1];
  if (last?.type === "done") return last.message;
  if (last?.type === "error") return last.error;
  throw new Error(`stream did not end with done/error: ${last?.type ?? "no events"}`);
}

/** Event types with the content index where one applies: "text_delta:1". */
export function eventTrace(events: AssistantMessageEvent[]): string[] {
  return events.map((event) => ("contentIndex" in event ? `${event.type}:${event.contentIndex}` : event.type));
}

export type { Message };
