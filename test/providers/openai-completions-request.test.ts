import { describe, expect, it } from "vitest";
import type { Message } from "../../kernel/messages.js";
import type { StreamRequest } from "../../kernel/provider.js";
import { streamOpenAICompletions } from "../../plugins/provider-openai/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { assistant, BASH_TOOL, PIXEL_PNG, READ_TOOL, streamRequest, testModel, toolResult, user } from "./support/models.js";
import { sentBody, useSharedMock } from "./support/request-bodies.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

/** Sends one request and returns the body the server received. */
const bodyOf = (request: StreamRequest) => sentBody(mock, streamOpenAICompletions, request);

const dataUrl = `data:image/png;base64,${PIXEL_PNG}`;

describe("openai-completions request body", () => {
  it("sends OpenAI's defaults: system role, tools, usage streaming, store, max_completion_tokens", async () => {
    const model = testModel("openai-completions", mock.url);
    const body = await bodyOf(streamRequest(model, { tools: [READ_TOOL], temperature: 0.3 }));
    expect(body).toMatchObject({
      model: "gpt-mock",
      stream: true,
      stream_options: { include_usage: true },
      store: false,
      max_completion_tokens: 64000,
      temperature: 0.3,
    });
    expect(body.messages).toEqual([
      { role: "system", content: "You are a test assistant." },
      { role: "user", content: "Hello" },
    ]);
    expect(body.tools).toEqual([{ type: "function", function: { name: "read", description: "Read a file", parameters: READ_TOOL.parameters } }]);
    expect(body.reasoning_effort).toBeUndefined();
    expect(mock.requests[0]?.headers.authorization).toBe("Bearer test-key");
  });

  it("converts a conversation with images, tool calls, consecutive tool results and their images", async () => {
    const model = testModel("openai-completions", mock.url);
    const messages: Message[] = [
      user([{ type: "text", text: "See" }, { type: "image", data: PIXEL_PNG, mimeType: "image/png" }]),
      assistant(model, [
        { type: "text", text: "Checking " },
        { type: "text", text: "both." },
        { type: "toolCall", id: "call_a", name: "read", arguments: { path: "a" } },
        { type: "toolCall", id: "call_b|fc_123", name: "bash", arguments: { command: "ls" } },
      ]),
      toolResult("call_a", "read", [{ type: "text", text: "A" }]),
      toolResult("call_b|fc_123", "bash", [{ type: "image", data: PIXEL_PNG, mimeType: "image/png" }], true),
      user("next"),
    ];
    const body = await bodyOf(streamRequest(model, { messages, tools: [READ_TOOL, BASH_TOOL] }));
    expect(body.messages).toEqual([
      { role: "system", content: "You are a test assistant." },
      { role: "user", content: [{ type: "text", text: "See" }, { type: "image_url", image_url: { url: dataUrl } }] },
      {
        role: "assistant",
        content: "Checking both.",
        tool_calls: [
          { id: "call_a", type: "function", function: { name: "read", arguments: '{"path":"a"}' } },
          { id: "call_b", type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } },
        ],
      },
      { role: "tool", content: "A", tool_call_id: "call_a" },
      { role: "tool", content: "(see attached image)", tool_call_id: "call_b" },
      { role: "user", content: [{ type: "text", text: "Attached image(s) from tool result:" }, { type: "image_url", image_url: { url: dataUrl } }] },
      { role: "user", content: "next" },
    ]);
  });

  it("sends no tools list when none are offered, also with tool calls in the history (pi 1.6.0; vLLM refuses an empty one)", async () => {
    const model = testModel("openai-completions", mock.url);
    const messages: Message[] = [
      user("go"),
      assistant(model, [{ type: "toolCall", id: "call_x", name: "read", arguments: {} }]),
      toolResult("call_x", "read", [{ type: "text", text: "" }]),
    ];
    const body = await bodyOf(streamRequest(model, { messages, tools: [] }));
    expect(body).not.toHaveProperty("tools");
    expect((body.messages as unknown[])[3]).toEqual({ role: "tool", content: "", tool_call_id: "call_x" });
  });

  it("uses the developer role and reasoning_effort for reasoning models, honouring thinkingLevelMap", async () => {
    const model = testModel("openai-completions", mock.url, { reasoning: true, thinkingLevelMap: { minimal: "low", off: "none" } });
    const body = await bodyOf(streamRequest(model, { thinkingLevel: "medium" }));
    expect((body.messages as { role: string }[])[0]?.role).toBe("developer");
    expect(body.reasoning_effort).toBe("medium");
    expect((await bodyOf(streamRequest(model, { thinkingLevel: "minimal" }))).reasoning_effort).toBe("low");
    expect((await bodyOf(streamRequest(model, { thinkingLevel: "off" }))).reasoning_effort).toBe("none");
    expect((await bodyOf(streamRequest(model, { thinkingLevel: "xhigh" }))).reasoning_effort).toBe("high");
  });

  it("sends thinking back in the field it came in, only to the model that produced it", async () => {
    const model = testModel("openai-completions", mock.url, { reasoning: true });
    const other = testModel("openai-completions", mock.url, { id: "other-model", reasoning: true });
    const messages: Message[] = [
      user("q1"),
      assistant(model, [{ type: "thinking", thinking: "mine", thinkingSignature: "reasoning_content" }, { type: "text", text: "a1" }]),
      user("q2"),
      assistant(other, [{ type: "thinking", thinking: "theirs", thinkingSignature: "reasoning_content" }, { type: "text", text: "a2" }]),
      user("q3"),
    ];
    const body = await bodyOf(streamRequest(model, { messages }));
    const assistants = (body.messages as Record<string, unknown>[]).filter((message) => message.role === "assistant");
    expect(assistants).toEqual([
      { role: "assistant", content: "a1", reasoning_content: "mine" },
      // another model's reasoning is left out, as pi 1.6.0 leaves it out
      { role: "assistant", content: "a2" },
    ]);
  });

  it("truncates OpenAI tool call ids to 40 characters", async () => {
    const model = testModel("openai-completions", mock.url);
    const longId = `call_${"x".repeat(60)}`;
    const messages: Message[] = [user("go"), assistant(model, [{ type: "toolCall", id: longId, name: "read", arguments: {} }]), toolResult(longId, "read", [{ type: "text", text: "r" }])];
    const body = await bodyOf(streamRequest(model, { messages, tools: [READ_TOOL] }));
    const wire = body.messages as Record<string, unknown>[];
    expect((wire[2]?.tool_calls as { id: string }[])[0]?.id).toBe(longId.slice(0, 40));
    expect(wire[3]?.tool_call_id).toBe(longId.slice(0, 40));
  });
});

