// pi 1.6.0's newer Anthropic Messages compat fields, as the request pith sends (and the reply it prices) shows them,
// for models.json-style models and for catalogue models that set them.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Model } from "../../kernel/model.js";
import type { StreamRequest, ToolSpec } from "../../kernel/index.js";
import { builtInModelsOf } from "../../plugins/models/index.js";
import { streamAnthropic } from "../../plugins/provider-anthropic/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { assistant, collect, finalMessage, READ_TOOL, streamRequest, testModel, user } from "./support/models.js";
import { sentBody, useSharedMock } from "./support/request-bodies.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));
afterEach(() => vi.unstubAllEnvs());

const bodyOf = (request: StreamRequest) => sentBody(mock, streamAnthropic, request);
const lastHeaders = () => mock.requests[mock.requests.length - 1]?.headers ?? {};
const model = (overrides: Partial<Model> = {}) => testModel("anthropic-messages", mock.url, { provider: "gateway", ...overrides });
const catalogue = (provider: string, id: string): Model => {
  const found = builtInModelsOf(provider).find((candidate) => candidate.id === id);
  if (!found) throw new Error(`${provider}/${id} is not in the catalogue`);
  return { ...found, baseUrl: mock.url };
};
const STRICT_READ: ToolSpec = {
  name: "read",
  description: "Read a file",
  parameters: { type: "object", properties: { path: { type: "string" }, limit: { type: "number" } }, required: ["path"] },
  constrainedSampling: { type: "json_schema", strict: "prefer" },
};

