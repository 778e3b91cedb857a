// Pieces of the side-by-side tests of a conversation whose prompt and tools change on the way
// (pi16-anthropic-transcript, pi16-responses-transcript, pi16-completions-transcript): its tools, its system messages, and the conversation
// placed as the kernel places it for a provider (the turns, each system message before the turn it precedes), and
// pi 1.6.0 sending it in its transcript form.
import type { AssistantMessage, Message, Model, StreamRequest, SystemMessage, ToolSpec } from "../../../kernel/index.js";
import { builtInModelsOf } from "../../../plugins/models/catalogue.js";
import { expect } from "vitest";
import type { MockLlm, RecordedRequest } from "../../support/mock-llm/index.js";
import { runOnNode22 } from "../../support/pi-node22.js";
import { takeRequestsByCase } from "./request-bodies.js";

const schema = (properties: Record<string, unknown>) => ({ type: "object", properties, required: Object.keys(properties) });
export const READ: ToolSpec = { name: "read", description: "Read a file", parameters: schema({ path: { type: "string" } }) };
export const READ_AGAIN: ToolSpec = { name: "read", description: "Read a file, or part of it", parameters: schema({ path: { type: "string" }, offset: { type: "number" } }) };
export const BASH: ToolSpec = { name: "bash", description: "Run a command", parameters: schema({ command: { type: "string" } }) };
export const GREP: ToolSpec = { name: "grep", description: "Search files", parameters: schema({ pattern: { type: "string" } }) };
export const FIND: ToolSpec = { name: "find", description: "Find files by name", parameters: schema({ glob: { type: "string" } }) };
export const LS: ToolSpec = { name: "ls", description: "List a folder", parameters: schema({ path: { type: "string" } }) };

export type TranscriptEntry = Message | SystemMessage;

export interface ChangingConversation {
  transcript: TranscriptEntry[];
  /** what the system messages add up to: the request's prompt sections and tools */
  current: { sections: Record<string, string>; tools: ToolSpec[] };
}

export const systemMessage = (fields: Omit<SystemMessage, "role" | "content" | "timestamp">): SystemMessage => ({ role: "system", content: "", ...fields, timestamp: 1 });

/** A stored reply of `model` itself, asked at "medium". */
export function priorReply(model: Model, content: AssistantMessage["content"], stopReason: AssistantMessage["stopReason"]): AssistantMessage {
  const usage = { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  return { role: "assistant", content, api: model.api, provider: model.provider, model: model.id, usage, stopReason, providerThinkingLevel: "medium", timestamp: 3 };
}

/** The request fields of the conversation as the kernel gives them to a provider. */
export function placedConversation({ transcript, current }: ChangingConversation): Pick<StreamRequest, "systemPrompt" | "systemPromptSections" | "messages" | "systemMessages" | "tools"> {
  const messages: Message[] = [];
  const systemMessages: NonNullable<StreamRequest["systemMessages"]> = [];
  for (const message of transcript) {
    if (message.role === "system") systemMessages.push({ before: messages.length, message });
    else messages.push(message);
  }
  return { systemPrompt: Object.values(current.sections).join("\n\n"), systemPromptSections: current.sections, messages, systemMessages, tools: current.tools };
}

export interface PiTranscriptCase {
  provider: string;
  id: string;
  /** compat fields over the catalogue's */
  compat: Record<string, unknown>;
  /** `compat` instead of the catalogue's, so the rest is detected from the provider and host */
  ownCompat?: boolean;
  baseUrl: string;
  apiKey: string;
  messages: TranscriptEntry[];
  /** streamSimple's options besides the key and the `x-case` header */
  options: Record<string, unknown>;
}

/**
 * Each case sent by pi 1.6.0 (pi-ai's streamSimple on Node 22) in its transcript form, tagged `x-case: <index>`;
 * none may fail. Their requests go into `into`, by case.
 */
export async function sendThroughPiAi(mock: MockLlm, into: Map<number, RecordedRequest>, cases: PiTranscriptCase[]): Promise<void> {
  const output = await runOnNode22(
    // pi compresses Codex bodies with zstd on a Node that has it; the mock server (Node 20) cannot read them
    `const builtin = process.getBuiltinModule;
     process.getBuiltinModule = (name) => (name === "node:zlib" ? { ...builtin(name), zstdCompressSync: undefined } : builtin(name));
     const { getModel, streamSimple } = await import("@earendil-works/pi-ai/compat");
     const errors = [];
     for (const [index, c] of ${JSON.stringify(cases)}.entries()) {
       const base = getModel(c.provider, c.id);
       const model = { ...base, baseUrl: c.baseUrl, compat: c.ownCompat ? c.compat : { ...base.compat, ...c.compat } };
       const options = { ...c.options, apiKey: c.apiKey, headers: { "x-case": String(index) } };
       const message = await streamSimple(model, { messages: c.messages }, options).result();
       if (message.errorMessage) errors.push(c.provider + "/" + c.id + ": " + message.errorMessage);
     }
     process.stdout.write(JSON.stringify(errors));`,
    { env: { PI_OFFLINE: "1" }, timeoutMs: 120_000 },
  );
  expect(JSON.parse(output) as string[]).toEqual([]);
  takeRequestsByCase(mock, into);
}


/** A catalogue model sent to the mock server, with compat fields over the catalogue's (or instead of them). */
export function catalogueModel(provider: string, id: string, baseUrl: (model: Model) => string, compat: Record<string, unknown> = {}, ownCompat = false): Model {
  const model = builtInModelsOf(provider).find((candidate) => candidate.id === id)!;
  return { ...model, baseUrl: baseUrl(model), compat: ownCompat ? compat : { ...model.compat, ...compat } };
}