describe("openai-completions compat flags", () => {
  it("llama.cpp / vLLM style: max_tokens, no store, no developer role, no strict, named tool results", async () => {
    const model = testModel("openai-completions", mock.url, {
      provider: "llama-cpp",
      reasoning: true,
      compat: {
        maxTokensField: "max_tokens",
        supportsStore: false,
        supportsDeveloperRole: false,
        supportsStrictMode: false,
        supportsReasoningEffort: false,
        requiresToolResultName: true,
        requiresAssistantAfterToolResult: true,
      },
    });
    const messages: Message[] = [
      user("go"),
      assistant(model, [{ type: "toolCall", id: "c1", name: "read", arguments: { path: "x" } }]),
      toolResult("c1", "read", [{ type: "text", text: "X" }]),
      user("and now?"),
    ];
    const body = await bodyOf(streamRequest(model, { messages, tools: [READ_TOOL], thinkingLevel: "high", maxTokens: 1234 }));
    expect(body.max_tokens).toBe(1234);
    expect(body.max_completion_tokens).toBeUndefined();
    expect(body.store).toBeUndefined();
    expect(body.reasoning_effort).toBeUndefined();
    expect((body.tools as { function: Record<string, unknown> }[])[0]?.function.strict).toBeUndefined();
    expect(body.messages).toEqual([
      { role: "system", content: "You are a test assistant." },
      { role: "user", content: "go" },
      { role: "assistant", content: "", tool_calls: [{ id: "c1", type: "function", function: { name: "read", arguments: '{"path":"x"}' } }] },
      { role: "tool", content: "X", tool_call_id: "c1", name: "read" },
      { role: "assistant", content: "I have processed the tool results." },
      { role: "user", content: "and now?" },
    ]);
  });

  it("sends earlier thinking as text when the server requires it", async () => {
    const model = testModel("openai-completions", mock.url, { reasoning: true, compat: { requiresThinkingAsText: true } });
    const messages: Message[] = [user("q"), assistant(model, [{ type: "thinking", thinking: "hmm" }, { type: "text", text: "answer" }]), user("q2")];
    const body = await bodyOf(streamRequest(model, { messages }));
    expect((body.messages as unknown[])[2]).toEqual({ role: "assistant", content: "hmm\n\nanswer" });
  });

  it("DeepSeek: thinking switch, reasoning_content on every assistant message, no store", async () => {
    const model = testModel("openai-completions", mock.url, { provider: "deepseek", id: "deepseek-v4-pro", reasoning: true });
    const messages: Message[] = [user("q"), assistant(model, [{ type: "text", text: "a" }]), user("q2")];
    const on = await bodyOf(streamRequest(model, { messages, thinkingLevel: "high" }));
    expect(on.thinking).toEqual({ type: "enabled" });
    expect(on.reasoning_effort).toBe("high");
    expect(on.store).toBeUndefined();
    expect((on.messages as { role: string }[])[0]?.role).toBe("system");
    expect((on.messages as unknown[])[2]).toEqual({ role: "assistant", content: "a", reasoning_content: "" });
    const off = await bodyOf(streamRequest(model, { messages, thinkingLevel: "off" }));
    expect(off.thinking).toEqual({ type: "disabled" });
    expect(off.reasoning_effort).toBeUndefined();
  });

  it("OpenRouter: reasoning object, routing preferences and Anthropic cache breakpoints", async () => {
    const model = testModel("openai-completions", mock.url, {
      provider: "openrouter",
      id: "anthropic/claude-sonnet-4.6",
      reasoning: true,
      compat: { openRouterRouting: { only: ["anthropic"], allow_fallbacks: false } },
    });
    const body = await bodyOf(streamRequest(model, { thinkingLevel: "low", tools: [READ_TOOL] }));
    expect(body.reasoning).toEqual({ effort: "low" });
    expect(body.provider).toEqual({ only: ["anthropic"], allow_fallbacks: false });
    expect(body.messages).toEqual([
      // only OpenAI itself gets the developer role
      { role: "system", content: [{ type: "text", text: "You are a test assistant.", cache_control: { type: "ephemeral" } }] },
      { role: "user", content: [{ type: "text", text: "Hello", cache_control: { type: "ephemeral" } }] },
    ]);
    expect((body.tools as Record<string, unknown>[])[0]?.cache_control).toEqual({ type: "ephemeral" });
    const off = await bodyOf(streamRequest(model, { thinkingLevel: "off" }));
    expect(off.reasoning).toEqual({ effort: "none" });
  });

  it("Qwen chat templates and z.ai-style thinking switches", async () => {
    const qwen = testModel("openai-completions", mock.url, { reasoning: true, compat: { thinkingFormat: "qwen-chat-template" } });
    expect((await bodyOf(streamRequest(qwen, { thinkingLevel: "medium" }))).chat_template_kwargs).toEqual({ enable_thinking: true, preserve_thinking: true });
    const zai = testModel("openai-completions", mock.url, { provider: "zai", reasoning: true, compat: { zaiToolStream: true } });
    const body = await bodyOf(streamRequest(zai, { thinkingLevel: "off", tools: [READ_TOOL] }));
    expect(body.thinking).toEqual({ type: "disabled" });
    expect(body.tool_stream).toBe(true);
  });

  it("sends session affinity headers and the OpenAI prompt cache key when asked", async () => {
    const model = testModel("openai-completions", mock.url, { compat: { sendSessionAffinityHeaders: true } });
    await bodyOf(streamRequest(model, { sessionId: "session-42" }));
    const headers = mock.requests[0]?.headers ?? {};
    expect(headers["x-session-affinity"]).toBe("session-42");
    expect(headers.session_id).toBe("session-42");
    expect(mock.requests[0]?.body.prompt_cache_key).toBeUndefined();
  });

  it("sends no Authorization header to a keyless local server", async () => {
    await bodyOf(streamRequest(testModel("openai-completions", mock.url), { apiKey: undefined }));
    expect(mock.requests[0]?.headers.authorization).toBeUndefined();
  });
});