describe("anthropic-messages compat (pi 1.6.0)", () => {
  it("forceAdaptiveThinking decides between adaptive thinking and a token budget, whatever the model id", async () => {
    const forced = await bodyOf(streamRequest(model({ id: "proxy-model", reasoning: true, compat: { forceAdaptiveThinking: true } }), { thinkingLevel: "medium" }));
    expect(forced).toMatchObject({ thinking: { type: "adaptive", display: "summarized" }, output_config: { effort: "medium" } });
    expect(lastHeaders()["anthropic-beta"]).toBeUndefined();
    const optedOut = await bodyOf(streamRequest(model({ id: "claude-opus-4-7", reasoning: true, compat: { forceAdaptiveThinking: false } }), { thinkingLevel: "low" }));
    expect(optedOut.thinking).toEqual({ type: "enabled", budget_tokens: 2048, display: "summarized" });
    expect(lastHeaders()["anthropic-beta"]).toBe("interleaved-thinking-2025-05-14");
  });

  it("allowEmptySignature replays unsigned thinking as thinking with an empty signature, not as text", async () => {
    const request = (of: Model) =>
      streamRequest(of, {
        messages: [user("q"), assistant(of, [{ type: "thinking", thinking: "Mulling", thinkingSignature: "" }, { type: "text", text: "A" }]), user("more")],
      });
    const allowed = model({ compat: { allowEmptySignature: true } });
    expect(((await bodyOf(request(allowed))).messages as { content: unknown }[])[1]?.content).toEqual([
      { type: "thinking", thinking: "Mulling", signature: "" },
      { type: "text", text: "A" },
    ]);
    const plain = model();
    expect(((await bodyOf(request(plain))).messages as { content: unknown }[])[1]?.content).toEqual([
      { type: "text", text: "Mulling" },
      { type: "text", text: "A" },
    ]);
  });

  it("PI_CACHE_RETENTION=long marks a one-hour cache unless supportsLongCacheRetention is false; none marks nothing", async () => {
    const marks = (body: Record<string, unknown>) => JSON.stringify(body).match(/"cache_control":\{[^}]*\}/g);
    vi.stubEnv("PI_CACHE_RETENTION", "long");
    expect(marks(await bodyOf(streamRequest(model(), { tools: [READ_TOOL] })))).toEqual(Array(3).fill('"cache_control":{"type":"ephemeral","ttl":"1h"}'));
    expect(marks(await bodyOf(streamRequest(model({ compat: { supportsLongCacheRetention: false } }), { tools: [READ_TOOL] })))).toEqual(
      Array(3).fill('"cache_control":{"type":"ephemeral"}'),
    );
    vi.stubEnv("PI_CACHE_RETENTION", "none");
    expect(marks(await bodyOf(streamRequest(model(), { tools: [READ_TOOL] })))).toBeNull();
  });

  it("session affinity: OpenRouter sends x-session-id by default, sendSessionAffinityHeaders x-session-affinity", async () => {
    const affinity = async (of: Model) => {
      await bodyOf(streamRequest(of, { sessionId: "s-3" }));
      return ["x-session-id", "x-session-affinity"].filter((name) => lastHeaders()[name] === "s-3");
    };
    expect(await affinity(model({ provider: "openrouter" }))).toEqual(["x-session-id"]);
    expect(await affinity(model({ compat: { sendSessionAffinityHeaders: true } }))).toEqual(["x-session-affinity"]);
    expect(await affinity(model({ compat: { sendSessionAffinityHeaders: true, sessionAffinityFormat: "openrouter" } }))).toEqual(["x-session-id"]);
    expect(await affinity(model())).toEqual([]);
  });

  it("supportsStrictTools sends tools that ask for constrained sampling strict, when their schema fits Anthropic's subset", async () => {
    const of = model({ compat: { supportsStrictTools: true } });
    const bounded: ToolSpec = { ...STRICT_READ, name: "bounded", parameters: { type: "object", properties: { n: { type: "number", maximum: 5 } } } };
    const tools = (await bodyOf(streamRequest(of, { tools: [STRICT_READ, READ_TOOL, bounded] }))).tools as Record<string, unknown>[];
    expect(tools[0]).toMatchObject({
      strict: true,
      input_schema: {
        type: "object",
        properties: { path: { type: "string" }, limit: { anyOf: [{ type: "number" }, { type: "null" }] } },
        required: ["path", "limit"],
        additionalProperties: false,
      },
    });
    expect(tools[1]).not.toHaveProperty("strict");
    expect(tools[2]).not.toHaveProperty("strict");
    const without = (await bodyOf(streamRequest(model(), { tools: [STRICT_READ] }))).tools as Record<string, unknown>[];
    expect(without[0]).not.toHaveProperty("strict");
    expect(without[0]?.input_schema).toEqual({ type: "object", properties: STRICT_READ.parameters.properties, required: ["path"] });
  });

  it("allowedFallbackModels (catalogue claude-fable-5): fallbacks and their beta are sent, a fallback's reply is priced as that model", async () => {
    const fable = catalogue("anthropic", "claude-fable-5");
    mock.enqueue({ text: "from the fallback", model: "claude-opus-4-8", usage: { input: 1_000_000, output: 0 } });
    const message = finalMessage(await collect(streamAnthropic(streamRequest(fable))));
    const sent = mock.requests[mock.requests.length - 1]!;
    expect(sent.body.fallbacks).toEqual([{ model: "claude-opus-4-8" }, { model: "claude-opus-5" }]);
    expect(String(sent.headers["anthropic-beta"]).split(",")).toContain("server-side-fallback-2026-07-01");
    expect(message.responseModel).toBe("claude-opus-4-8");
    expect(message.usage.cost.input).toBeCloseTo(5, 9);
    // catalogue compat also makes its strict tools strict
    expect(((await bodyOf(streamRequest(fable, { tools: [STRICT_READ] }))).tools as Record<string, unknown>[])[0]?.strict).toBe(true);
    const plain = await bodyOf(streamRequest(model()));
    expect(plain).not.toHaveProperty("fallbacks");
  });

  it("an anthropic-beta header of the model or the call is the whole beta list, as pi 1.6.0 takes it", async () => {
    const thinking = { id: "claude-opus-4-1", reasoning: true };
    // computed: interleaved thinking
    await bodyOf(streamRequest(model(thinking), { thinkingLevel: "low", tools: [READ_TOOL] }));
    expect(lastHeaders()["anthropic-beta"]).toBe("interleaved-thinking-2025-05-14");
    // the model's header replaces them, trimmed and without repeats
    const configured = model({ ...thinking, headers: { "Anthropic-Beta": " user-beta , other-beta,user-beta" } });
    await bodyOf(streamRequest(configured, { thinkingLevel: "low", tools: [READ_TOOL] }));
    expect(lastHeaders()["anthropic-beta"]).toBe("user-beta,other-beta");
    // the call's header wins over the model's; null sends none
    await bodyOf(streamRequest(configured, { thinkingLevel: "low", tools: [READ_TOOL], headers: { "anthropic-beta": "call-beta" } }));
    expect(lastHeaders()["anthropic-beta"]).toBe("call-beta");
    await bodyOf(streamRequest(configured, { thinkingLevel: "low", tools: [READ_TOOL], headers: { "anthropic-beta": null } }));
    expect(lastHeaders()["anthropic-beta"]).toBeUndefined();
  });
});
