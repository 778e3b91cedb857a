// A conversation whose prompt and tools change on the way (system messages: sections added and removed, tools added,
// removed and defined again, one update between a tool call and its result, one at the end), sent by pi 1.6.0
// (pi-ai's streamSimple under Node 22, the conversation in its transcript form) and by pith's Anthropic provider (the
// turns, with the system messages placed beside them as the kernel places them) to the mock server, for models that
// take system messages and tool changes mid-conversation, one that takes system messages only, one that takes
// neither, with and without managed effort, and with a Claude subscription token. The bodies and beta headers must
// be equal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Model } from "../../kernel/index.js";
import { streamAnthropic } from "../../plugins/provider-anthropic/index.js";
import { startMockLlm, type MockLlm, type RecordedRequest } from "../support/mock-llm/index.js";
import { BASH, GREP, READ, READ_AGAIN, catalogueModel, placedConversation, priorReply, sendThroughPiAi, systemMessage, type ChangingConversation, type PiTranscriptCase } from "./support/changing-transcript.js";
import { sendThroughPith, type PithCase } from "./support/request-bodies.js";

interface Case {
  /** anthropic unless said */
  provider?: string;
  id: string;
  /** compat fields over the catalogue's, on both sides */
  compat?: Record<string, unknown>;
  subscription?: boolean;
}

const CASES: Case[] = [
  { id: "claude-opus-4-8" },
  { id: "claude-opus-5-5" },
  { id: "claude-sonnet-4-6", compat: { supportsMidConvoSystemMessages: true } },
  { id: "claude-sonnet-4-6" },
  { id: "claude-opus-4-8", subscription: true },
  { id: "claude-opus-4-8", compat: { supportsMidConvoToolChanges: false } },
  // Copilot's Claude takes system messages mid-conversation: one sent last makes the request the agent's
  { provider: "github-copilot", id: "claude-fable-5" },
];

const SUBSCRIPTION_TOKEN = "sk-ant-oat01-side-by-side";

function conversation(model: Model): ChangingConversation {
  return {
    transcript: [
      systemMessage({ sections: { base: "You are a test assistant.", cwd: "Current directory: /project" }, toolsAdded: [READ, BASH] }),
      { role: "user", content: [{ type: "text", text: "What is in a.ts?" }], timestamp: 2 },
      priorReply(model, [{ type: "text", text: "I will read it." }, { type: "toolCall", id: "toolu_prior1", name: "read", arguments: { path: "a.ts" } }], "toolUse"),
      systemMessage({ sections: { skills: "Skills: none yet." }, toolsAdded: [GREP] }),
      { role: "toolResult", toolCallId: "toolu_prior1", toolName: "read", content: [{ type: "text", text: "export const a = 1;" }], isError: false, timestamp: 4 },
      priorReply(model, [{ type: "text", text: "It exports a." }], "stop"),
      { role: "user", content: [{ type: "text", text: "Search for b." }], timestamp: 6 },
      systemMessage({ sections: { cwd: null }, toolsRemoved: [{ name: "bash" }, { name: "read" }], toolsAdded: [READ_AGAIN] }),
    ],
    // the tools in the order the system messages leave them (a removed tool declared again comes last)
    current: { sections: { base: "You are a test assistant.", skills: "Skills: none yet." }, tools: [GREP, READ_AGAIN] },
  };
}

const modelOf = (target: Case, mockUrl: string): Model => catalogueModel(target.provider ?? "anthropic", target.id, () => mockUrl, target.compat);

let mock: MockLlm;
const pi = new Map<number, RecordedRequest>();
const pith = new Map<number, RecordedRequest>();

function piCase(target: Case): PiTranscriptCase {
  const model = modelOf(target, mock.url);
  return { provider: target.provider ?? "anthropic", id: target.id, compat: target.compat ?? {}, baseUrl: model.baseUrl, apiKey: target.subscription ? SUBSCRIPTION_TOKEN : "test-key", messages: conversation(model).transcript, options: { reasoning: "high" } };
}

function pithCase(target: Case): PithCase {
  const model = modelOf(target, mock.url);
  const request = { model, ...placedConversation(conversation(model)), thinkingLevel: "high" as const, apiKey: target.subscription ? SUBSCRIPTION_TOKEN : "test-key" };
  return { label: target.id, stream: streamAnthropic, request };
}

/** the body, the betas and Copilot's initiator; pi's SDK client is the browser-capable beta one (docs/compatibility.md) */
function comparable(request: RecordedRequest | undefined) {
  if (!request) return undefined;
  return { betas: request.headers["anthropic-beta"], initiator: request.headers["x-initiator"], body: request.body };
}

beforeAll(async () => {
  mock = await startMockLlm({ fallback: { text: "ok" } });
  await sendThroughPiAi(mock, pi, CASES.map(piCase));
  await sendThroughPith(mock, pith, CASES.map(pithCase));
}, 180_000);

afterAll(async () => {
  await mock?.close();
});

describe("a conversation whose prompt and tools change, as pi 1.6.0 sends it to Anthropic", () => {
  it.each(CASES.map((target, index) => [`${target.id} ${JSON.stringify(target.compat ?? {})}${target.subscription ? " (subscription)" : ""}`, index] as const))("%s", (_label, index) => {
    expect(pi.get(index)).toBeDefined();
    expect(comparable(pith.get(index))).toEqual(comparable(pi.get(index)));
  });

  it("keeps the head of the request when the prompt or the tools change, for a model that takes changes in place", () => {
    const body = pith.get(0)!.body as { system: { text: string }[]; tools: { name: string; defer_loading?: boolean }[]; messages: { role: string; content: unknown }[] };
    expect(body.system[0]!.text).toBe("You are a test assistant.\n\nCurrent directory: /project");
    expect(body.tools.map((tool) => tool.name)).toEqual(["read", "bash", "__pi_deferred_placeholder__"]);
    expect(body.messages.filter((message) => message.role === "system")).toHaveLength(2);
  });

  it("sends the prompt and tools as they are now to a model that takes no system messages", () => {
    const body = pith.get(3)!.body as { system: { text: string }[]; tools: { name: string }[]; messages: { role: string }[] };
    expect(body.system[0]!.text).toBe("You are a test assistant.\n\nSkills: none yet.");
    expect(body.tools.map((tool) => tool.name)).toEqual(["grep", "read"]);
    expect(body.messages.some((message) => message.role === "system")).toBe(false);
  });
});
