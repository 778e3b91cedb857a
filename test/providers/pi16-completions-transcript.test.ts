// A conversation whose prompt and tools change on the way (system messages: sections added, updated and removed,
// tools added, removed and defined again, an update between a tool call and its result, one after tool results just
// before a user turn, one at the end, one after a failed reply), sent by pi 1.6.0 (pi-ai's streamSimple under Node
// 22, the conversation in its transcript form) and by pith's Chat Completions and Mistral providers (the turns, with
// the system messages placed beside them as the kernel places them) to the mock server. Catalogue models cover each
// flag combination: system messages and tool additions mid-conversation (Kimi K3 at Kimi, Fireworks, OpenCode Go),
// system messages only (DeepSeek, Moonshot's Kimi K2.6, Copilot, OpenRouter, with and without cache breakpoints),
// DeepSeek and Moonshot with only the flags, the rest detected from the provider, neither (an OpenRouter model
// without the flag, Moonshot with the flag turned off), and compat fields that meet the updates (the developer role,
// the assistant bridge after tool results). A second conversation only ever adds tools, so a model with tool
// additions declares them all in place, and a third ends on a tool result and the change after it (where an
// Anthropic-style cache breakpoint goes on the tool result). The bodies must be equal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssistantMessage, AssistantMessageEvent, Message, Model, StreamRequest } from "../../kernel/index.js";
import { streamMistral } from "../../plugins/provider-mistral/index.js";
import { streamOpenAICompletions } from "../../plugins/provider-openai/index.js";
import { startMockLlm, type MockLlm, type RecordedRequest } from "../support/mock-llm/index.js";
import { dumpSideBySide, sendThroughPith, type PithCase } from "./support/request-bodies.js";
import { mockBaseUrl } from "./support/side-by-side.js";
import { BASH, FIND, GREP, LS, READ, READ_AGAIN, catalogueModel, placedConversation, sendThroughPiAi, systemMessage, type ChangingConversation, type PiTranscriptCase, type TranscriptEntry } from "./support/changing-transcript.js";

/** "tool-last": the changing conversation cut after a tool result and the change that follows it */
type Variant = "changing" | "additive" | "tool-last";

interface Case {
  provider: string;
  id: string;
  /** compat fields over the catalogue's, on both sides */
  compat?: Record<string, unknown>;
  /** `compat` instead of the catalogue's: the rest is detected from the provider */
  ownCompat?: boolean;
  variant: Variant;
}

const CASES: Case[] = [
  { provider: "kimi-coding", id: "k3", variant: "changing" },
  { provider: "kimi-coding", id: "k3", variant: "additive" },
  { provider: "fireworks", id: "accounts/fireworks/models/kimi-k3", variant: "changing" },
  { provider: "opencode-go", id: "kimi-k3", variant: "additive" },
  { provider: "kimi-coding", id: "k3", compat: { supportsDeveloperRole: true, requiresAssistantAfterToolResult: true }, variant: "changing" },
  { provider: "kimi-coding", id: "kimi-for-coding-highspeed", variant: "additive" },
  { provider: "moonshotai", id: "kimi-k2.6", variant: "changing" },
  { provider: "moonshotai", id: "kimi-k2.6", compat: { supportsMidConvoSystemMessages: false }, variant: "changing" },
  { provider: "moonshotai-cn", id: "kimi-k3", compat: { supportsMidConvoToolAdditions: false }, variant: "additive" },
  { provider: "deepseek", id: "deepseek-v4-pro", variant: "changing" },
  { provider: "deepseek", id: "deepseek-v4-pro", compat: { supportsMidConvoSystemMessages: true }, ownCompat: true, variant: "changing" },
  { provider: "moonshotai", id: "kimi-k3", compat: { supportsMidConvoSystemMessages: true, supportsMidConvoToolAdditions: true }, ownCompat: true, variant: "changing" },
  { provider: "github-copilot", id: "kimi-k3", variant: "changing" },
  { provider: "openrouter", id: "openai/gpt-5.4", variant: "changing" },
  { provider: "openrouter", id: "openai/gpt-5.4", compat: { cacheControlFormat: "anthropic" }, variant: "changing" },
  { provider: "openrouter", id: "~z-ai/glm-latest", compat: { cacheControlFormat: "anthropic" }, variant: "changing" },
  { provider: "openrouter", id: "openai/gpt-5.4", compat: { cacheControlFormat: "anthropic" }, variant: "tool-last" },
  { provider: "kimi-coding", id: "k3", compat: { requiresAssistantAfterToolResult: true }, variant: "tool-last" },
  { provider: "mistral", id: "mistral-large-4", compat: { supportsMidConvoSystemMessages: true }, variant: "tool-last" },
  { provider: "mistral", id: "mistral-large-4", compat: { supportsMidConvoSystemMessages: true }, variant: "changing" },
  { provider: "mistral", id: "mistral-medium-2508", compat: { supportsMidConvoSystemMessages: true }, variant: "additive" },
  { provider: "mistral", id: "mistral-large-4", variant: "changing" },
];

