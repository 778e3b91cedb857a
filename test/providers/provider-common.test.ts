import { describe, expect, it } from "vitest";
import type { Message } from "../../kernel/messages.js";
import {
  ClientCache,
  describeErrorBody,
  isContextOverflowText,
  parseRetryAfterMs,
  prepareReplay,
  sanitizeText,
  sanitizeToolCallId,
} from "../../lib/provider-kit/index.js";
import { usesAdaptiveThinking } from "../../plugins/provider-anthropic/index.js";
import { resolveCompletionsCompat } from "../../plugins/provider-openai/index.js";
import { assistant, testModel, toolResult, user } from "./support/models.js";

describe("parseRetryAfterMs", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  it("prefers retry-after-ms, then seconds, then an HTTP date", () => {
    expect(parseRetryAfterMs({ "retry-after-ms": "250.4", "retry-after": "9" }, now)).toBe(250);
    expect(parseRetryAfterMs({ "retry-after": "2.5" }, now)).toBe(2500);
    expect(parseRetryAfterMs({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }, now)).toBe(30_000);
  });
  it("ignores garbage and clamps dates in the past to zero", () => {
    expect(parseRetryAfterMs({ "retry-after": "soon" }, now)).toBeUndefined();
    expect(parseRetryAfterMs({ "retry-after-ms": "-5" }, now)).toBeUndefined();
    expect(parseRetryAfterMs({ "retry-after": "Wed, 31 Dec 2025 23:59:00 GMT" }, now)).toBe(0);
    expect(parseRetryAfterMs({}, now)).toBeUndefined();
  });
});

describe("isContextOverflowText", () => {
  it("recognises providers' overflow texts", () => {
    for (const text of [
      "400 invalid_request_error: prompt is too long: 213462 tokens > 200000 maximum",
      "413 request_too_large: Request exceeds the maximum size",
      "This model's maximum context length is 128000 tokens. However, you requested 130000 tokens",
      "the request exceeds the available context size, try increasing it",
      "prompt too long; exceeded max context length by 12 tokens",
    ]) {
      expect(isContextOverflowText(text), text).toBe(true);
    }
  });
  it("does not take rate limits or other errors for overflow", () => {
    expect(isContextOverflowText("ThrottlingException: Too many tokens, please wait (rate limit)")).toBe(false);
    expect(isContextOverflowText("429 Too many requests: too many tokens per minute")).toBe(false);
    expect(isContextOverflowText("500 internal server error")).toBe(false);
  });
});

describe("describeErrorBody", () => {
  it("reads Anthropic, OpenAI, FastAPI and OpenRouter shapes", () => {
    expect(describeErrorBody({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } })).toEqual({ text: "Overloaded", type: "overloaded_error" });
    expect(describeErrorBody({ message: "Rate limit", type: "requests", code: "rate_limit_exceeded" })).toEqual({ text: "Rate limit", type: "rate_limit_exceeded" });
    expect(describeErrorBody({ detail: "Model not loaded" })).toEqual({ text: "Model not loaded" });
    expect(describeErrorBody({ error: { message: "Provider returned error", code: 502, metadata: { raw: "upstream said no" } } })).toEqual({
      text: "Provider returned error\nupstream said no",
      type: "502",
    });
    expect(describeErrorBody(null)).toEqual({});
    expect(describeErrorBody("  ")).toEqual({});
  });
});

