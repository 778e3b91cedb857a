import { describe, expect, it } from "vitest";
import type { Message } from "../../kernel/messages.js";
import type { StreamRequest } from "../../kernel/provider.js";
import { streamAnthropic } from "../../plugins/provider-anthropic/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { assistant, BASH_TOOL, PIXEL_PNG, READ_TOOL, streamRequest, testModel, toolResult, user } from "./support/models.js";
import { sentBody, useSharedMock } from "./support/request-bodies.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

/** Sends one request and returns the body the server received. */
const bodyOf = (request: StreamRequest) => sentBody(mock, streamAnthropic, request);

describe("anthropic-messages request body", () => {
  it("compat: supportsTemperature false leaves temperature out; supportsCacheControlOnTools false leaves the tools unmarked", async () => {
    const model = { ...testModel("anthropic-messages", mock.url), compat: { supportsTemperature: false, supportsCacheControlOnTools: false } };
    const body = await bodyOf(streamRequest(model, { tools: [READ_TOOL], temperature: 0.5 }));
    expect(body.temperature).toBeUndefined();
    expect((body.tools as Array<Record<string, unknown>>)[0]!.cache_control).toBeUndefined();
    const plain = await bodyOf(streamRequest(testModel("anthropic-messages", mock.url), { tools: [READ_TOOL], temperature: 0.5 }));
    expect(plain.temperature).toBe(0.5);
    expect((plain.tools as Array<Record<string, unknown>>)[0]!.cache_control).toEqual({ type: "ephemeral" });
  });

  it("sends system prompt, tools and the last user turn with cache breakpoints", async () => {
    const model = testModel("anthropic-messages", mock.url);
    const body = await bodyOf(streamRequest(model, { tools: [READ_TOOL, BASH_TOOL] }));
    expect(body.model).toBe("claude-mock");
    expect(body.stream).toBe(true);
    // the model's maximum, fitted into the context window (pi 1.6.0's rule)
    expect(body.max_tokens).toBe(64000);
    expect(body.system).toEqual([{ type: "text", text: "You are a test assistant.", cache_control: { type: "ephemeral" } }]);
    expect(body.tools).toEqual([
      { name: "read", description: "Read a file", input_schema: READ_TOOL.parameters, eager_input_streaming: true },
      {
        name: "bash",
        description: "Run a command",
        input_schema: BASH_TOOL.parameters,
        eager_input_streaming: true,
        cache_control: { type: "ephemeral" },
      },
    ]);
    expect(body.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Hello", cache_control: { type: "ephemeral" } }] }]);
    expect(body.thinking).toBeUndefined();
    expect(body.temperature).toBeUndefined();
    const breakpoints = JSON.stringify(body).match(/cache_control/g) ?? [];
    expect(breakpoints.length).toBeLessThanOrEqual(4);
  });

  it("converts a whole conversation: images, thinking, tool calls and batched tool results", async () => {
    const model = testModel("anthropic-messages", mock.url, { reasoning: true });
    const messages: Message[] = [
      user([{ type: "text", text: "Look at this" }, { type: "image", data: PIXEL_PNG, mimeType: "image/png" }]),
      assistant(model, [
        { type: "thinking", thinking: "Planning", thinkingSignature: "sig-1" },
        { type: "thinking", thinking: "", thinkingSignature: "opaque-data", redacted: true },
        { type: "text", text: "Reading two files." },
        { type: "toolCall", id: "toolu_a", name: "read", arguments: { path: "a" } },
        { type: "toolCall", id: "call|with/odd+chars", name: "read", arguments: { path: "b" } },
      ]),
      toolResult("toolu_a", "read", [{ type: "text", text: "contents of a" }]),
      toolResult("call|with/odd+chars", "read", [
        { type: "text", text: "an image:" },
        { type: "image", data: PIXEL_PNG, mimeType: "image/png" },
      ], true),
      user("Thanks"),
    ];
    const body = await bodyOf(streamRequest(model, { messages, tools: [READ_TOOL] }));
    expect(body.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "Look at this" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: PIXEL_PNG } },
        ],
      },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "Planning", signature: "sig-1" },
          { type: "redacted_thinking", data: "opaque-data" },
          { type: "text", text: "Reading two files." },
          { type: "tool_use", id: "toolu_a", name: "read", input: { path: "a" } },
          { type: "tool_use", id: "call_with_odd_chars", name: "read", input: { path: "b" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_a", content: "contents of a", is_error: false },
          {
            type: "tool_result",
            tool_use_id: "call_with_odd_chars",
            is_error: true,
            content: [
              { type: "text", text: "an image:" },
              { type: "image", source: { type: "base64", media_type: "image/png", data: PIXEL_PNG } },
            ],
          },
        ],
      },
      { role: "user", content: [{ type: "text", text: "Thanks", cache_control: { type: "ephemeral" } }] },
    ]);
  });

  it("replays other models' turns safely and drops failed turns", async () => {
    const model = testModel("anthropic-messages", mock.url, { reasoning: true });
    const other = testModel("openai-responses", mock.url, { id: "gpt-other" });
    const messages: Message[] = [
      user("First"),
      assistant(other, [
        { type: "thinking", thinking: "Foreign reasoning", thinkingSignature: '{"type":"reasoning"}' },
        { type: "thinking", thinking: "", thinkingSignature: "x", redacted: true },
        { type: "toolCall", id: "call_1|fc_1", name: "bash", arguments: { command: "ls" }, thoughtSignature: "t" },
      ]),
      // no result for call_1: it is answered as failed
      user("   "),
      assistant(model, [{ type: "text", text: "partial" }], { stopReason: "error", errorMessage: "boom" }),
      assistant(model, [{ type: "thinking", thinking: "unsigned thoughts" }, { type: "text", text: "  " }]),
      user("Again"),
    ];
    const body = await bodyOf(streamRequest(model, { messages, tools: [BASH_TOOL] }));
    expect(body.messages).toEqual([
      { role: "user", content: "First" },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "call_1_fc_1", name: "bash", input: { command: "ls" } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "call_1_fc_1", content: "No result provided", is_error: true }] },
      { role: "assistant", content: [{ type: "text", text: "unsigned thoughts" }] },
      { role: "user", content: [{ type: "text", text: "Again", cache_control: { type: "ephemeral" } }] },
    ]);
  });

  it("replaces images for a model without image input", async () => {
    const model = testModel("anthropic-messages", mock.url, { input: ["text"] });
    const messages = [user([{ type: "image", data: PIXEL_PNG, mimeType: "image/png" }, { type: "image", data: PIXEL_PNG, mimeType: "image/png" }])];
    const body = await bodyOf(streamRequest(model, { messages }));
    expect(body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "(image omitted: model does not support images)", cache_control: { type: "ephemeral" } }] },
    ]);
  });
});

