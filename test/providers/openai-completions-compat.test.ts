// pi 1.6.0's newer Chat Completions compat fields, as the request pith sends (and the stream it accepts) shows them,
// for models.json-style models and for catalogue models that set them.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Message } from "../../kernel/messages.js";
import type { Model } from "../../kernel/model.js";
import type { StreamRequest } from "../../kernel/provider.js";
import { builtInModelsOf } from "../../plugins/models/index.js";
import { streamOpenAICompletions } from "../../plugins/provider-openai/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { assistant, collect, finalMessage, READ_TOOL, streamRequest, testModel, toolResult, user } from "./support/models.js";
import { sentBody, useSharedMock } from "./support/request-bodies.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));
afterEach(() => vi.unstubAllEnvs());

const bodyOf = (request: StreamRequest) => sentBody(mock, streamOpenAICompletions, request);
const lastHeaders = () => mock.requests[mock.requests.length - 1]?.headers ?? {};
const model = (compat: Record<string, unknown>, overrides: Partial<Model> = {}) =>
  testModel("openai-completions", mock.url, { provider: "local", compat, ...overrides });
/** A catalogue model pointed at the mock server. */
const catalogue = (provider: string, id: string): Model => {
  const found = builtInModelsOf(provider).find((candidate) => candidate.id === id);
  if (!found) throw new Error(`${provider}/${id} is not in the catalogue`);
  return { ...found, baseUrl: `${mock.url}/v1` };
};

const toolHistory = (of: Model): Message[] => [
  user("go"),
  assistant(of, [{ type: "toolCall", id: "call_x", name: "read", arguments: {} }]),
  toolResult("call_x", "read", [{ type: "text", text: "done" }]),
];