describe("prepareReplay", () => {
  const model = testModel("anthropic-messages", "http://127.0.0.1:1");
  it("answers unanswered tool calls once and drops results without a call", () => {
    const messages: Message[] = [
      user("go"),
      assistant(model, [
        { type: "toolCall", id: "a", name: "read", arguments: {} },
        { type: "toolCall", id: "b", name: "read", arguments: {} },
      ]),
      toolResult("a", "read", [{ type: "text", text: "A" }]),
      toolResult("a", "read", [{ type: "text", text: "duplicate" }]),
      toolResult("zzz", "read", [{ type: "text", text: "stray" }]),
      user("next"),
    ];
    const replay = prepareReplay(messages, model);
    expect(replay.map((message) => (message.role === "toolResult" ? `result:${message.toolCallId}:${message.isError}` : message.role))).toEqual([
      "user", "assistant", "result:a:false", "result:b:true", "user",
    ]);
  });
  it("drops results of a failed turn along with the turn", () => {
    const messages: Message[] = [
      user("go"),
      assistant(model, [{ type: "toolCall", id: "a", name: "read", arguments: {} }], { stopReason: "aborted" }),
      toolResult("a", "read", [{ type: "text", text: "A" }]),
    ];
    expect(prepareReplay(messages, model).map((message) => message.role)).toEqual(["user"]);
  });
  it("for a model without image input, passes a text-only tool result on as it is and replaces an image in another", () => {
    const textOnly = { ...model, input: ["text" as const] };
    const text = toolResult("a", "read", [{ type: "text", text: "A" }]);
    const image = toolResult("b", "read", [{ type: "text", text: "B" }, { type: "image", data: "AAAA", mimeType: "image/png" }]);
    const calls = assistant(model, [
      { type: "toolCall", id: "a", name: "read", arguments: {} },
      { type: "toolCall", id: "b", name: "read", arguments: {} },
    ]);
    const replay = prepareReplay([user("go"), calls, text, image], textOnly);
    // a long resumed session's results are not copied one by one
    expect(replay[2]).toBe(text);
    expect(replay[3]).not.toBe(image);
    expect((replay[3] as typeof image).content).toEqual([{ type: "text", text: "B" }, { type: "text", text: "(tool image omitted: model does not support images)" }]);
  });
});

describe("small helpers", () => {
  it("sanitizes tool call ids and text", () => {
    expect(sanitizeToolCallId("call|abc/def=", 64)).toBe("call_abc_def_");
    expect(sanitizeToolCallId("x".repeat(80), 64)).toHaveLength(64);
    expect(sanitizeToolCallId("", 64)).toBe("call");
    expect(sanitizeText(`ok \uD83D alone, pair 😀`)).toBe("ok  alone, pair 😀");
  });

  it("reuses one client per identity and evicts the least recently used", () => {
    const cache = new ClientCache<object>(2);
    const identity = (apiKey: string, headers: Record<string, string> = {}) => ({ baseUrl: "http://x", apiKey, headers });
    const first = cache.get(identity("k1", { a: "1", b: "2" }), () => ({}));
    expect(cache.get(identity("k1", { b: "2", a: "1" }), () => ({}))).toBe(first);
    cache.get(identity("k2"), () => ({}));
    cache.get(identity("k1", { a: "1", b: "2" }), () => ({}));
    cache.get(identity("k3"), () => ({}));
    expect(cache.size).toBe(2);
    expect(cache.get(identity("k1", { a: "1", b: "2" }), () => ({}))).toBe(first);
  });

  it("knows which Claude models think adaptively", () => {
    const adaptive = (id: string) => usesAdaptiveThinking(testModel("anthropic-messages", "http://x", { id }));
    expect(adaptive("claude-opus-4-6")).toBe(true);
    expect(adaptive("claude-opus-4-7-20260101")).toBe(true);
    expect(adaptive("claude-sonnet-4.6")).toBe(true);
    expect(adaptive("claude-opus-5")).toBe(true);
    expect(adaptive("claude-opus-4-20250514")).toBe(false);
    expect(adaptive("claude-sonnet-4-5-20250929")).toBe(false);
    expect(adaptive("claude-3-7-sonnet-latest")).toBe(false);
  });

  it("detects well-known servers' compat and lets model.compat override it", () => {
    const compat = (overrides: Parameters<typeof testModel>[2]) => resolveCompletionsCompat(testModel("openai-completions", "http://x", overrides));
    expect(compat({})).toMatchObject({ supportsStore: true, supportsDeveloperRole: true, thinkingFormat: "openai", maxTokensField: "max_completion_tokens" });
    expect(compat({ baseUrl: "https://api.deepseek.com" })).toMatchObject({ supportsStore: false, thinkingFormat: "deepseek", requiresReasoningContentOnAssistantMessages: true });
    expect(compat({ provider: "moonshotai" })).toMatchObject({ maxTokensField: "max_tokens", supportsReasoningEffort: false });
    expect(compat({ provider: "deepseek", compat: { thinkingFormat: "openai", supportsStore: true, maxTokensField: "bogus" } })).toMatchObject({
      thinkingFormat: "openai",
      supportsStore: true,
      // a value it does not know falls back to the detected one (DeepSeek's: max_tokens)
      maxTokensField: "max_tokens",
    });
  });
});