describe("anthropic-messages thinking parameters", () => {
  const budgetModel = () => testModel("anthropic-messages", mock.url, { id: "claude-haiku-4-5-20251001", reasoning: true });

  it("gives older models a token budget and raises max_tokens above it", async () => {
    const body = await bodyOf(streamRequest(budgetModel(), { thinkingLevel: "medium", temperature: 0.5 }));
    expect(body.thinking).toEqual({ type: "enabled", budget_tokens: 8192, display: "summarized" });
    // the budget rides on top of the output cap, up to the model's maximum (pi's rule)
    expect(body.max_tokens).toBe(64000);
    expect(body.temperature).toBeUndefined();
    expect(mock.requests[0]?.headers["anthropic-beta"]).toContain("interleaved-thinking-2025-05-14");
  });

  it("honours thinkingBudgets and keeps max_tokens above the budget", async () => {
    const body = await bodyOf(streamRequest(budgetModel(), { thinkingLevel: "high", thinkingBudgets: { high: 20000 }, maxTokens: 4000 }));
    expect(body.thinking).toEqual({ type: "enabled", budget_tokens: 20000, display: "summarized" });
    expect(body.max_tokens).toBe(24000);

    // At least 1024 tokens stay free for the visible answer.
    const tight = await bodyOf(streamRequest(budgetModel(), { thinkingLevel: "low", maxTokens: 500 }));
    expect(tight.max_tokens).toBe(2548);
    expect(tight.thinking).toEqual({ type: "enabled", budget_tokens: 1524, display: "summarized" });

    const small = testModel("anthropic-messages", mock.url, { id: "claude-3-7-sonnet-latest", reasoning: true, maxTokens: 8192 });
    const capped = await bodyOf(streamRequest(small, { thinkingLevel: "high" }));
    expect(capped.max_tokens).toBe(8192);
    expect(capped.thinking).toEqual({ type: "enabled", budget_tokens: 8192 - 1024, display: "summarized" });
  });

  it("switches thinking off explicitly at level off and sends the temperature", async () => {
    const body = await bodyOf(streamRequest(budgetModel(), { thinkingLevel: "off", temperature: 0.2 }));
    expect(body.thinking).toEqual({ type: "disabled" });
    expect(body.temperature).toBe(0.2);
    expect(mock.requests[0]?.headers["anthropic-beta"]).toBeUndefined();
  });

  it("uses adaptive thinking with an effort on Claude 4.6 and later", async () => {
    const opus = testModel("anthropic-messages", mock.url, { id: "claude-opus-4-6", reasoning: true, thinkingLevelMap: { xhigh: "max" } });
    const body = await bodyOf(streamRequest(opus, { thinkingLevel: "low" }));
    expect(body.thinking).toEqual({ type: "adaptive", display: "summarized" });
    expect(body.output_config).toEqual({ effort: "low" });
    // the model's maximum, fitted into the context window (pi 1.6.0's rule)
    expect(body.max_tokens).toBe(64000);
    expect(mock.requests[0]?.headers["anthropic-beta"]).toBeUndefined();

    const xhigh = await bodyOf(streamRequest(opus, { thinkingLevel: "xhigh" }));
    expect(xhigh.output_config).toEqual({ effort: "max" });

    const bedrockId = testModel("anthropic-messages", mock.url, { id: "us.anthropic.claude-sonnet-4-6-v1:0", reasoning: true });
    expect((await bodyOf(streamRequest(bedrockId, { thinkingLevel: "high" }))).output_config).toEqual({ effort: "high" });
  });

  it("lets compat.forceAdaptiveThinking override the model-id rule", async () => {
    const custom = testModel("anthropic-messages", mock.url, { id: "my-proxy-model", reasoning: true, compat: { forceAdaptiveThinking: true } });
    const body = await bodyOf(streamRequest(custom, { thinkingLevel: "medium" }));
    expect(body.thinking).toEqual({ type: "adaptive", display: "summarized" });
    expect(body.output_config).toEqual({ effort: "medium" });
  });

  it("asks for fine-grained tool streaming by beta header when the server lacks eager_input_streaming", async () => {
    const model = testModel("anthropic-messages", mock.url, { compat: { supportsEagerToolInputStreaming: false } });
    const body = await bodyOf(streamRequest(model, { tools: [READ_TOOL] }));
    expect((body.tools as Record<string, unknown>[])[0]?.eager_input_streaming).toBeUndefined();
    expect(mock.requests[0]?.headers["anthropic-beta"]).toBe("fine-grained-tool-streaming-2025-05-14");
  });
});