describe("openai-completions compat (pi 1.6.0)", () => {
  it("supportsFinishReason: false ends a stream without finish_reason as stop or toolUse; by default it is an error", async () => {
    const lenient = model({ supportsFinishReason: false });
    mock.enqueue({ text: "hi", omitFinishReason: true }, { toolCalls: [{ name: "read", arguments: { path: "a" } }], omitFinishReason: true });
    expect(finalMessage(await collect(streamOpenAICompletions(streamRequest(lenient))))).toMatchObject({ stopReason: "stop", content: [{ text: "hi" }] });
    expect(finalMessage(await collect(streamOpenAICompletions(streamRequest(lenient, { tools: [READ_TOOL] }))))).toMatchObject({
      stopReason: "toolUse",
      content: [{ type: "toolCall", name: "read", arguments: { path: "a" } }],
    });
    mock.enqueue({ text: "hi", omitFinishReason: true });
    const strict = finalMessage(await collect(streamOpenAICompletions(streamRequest(model({})))));
    expect(strict.stopReason).toBe("error");
    expect(strict.errorMessage).toContain("stream ended without a final event");
  });

  it("requiresNonNullAssistantContent sends a tool-call turn's content as an empty string", async () => {
    const of = model({ requiresNonNullAssistantContent: true });
    const sent = (await bodyOf(streamRequest(of, { messages: toolHistory(of), tools: [READ_TOOL] }))).messages as Record<string, unknown>[];
    expect(sent[2]).toMatchObject({ role: "assistant", content: "" });
    const plain = model({});
    const sentPlain = (await bodyOf(streamRequest(plain, { messages: toolHistory(plain), tools: [READ_TOOL] }))).messages as Record<string, unknown>[];
    expect(sentPlain[2]).toMatchObject({ role: "assistant", content: null });
  });

  it("requiresToolsWithToolHistory sends tools: [] when no tools are offered but the history has calls", async () => {
    const of = model({ requiresToolsWithToolHistory: true });
    expect((await bodyOf(streamRequest(of, { messages: toolHistory(of) }))).tools).toEqual([]);
    expect(await bodyOf(streamRequest(of))).not.toHaveProperty("tools");
  });

  it("vllmPriority is sent as the top-level priority", async () => {
    expect((await bodyOf(streamRequest(model({ vllmPriority: -10 })))).priority).toBe(-10);
    expect(await bodyOf(streamRequest(model({})))).not.toHaveProperty("priority");
  });

  it("promptCacheKeyMode, supportsLongCacheRetention and PI_CACHE_RETENTION decide prompt_cache_key and prompt_cache_retention", async () => {
    const longId = `session-${"x".repeat(80)}`;
    const send = (compat: Record<string, unknown>, sessionId = "s-1") => bodyOf(streamRequest(model(compat), { sessionId }));
    // auto: a local server gets no key; OpenAI's endpoint would
    expect(await send({})).not.toHaveProperty("prompt_cache_key");
    expect((await send({ promptCacheKeyMode: "enabled" }, longId)).prompt_cache_key).toBe(longId.slice(0, 64));
    vi.stubEnv("PI_CACHE_RETENTION", "long");
    expect(await send({})).toMatchObject({ prompt_cache_key: "s-1", prompt_cache_retention: "24h" });
    const refused = await send({ supportsLongCacheRetention: false });
    expect(refused).not.toHaveProperty("prompt_cache_key");
    expect(refused).not.toHaveProperty("prompt_cache_retention");
    expect(await send({ promptCacheKeyMode: "disabled" })).not.toHaveProperty("prompt_cache_key");
    vi.stubEnv("PI_CACHE_RETENTION", "none");
    expect(await send({ promptCacheKeyMode: "enabled" })).not.toHaveProperty("prompt_cache_key");
  });

  it("Anthropic-style cache_control takes the one-hour TTL with long retention, and is left out with none", async () => {
    const of = model({ cacheControlFormat: "anthropic" });
    vi.stubEnv("PI_CACHE_RETENTION", "long");
    const long = await bodyOf(streamRequest(of, { tools: [READ_TOOL] }));
    expect((long.tools as Record<string, unknown>[])[0]?.cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
    const short = await bodyOf(streamRequest(model({ cacheControlFormat: "anthropic", supportsLongCacheRetention: false }), { tools: [READ_TOOL] }));
    expect((short.tools as Record<string, unknown>[])[0]?.cache_control).toEqual({ type: "ephemeral" });
    vi.stubEnv("PI_CACHE_RETENTION", "none");
    expect(JSON.stringify(await bodyOf(streamRequest(of, { tools: [READ_TOOL] })))).not.toContain("cache_control");
  });

  it("sessionAffinityFormat chooses the affinity headers; OpenRouter sends x-session-id by default", async () => {
    const headersFor = async (of: Model) => {
      await bodyOf(streamRequest(of, { sessionId: "s-7" }));
      const headers = lastHeaders();
      return ["session_id", "x-client-request-id", "x-session-affinity", "x-session-id"].filter((name) => headers[name] === "s-7");
    };
    expect(await headersFor(model({ sendSessionAffinityHeaders: true }))).toEqual(["session_id", "x-client-request-id", "x-session-affinity"]);
    expect(await headersFor(model({ sendSessionAffinityHeaders: true, sessionAffinityFormat: "openai-nosession" }))).toEqual(["x-client-request-id", "x-session-affinity"]);
    expect(await headersFor(model({ sendSessionAffinityHeaders: true, sessionAffinityFormat: "openrouter" }))).toEqual(["x-session-id"]);
    expect(await headersFor(model({}, { provider: "openrouter" }))).toEqual(["x-session-id"]);
    expect(await headersFor(model({}))).toEqual([]);
  });

  it("chatTemplateKwargs (thinkingFormat chat-template) fill in the thinking level, budget and on/off", async () => {
    const of = model(
      {
        thinkingFormat: "chat-template",
        chatTemplateKwargs: {
          enable_thinking: { $var: "thinking.enabled" },
          effort: { $var: "thinking.effort" },
          budget: { $var: "thinking.budget", omitWhenOff: true },
          template: "v2",
          extra: null,
        },
      },
      { reasoning: true, maxTokens: 9000, thinkingLevelMap: { off: "none", high: "deep" } },
    );
    expect((await bodyOf(streamRequest(of, { thinkingLevel: "high" }))).chat_template_kwargs).toEqual({
      enable_thinking: true,
      effort: "deep",
      budget: 9000 - 1024,
      template: "v2",
      extra: null,
    });
    expect((await bodyOf(streamRequest(of, { thinkingLevel: "off" }))).chat_template_kwargs).toEqual({
      enable_thinking: false,
      effort: "none",
      template: "v2",
      extra: null,
    });
  });

  it("thinkingTokenBudgetField caps reasoning with the level's budget (settings thinkingBudgets win)", async () => {
    const of = model({ thinkingTokenBudgetField: "thinking_budget_tokens" }, { reasoning: true });
    expect((await bodyOf(streamRequest(of, { thinkingLevel: "medium" }))).thinking_budget_tokens).toBe(8192);
    expect((await bodyOf(streamRequest(of, { thinkingLevel: "low", thinkingBudgets: { low: 3000 } }))).thinking_budget_tokens).toBe(3000);
    expect(await bodyOf(streamRequest(of, { thinkingLevel: "off" }))).not.toHaveProperty("thinking_budget_tokens");
    const vllm = model({ supportsThinkingTokenBudget: true }, { reasoning: true });
    expect((await bodyOf(streamRequest(vllm, { thinkingLevel: "high" }))).thinking_token_budget).toBe(16384);
  });

  it("catalogue models: Baseten's chatTemplateArgs, Together's reasoning switch, no long retention where the catalogue says so", async () => {
    vi.stubEnv("PI_CACHE_RETENTION", "long");
    const glm = catalogue("baseten", "zai-org/GLM-5.2");
    const baseten = await bodyOf(streamRequest(glm, { thinkingLevel: "high", sessionId: "s-9" }));
    expect(baseten).toMatchObject({ chat_template_args: { enable_thinking: true }, reasoning_effort: "high" });
    expect(baseten).not.toHaveProperty("prompt_cache_retention");
    expect(lastHeaders()["x-session-affinity"]).toBe("s-9");
    const off = await bodyOf(streamRequest(glm, { thinkingLevel: "off" }));
    expect(off).toMatchObject({ chat_template_args: { enable_thinking: false }, reasoning_effort: "none" });
    const together = await bodyOf(streamRequest(catalogue("together", "deepseek-ai/DeepSeek-V4-Pro-0813"), { thinkingLevel: "high" }));
    expect(together).toMatchObject({ reasoning: { enabled: true }, reasoning_effort: "high" });
    expect(together).not.toHaveProperty("prompt_cache_retention");
  });
});
