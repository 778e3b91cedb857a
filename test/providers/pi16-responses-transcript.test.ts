// A conversation whose prompt and tools change on the way (system messages: sections added and removed, tools added,
// removed and defined again, one update between a tool call and its result, one after a call never answered, one
// at the end, a failed reply), sent by pi 1.6.0 (pi-ai's streamSimple under Node 22, the conversation in its
// transcript form) and by pith's Responses providers (the turns, with the system messages placed beside them as the
// kernel places them) to the mock server: OpenAI,
// Codex, Azure and GitHub Copilot models that take system messages mid-conversation with tool changes as
// `additional_tools` items, as tool search results or not at all, with and without the level as configuration
// updates, and one model without the flag. The bodies, and Copilot's initiator header, must be equal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssistantMessageEvent, Message, Model, StreamRequest } from "../../kernel/index.js";
import { streamAzureOpenAIResponses, streamOpenAICodexResponses, streamOpenAIResponses } from "../../plugins/provider-openai/index.js";
import { startMockLlm, type MockLlm, type RecordedRequest } from "../support/mock-llm/index.js";
import { codexAccessToken } from "../support/mock-oauth-server.js";
import { BASH, FIND, GREP, READ, READ_AGAIN, catalogueModel, placedConversation, priorReply, sendThroughPiAi, systemMessage, type ChangingConversation, type PiTranscriptCase } from "./support/changing-transcript.js";
import { dumpSideBySide, sendThroughPith, type PithCase } from "./support/request-bodies.js";
import { mockBaseUrl } from "./support/side-by-side.js";

interface Case {
  provider: string;
  id: string;
  /** compat fields over the catalogue's, on both sides */
  compat?: Record<string, unknown>;
}

const CASES: Case[] = [
  // system messages, additional_tools items, tool search, the level as configuration updates
  { provider: "openai", id: "gpt-6-sol" },
  // the same without configuration updates
  { provider: "openai", id: "gpt-5.6-luna" },
  // tool search without additional_tools items
  { provider: "openai", id: "gpt-5.6-sol", compat: { supportsAdditionalTools: false } },
  // system messages only: the tools of now in `tools`
  { provider: "openai", id: "gpt-5.4" },
  // no system messages mid-conversation: the prompt and tools of now
  { provider: "openai", id: "gpt-6-sol", compat: { supportsMidConvoSystemMessages: false } },
  { provider: "openai-codex", id: "gpt-6-luna" },
  { provider: "openai-codex", id: "gpt-5.6-terra", compat: { supportsAdditionalTools: false } },
  { provider: "azure", id: "gpt-6-sol", compat: { supportsMidConvoSystemMessages: true, supportsAdditionalTools: true, supportsToolSearch: true } },
  { provider: "azure", id: "gpt-5.4", compat: { supportsMidConvoSystemMessages: true, supportsToolSearch: true } },
  { provider: "github-copilot", id: "gpt-6-sol" },
];

const STREAMS: Record<string, (request: StreamRequest) => AsyncIterable<AssistantMessageEvent>> = {
  "openai-responses": streamOpenAIResponses,
  "azure-openai-responses": streamAzureOpenAIResponses,
  "openai-codex-responses": streamOpenAICodexResponses,
};

const CODEX_TOKEN = codexAccessToken(7, "acct-42");
const SESSION = "sess-responses-transcript";

function conversation(model: Model): ChangingConversation {
  const result = (id: string, toolName: string, text: string): Message => ({ role: "toolResult", toolCallId: id, toolName, content: [{ type: "text", text }], isError: false, timestamp: 4 });
  return {
    transcript: [
      systemMessage({ sections: { base: "You are a test assistant.", cwd: "Current directory: /project" }, toolsAdded: [READ, BASH] }),
      { role: "user", content: [{ type: "text", text: "What is in a.ts?" }], timestamp: 2 },
      priorReply(model, [{ type: "text", text: "I will read it." }, { type: "toolCall", id: "call_prior1|fc_prior1", name: "read", arguments: { path: "a.ts" } }], "toolUse"),
      systemMessage({ sections: { skills: "Skills: none yet." }, toolsAdded: [GREP] }),
      result("call_prior1|fc_prior1", "read", "export const a = 1;"),
      priorReply(model, [{ type: "text", text: "It exports a." }], "stop"),
      { role: "user", content: [{ type: "text", text: "Search for b." }], timestamp: 6 },
      systemMessage({ sections: { cwd: null }, toolsRemoved: [{ name: "bash" }, { name: "read" }], toolsAdded: [READ_AGAIN] }),
      priorReply(model, [{ type: "toolCall", id: "call_prior2|fc_prior2", name: "grep", arguments: { pattern: "b" } }], "toolUse"),
      result("call_prior2|fc_prior2", "grep", "b.ts:1:export const b = 2;"),
      priorReply(model, [{ type: "text", text: "b is in b.ts." }, { type: "toolCall", id: "call_prior3|fc_prior3", name: "grep", arguments: { pattern: "c" } }], "toolUse"),
      // a call never answered: the update waits for its synthetic result
      systemMessage({ sections: { skills: "Skills: one." } }),
      { role: "user", content: [{ type: "text", text: "Now find c." }], timestamp: 8 },
      priorReply(model, [{ type: "text", text: "Looking" }], "error"),
      // added after the last removal: what a tool search result can announce
      systemMessage({ toolsAdded: [FIND] }),
    ],
    // the tools in the order the system messages leave them (a removed tool declared again comes after the others)
    current: { sections: { base: "You are a test assistant.", skills: "Skills: one." }, tools: [GREP, READ_AGAIN, FIND] },
  };
}