describe("anthropic-messages headers", () => {
  it("sends model and request headers and the API key", async () => {
    const model = testModel("anthropic-messages", mock.url, { headers: { "x-model-header": "m", "x-both": "model" } });
    await bodyOf(streamRequest(model, { headers: { "x-request-header": "r", "x-both": "request" } }));
    const headers = mock.requests[0]?.headers ?? {};
    expect(headers["x-model-header"]).toBe("m");
    expect(headers["x-request-header"]).toBe("r");
    expect(headers["x-both"]).toBe("request");
    // an API key goes in x-api-key, as pi sends it
    expect(headers["x-api-key"]).toBe("test-key");
    expect(headers.authorization).toBeUndefined();
    expect(headers["anthropic-version"]).toBe("2023-06-01");
  });

  it("sends only its own key: no token from ANTHROPIC_AUTH_TOKEN or the SDK's credential chain beside it", async () => {
    const saved = process.env.ANTHROPIC_AUTH_TOKEN;
    process.env.ANTHROPIC_AUTH_TOKEN = "stray-token";
    try {
      await bodyOf(streamRequest(testModel("anthropic-messages", mock.url, { headers: { "x-case": "stray" } })));
    } finally {
      if (saved === undefined) delete process.env.ANTHROPIC_AUTH_TOKEN;
      else process.env.ANTHROPIC_AUTH_TOKEN = saved;
    }
    const headers = mock.requests[0]?.headers ?? {};
    expect(headers["x-api-key"]).toBe("test-key");
    expect(headers.authorization).toBeUndefined();
  });

  it("sends no credentials at all without an API key", async () => {
    const model = testModel("anthropic-messages", mock.url);
    await bodyOf(streamRequest(model, { apiKey: undefined }));
    const headers = mock.requests[0]?.headers ?? {};
    expect(headers.authorization).toBeUndefined();
    expect(headers["x-api-key"]).toBeUndefined();
  });
});