function conversation(model: Model, variant: Variant): ChangingConversation {
  const usage = { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  const reply = (content: AssistantMessage["content"], stopReason: AssistantMessage["stopReason"]): AssistantMessage => ({
    role: "assistant",
    content,
    api: model.api,
    provider: model.provider,
    model: model.id,
    usage,
    stopReason,
    timestamp: 3,
  });
  const user = (text: string): Message => ({ role: "user", content: [{ type: "text", text }], timestamp: 2 });
  const result = (id: string, name: string, text: string): Message => ({ role: "toolResult", toolCallId: id, toolName: name, content: [{ type: "text", text }], isError: false, timestamp: 4 });
  const changing = variant !== "additive";
  // tool call ids of nine letters and digits, which Mistral takes as they are
  const transcript: TranscriptEntry[] = [
    systemMessage({ sections: { base: "You are a test assistant.", cwd: "Current directory: /project" }, toolsAdded: [READ, BASH] }),
    user("What is in a.ts?"),
    reply([{ type: "text", text: "I will read it." }, { type: "toolCall", id: "prior0001", name: "read", arguments: { path: "a.ts" } }], "toolUse"),
    systemMessage({ sections: { skills: "Skills: none yet." }, toolsAdded: [GREP] }),
    result("prior0001", "read", "export const a = 1;"),
    reply([{ type: "text", text: "It exports a." }], "stop"),
    user("Search for b."),
    changing ? systemMessage({ sections: { cwd: null }, toolsRemoved: [{ name: "bash" }, { name: "read" }], toolsAdded: [READ_AGAIN] }) : systemMessage({ sections: { cwd: null } }),
    reply([{ type: "toolCall", id: "prior0002", name: "grep", arguments: { pattern: "b" } }], "toolUse"),
    result("prior0002", "grep", "b.ts:1: export const b = 2;"),
    systemMessage({ toolsAdded: [FIND] }),
    user("Now find c."),
    reply([{ type: "text", text: "Looking" }], "aborted"),
    systemMessage({ sections: { skills: "Skills: review." } }),
    user("Go on."),
    reply([{ type: "text", text: "Found c.ts." }], "stop"),
    user("Thanks."),
    systemMessage({ sections: { base: "You are a careful test assistant." }, toolsAdded: [LS] }),
  ];
  if (variant === "tool-last") {
    return { transcript: transcript.slice(0, 11), current: { sections: { base: "You are a test assistant.", skills: "Skills: none yet." }, tools: [GREP, READ_AGAIN, FIND] } };
  }
  return {
    transcript,
    // the tools in the order the system messages leave them (a removed tool declared again comes last)
    current: {
      sections: { base: "You are a careful test assistant.", skills: "Skills: review." },
      tools: changing ? [GREP, READ_AGAIN, FIND, LS] : [READ, BASH, GREP, FIND, LS],
    },
  };
}

const modelOf = (target: Case, mockUrl: string): Model =>
  catalogueModel(target.provider, target.id, (model) => mockBaseUrl(model.api, mockUrl), target.compat, target.ownCompat);

/** pi's side of a case: the conversation in its transcript form */
function piCase(target: Case): PiTranscriptCase {
  const model = modelOf(target, mock.url);
  const { provider, id, compat = {}, ownCompat, variant } = target;
  return { provider, id, compat, ownCompat, baseUrl: model.baseUrl, apiKey: "test-key", messages: conversation(model, variant).transcript, options: { reasoning: "high" } };
}

let mock: MockLlm;
const [pi, pith] = [new Map<number, RecordedRequest>(), new Map<number, RecordedRequest>()];

const STREAMS: Record<string, (request: StreamRequest) => AsyncIterable<AssistantMessageEvent>> = {
  "openai-completions": streamOpenAICompletions,
  "mistral-conversations": streamMistral,
};

function pithCase(target: Case): PithCase {
  const model = modelOf(target, mock.url);
  const request = { model, ...placedConversation(conversation(model, target.variant)), thinkingLevel: "high" as const, apiKey: "test-key" };
  return { label: `${target.provider}/${target.id}`, stream: STREAMS[model.api]!, request };
}

/** the path, the body, and Copilot's initiator (a system message last makes the request the agent's) */
const comparable = (request: RecordedRequest | undefined) => (request ? { path: request.path, initiator: request.headers["x-initiator"], body: request.body } : undefined);

beforeAll(async () => {
  mock = await startMockLlm({ fallback: { text: "ok" } });
  await sendThroughPiAi(mock, pi, CASES.map(piCase));
  await sendThroughPith(mock, pith, CASES.map(pithCase));
  await dumpSideBySide(() => CASES.map((target, index) => ({ target, pi: comparable(pi.get(index)), pith: comparable(pith.get(index)) })));
}, 180_000);

afterAll(async () => {
  await mock?.close();
});

interface ChatBody {
  messages: { role: string; content?: unknown; tools?: { function: { name: string } }[] }[];
  tools?: { function: { name: string } }[];
}

const toolNames = (tools: ChatBody["tools"]) => (tools ?? []).map((tool) => tool.function.name);

describe("a conversation whose prompt and tools change, as pi 1.6.0 sends it to Chat Completions and Mistral", () => {
  it.each(CASES.map((target, index) => [`${target.provider}/${target.id} ${target.ownCompat ? "only " : ""}${JSON.stringify(target.compat ?? {})} (${target.variant})`, index] as const))("%s", (_label, index) => {
    expect(pi.get(index)).toBeDefined();
    expect(comparable(pith.get(index))).toEqual(comparable(pi.get(index)));
  });

  it("keeps the head of the request for a model that takes tool additions, and declares later additions in place", () => {
    const additive = pith.get(1)!.body as unknown as ChatBody;
    expect(additive.messages[0]).toEqual({ role: "system", content: "You are a test assistant.\n\nCurrent directory: /project" });
    expect(toolNames(additive.tools)).toEqual(["read", "bash"]);
    expect(additive.messages.filter((message) => message.tools).map((message) => toolNames(message.tools))).toEqual([["grep"], ["find"], ["ls"]]);
    // a removal cannot be said in place: the list is the one after it, later additions stay in place
    const changing = pith.get(0)!.body as unknown as ChatBody;
    expect(toolNames(changing.tools)).toEqual(["grep", "read"]);
    expect(changing.messages.filter((message) => message.tools).map((message) => toolNames(message.tools))).toEqual([["find"], ["ls"]]);
  });

  it("sends the prompt and tools as they are now to a model without the flag", () => {
    const body = pith.get(7)!.body as unknown as ChatBody;
    expect(body.messages[0]!.content).toBe("You are a careful test assistant.\n\nSkills: review.");
    expect(toolNames(body.tools)).toEqual(["grep", "read", "find", "ls"]);
    expect(body.messages.filter((message) => message.role === "system")).toHaveLength(1);
  });
});