const modelOf = (target: Case, mockUrl: string): Model => catalogueModel(target.provider, target.id, (model) => mockBaseUrl(model.api, mockUrl), target.compat);
const apiKeyOf = (model: Model) => (model.api === "openai-codex-responses" ? CODEX_TOKEN : "test-key");

let mock: MockLlm;
const pi = new Map<number, RecordedRequest>();
const pith = new Map<number, RecordedRequest>();

function piCase(target: Case): PiTranscriptCase {
  const model = modelOf(target, mock.url);
  return { provider: target.provider, id: target.id, compat: target.compat ?? {}, baseUrl: model.baseUrl, apiKey: apiKeyOf(model), messages: conversation(model).transcript, options: { sessionId: SESSION, reasoning: "high", transport: "sse" } };
}

function pithCase(target: Case): PithCase {
  const model = modelOf(target, mock.url);
  const request = { model, ...placedConversation(conversation(model)), thinkingLevel: "high" as const, apiKey: apiKeyOf(model), sessionId: SESSION, transport: "sse" };
  return { label: `${target.provider}/${target.id}`, stream: STREAMS[model.api]!, request };
}

/** the body, and Copilot's header that says who started the request */
function comparable(request: RecordedRequest | undefined) {
  if (!request) return undefined;
  return { initiator: request.headers["x-initiator"], body: request.body };
}

type Item = { type?: string; role?: string; content?: unknown; tools?: { name: string }[] };
const inputOf = (index: number) => (pith.get(index)!.body as { input: Item[] }).input;

beforeAll(async () => {
  mock = await startMockLlm({ fallback: { text: "ok" } });
  await sendThroughPiAi(mock, pi, CASES.map(piCase));
  await sendThroughPith(mock, pith, CASES.map(pithCase));
  await dumpSideBySide(() => CASES.map((target, index) => ({ target, pi: comparable(pi.get(index)), pith: comparable(pith.get(index)) })));
}, 180_000);

afterAll(async () => {
  await mock?.close();
});

describe("a conversation whose prompt and tools change, as pi 1.6.0 sends it to the Responses APIs", () => {
  it.each(CASES.map((target, index) => [`${target.provider}/${target.id} ${JSON.stringify(target.compat ?? {})}`, index] as const))("%s", (_label, index) => {
    expect(pi.get(index)).toBeDefined();
    expect(comparable(pith.get(index))).toEqual(comparable(pi.get(index)));
  });

  it("keeps the head of the input and adds tools in additional_tools items where they change", () => {
    const input = inputOf(1);
    expect(input[0]).toMatchObject({ type: "additional_tools", tools: [{ name: "read" }, { name: "bash" }] });
    expect(input[1]).toEqual({ role: "developer", content: "You are a test assistant.\n\nCurrent directory: /project" });
    expect(input.filter((item) => item.type === "additional_tools").map((item) => item.tools!.map((tool) => tool.name))).toEqual([["read", "bash"], ["grep"], ["read"], ["find"]]);
    expect(JSON.stringify(input)).toContain("Still unavailable: bash.");
    expect(pith.get(1)!.body.tools).toBeUndefined();
  });

  it("announces tools added after the last removal as a tool search result, the others in `tools`", () => {
    const body = pith.get(2)!.body as { tools: { name: string }[]; input: Item[] };
    expect(body.tools.map((tool) => tool.name)).toEqual(["grep", "read"]);
    const output = body.input.find((item) => item.type === "tool_search_output")!;
    expect(output.tools).toMatchObject([{ name: "find", defer_loading: true }]);
  });

  it("sends the prompt and tools as they are now to a model that takes no system messages mid-conversation", () => {
    const body = pith.get(4)!.body as { tools: { name: string }[]; input: Item[] };
    expect(body.tools.map((tool) => tool.name)).toEqual(["grep", "read", "find"]);
    expect(body.input[0]).toEqual({ role: "developer", content: "You are a test assistant.\n\nSkills: one." });
    expect(body.input.filter((item) => item.role === "developer" || item.type === "additional_tools")).toHaveLength(1);
  });
});
