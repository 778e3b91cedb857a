// A conversation whose prompt and tools change on the way (system messages: sections added and removed, tools added,
// removed and defined again, one update between a tool call and its result, one at the end), sent by pi 1.6.0
// (pi-ai's streamSimple under Node 22, the conversation in its transcript form) and by pith's Anthropic provider (the
// turns, with the system messages placed beside them as the kernel places them) to the mock server, for models that
// take system messages and tool changes mid-conversation, one that takes system messages only, one that takes
// neither, with and without managed effort, and with a Claude subscription token. The bodies and beta headers must
// be equal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssistantMessage, Message, Model, StreamRequest, SystemMessage, ToolSpec } from "../../kernel/index.js";
import { builtInModelsOf } from "../../plugins/models/catalogue.js";
import { streamAnthropic } from "../../plugins/provider-anthropic/index.js";
import { startMockLlm, type MockLlm, type RecordedRequest } from "../support/mock-llm/index.js";
import { runOnNode22 } from "../support/pi-node22.js";
import { collect, finalMessage } from "./support/models.js";

interface Case {
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
];

const SUBSCRIPTION_TOKEN = "sk-ant-oat01-side-by-side";
const schema = (properties: Record<string, unknown>) => ({ type: "object", properties, required: Object.keys(properties) });
const READ: ToolSpec = { name: "read", description: "Read a file", parameters: schema({ path: { type: "string" } }) };
const READ_AGAIN: ToolSpec = { name: "read", description: "Read a file, or part of it", parameters: schema({ path: { type: "string" }, offset: { type: "number" } }) };
const BASH: ToolSpec = { name: "bash", description: "Run a command", parameters: schema({ command: { type: "string" } }) };
const GREP: ToolSpec = { name: "grep", description: "Search files", parameters: schema({ pattern: { type: "string" } }) };

const system = (fields: Omit<SystemMessage, "role" | "content" | "timestamp">): SystemMessage => ({ role: "system", content: "", ...fields, timestamp: 1 });

function conversation(model: Model): { transcript: (Message | SystemMessage)[]; current: { sections: Record<string, string>; tools: ToolSpec[] } } {
  const usage = { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  const reply = (content: AssistantMessage["content"], stopReason: AssistantMessage["stopReason"]): AssistantMessage => ({
    role: "assistant",
    content,
    api: "anthropic-messages",
    provider: model.provider,
    model: model.id,
    usage,
    stopReason,
    providerThinkingLevel: "medium",
    timestamp: 3,
  });
  return {
    transcript: [
      system({ sections: { base: "You are a test assistant.", cwd: "Current directory: /project" }, toolsAdded: [READ, BASH] }),
      { role: "user", content: [{ type: "text", text: "What is in a.ts?" }], timestamp: 2 },
      reply([{ type: "text", text: "I will read it." }, { type: "toolCall", id: "toolu_prior1", name: "read", arguments: { path: "a.ts" } }], "toolUse"),
      system({ sections: { skills: "Skills: none yet." }, toolsAdded: [GREP] }),
      { role: "toolResult", toolCallId: "toolu_prior1", toolName: "read", content: [{ type: "text", text: "export const a = 1;" }], isError: false, timestamp: 4 },
      reply([{ type: "text", text: "It exports a." }], "stop"),
      { role: "user", content: [{ type: "text", text: "Search for b." }], timestamp: 6 },
      system({ sections: { cwd: null }, toolsRemoved: [{ name: "bash" }, { name: "read" }], toolsAdded: [READ_AGAIN] }),
    ],
    // the tools in the order the system messages leave them (a removed tool declared again comes last)
    current: { sections: { base: "You are a test assistant.", skills: "Skills: none yet." }, tools: [GREP, READ_AGAIN] },
  };
}

const modelOf = (target: Case, mockUrl: string): Model => {
  const model = builtInModelsOf("anthropic").find((candidate) => candidate.id === target.id)!;
  return { ...model, baseUrl: mockUrl, compat: { ...model.compat, ...target.compat } };
};

let mock: MockLlm;
const pi = new Map<number, RecordedRequest>();
const pith = new Map<number, RecordedRequest>();

function byCase(into: Map<number, RecordedRequest>): void {
  for (const request of mock.requests) into.set(Number(request.headers["x-case"]), request);
  mock.requests.length = 0;
}

async function sendThroughPi(): Promise<void> {
  const payload = CASES.map((target, index) => {
    const model = modelOf(target, mock.url);
    return { index, id: target.id, compat: target.compat ?? {}, baseUrl: mock.url, apiKey: target.subscription ? SUBSCRIPTION_TOKEN : "test-key", messages: conversation(model).transcript };
  });
  const output = await runOnNode22(
    `const { getModel, streamSimple } = await import("@earendil-works/pi-ai/compat");
     const results = [];
     for (const c of ${JSON.stringify(payload)}) {
       const base = getModel("anthropic", c.id);
       const model = { ...base, baseUrl: c.baseUrl, compat: { ...base.compat, ...c.compat } };
       const options = { apiKey: c.apiKey, headers: { "x-case": String(c.index) }, reasoning: "high" };
       const message = await streamSimple(model, { messages: c.messages }, options).result();
       results.push(message.errorMessage ?? null);
     }
     process.stdout.write(JSON.stringify(results));`,
    { env: { PI_OFFLINE: "1" }, timeoutMs: 120_000 },
  );
  expect((JSON.parse(output) as Array<string | null>).filter((error) => error !== null)).toEqual([]);
  byCase(pi);
}

async function sendThroughPith(): Promise<void> {
  for (const [index, target] of CASES.entries()) {
    const model = modelOf(target, mock.url);
    const { transcript, current } = conversation(model);
    const messages: Message[] = [];
    const systemMessages: StreamRequest["systemMessages"] = [];
    for (const message of transcript) {
      if (message.role === "system") systemMessages.push({ before: messages.length, message });
      else messages.push(message);
    }
    const request: StreamRequest = {
      model,
      systemPrompt: Object.values(current.sections).join("\n\n"),
      systemPromptSections: current.sections,
      messages,
      systemMessages,
      tools: current.tools,
      thinkingLevel: "high",
      apiKey: target.subscription ? SUBSCRIPTION_TOKEN : "test-key",
      headers: { "x-case": String(index) },
      signal: AbortSignal.timeout(60_000),
    };
    const reply = finalMessage(await collect(streamAnthropic(request)));
    expect(reply.errorMessage, target.id).toBeUndefined();
  }
  byCase(pith);
}

/** the body and the betas; pi's SDK client is the browser-capable beta one (docs/compatibility.md) */
function comparable(request: RecordedRequest | undefined) {
  if (!request) return undefined;
  return { betas: request.headers["anthropic-beta"], body: request.body };
}

beforeAll(async () => {
  mock = await startMockLlm({ fallback: { text: "ok" } });
  await sendThroughPi();
  await sendThroughPith();
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
