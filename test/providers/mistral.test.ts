// Mistral ("mistral-conversations") against the mock server's Mistral chat stream: the request body and headers,
// thinking (prompt_mode and reasoning_effort), text, tool calls with streamed arguments and nine-character ids,
// images, usage with cached tokens, and every kind of failure.
import { describe, expect, it } from "vitest";
import type { Model } from "../../kernel/model.js";
import { providerErrorDetails } from "../../lib/provider-kit/assistant-builder.js";
import { streamMistral } from "../../plugins/provider-mistral/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { assistant, collect, eventTrace, finalMessage, PIXEL_PNG, READ_TOOL, streamRequest, testModel, toolResult, user } from "./support/models.js";
import { useSharedMock } from "./support/request-bodies.js";
import { restoreEnvironmentAfterEach } from "./support/environment.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));
restoreEnvironmentAfterEach(["PI_CACHE_RETENTION"]);

const mistral = (overrides: Partial<Model> = {}): Model =>
  testModel("openai-completions", mock.url, { api: "mistral-conversations", provider: "mistral", id: "magistral-small-latest", baseUrl: `${mock.url}/mistral`, ...overrides });

describe("mistral-conversations", () => {
  it("sends the chat body with the key, session affinity and prompt_mode, and maps thinking, text and cached usage", async () => {
    mock.enqueue({ thinking: "Plan it.", text: "Done.", usage: { input: 10, output: 5, cacheRead: 20 } });
    const model = mistral({ reasoning: true });
    const events = await collect(streamMistral(streamRequest(model, { thinkingLevel: "medium", apiKey: "mistral-key", temperature: 0.3, maxTokens: 512, sessionId: "session-1", tools: [READ_TOOL] })));
    expect(eventTrace(events).filter((entry) => !entry.includes("_delta"))).toEqual(["start", "thinking_start:0", "thinking_end:0", "text_start:1", "text_end:1", "done"]);
    const message = finalMessage(events);
    expect(message).toMatchObject({ api: "mistral-conversations", provider: "mistral", stopReason: "stop", rawStopReason: "stop", responseId: "mistral-mock-1" });
    expect(message.content).toEqual([{ type: "thinking", thinking: "Plan it." }, { type: "text", text: "Done." }]);
    expect(message.usage).toMatchObject({ input: 10, output: 5, cacheRead: 20, cacheWrite: 0, totalTokens: 35 });
    expect(message.usage.cost.total).toBeGreaterThan(0);
    const sent = mock.requests[0]!;
    expect(sent.path).toBe("/mistral/v1/chat/completions");
    expect(sent.headers).toMatchObject({ authorization: "Bearer mistral-key", "x-affinity": "session-1", accept: "text/event-stream" });
    expect(sent.body).toEqual({
      model: "magistral-small-latest",
      stream: true,
      messages: [{ role: "system", content: "You are a test assistant." }, { role: "user", content: "Hello" }],
      tools: [{ type: "function", function: { name: "read", description: "Read a file", parameters: READ_TOOL.parameters, strict: false } }],
      temperature: 0.3,
      max_tokens: 512,
      prompt_mode: "reasoning",
      prompt_cache_key: "session-1",
    });
  });

  it("takes reasoning_effort from a thinking level map (off included), and no cache key with PI_CACHE_RETENTION=none", async () => {
    const model = mistral({ id: "mistral-medium-latest", reasoning: true, thinkingLevelMap: { off: "none", minimal: null, low: null, medium: null, high: "high" } });
    process.env.PI_CACHE_RETENTION = "none";
    await collect(streamMistral(streamRequest(model, { thinkingLevel: "low", sessionId: "session-2" })));
    await collect(streamMistral(streamRequest(model, { thinkingLevel: "off" })));
    expect(mock.requests[0]!.body).toMatchObject({ reasoning_effort: "high" });
    expect(mock.requests[0]!.body.prompt_cache_key).toBeUndefined();
    expect(mock.requests[0]!.headers["x-affinity"]).toBeUndefined();
    expect(mock.requests[1]!.body).toMatchObject({ reasoning_effort: "none" });
    expect(mock.requests[1]!.body.prompt_mode).toBeUndefined();
  });

  it("streams tool calls' arguments in pieces, and replays calls with nine-character ids, thinking, images and a failed result", async () => {
    mock.enqueue({ thinking: "Two files.", text: "Reading.", toolCalls: [{ name: "read", arguments: { path: "a.ts" } }, { name: "read", arguments: { path: "b.ts" } }] });
    const model = mistral();
    const events = await collect(streamMistral(streamRequest(model, { tools: [READ_TOOL] })));
    expect(events.filter((event) => event.type === "toolcall_delta").length).toBeGreaterThan(2);
    const first = finalMessage(events);
    expect(first.stopReason).toBe("toolUse");
    expect(first.content).toEqual([
      { type: "thinking", thinking: "Two files." },
      { type: "text", text: "Reading." },
      { type: "toolCall", id: "mk1c10000", name: "read", arguments: { path: "a.ts" } },
      { type: "toolCall", id: "mk1c20000", name: "read", arguments: { path: "b.ts" } },
    ]);

    const foreign = assistant(mistral({ provider: "anthropic", api: "anthropic-messages", id: "claude" }), [
      { type: "thinking", thinking: "Look first." },
      { type: "toolCall", id: "toolu_01ABCdef", name: "read", arguments: { path: "c.png" } },
    ], { stopReason: "toolUse" });
    const messages = [
      user([{ type: "text", text: "look" }, { type: "image", data: PIXEL_PNG, mimeType: "image/png" }]),
      foreign,
      toolResult("toolu_01ABCdef", "read", [{ type: "image", data: PIXEL_PNG, mimeType: "image/png" }]),
      first,
      toolResult("mk1c10000", "read", [{ type: "text", text: "no such file" }], true),
      toolResult("mk1c20000", "read", [{ type: "text", text: "" }]),
    ];
    await collect(streamMistral(streamRequest(model, { tools: [READ_TOOL], messages })));
    const sent = mock.requests[1]!.body.messages as Record<string, unknown>[];
    const image = { type: "image_url", image_url: `data:image/png;base64,${PIXEL_PNG}` };
    expect(sent[1]).toEqual({ role: "user", content: [{ type: "text", text: "look" }, image] });
    const replayedId = (sent[2] as { tool_calls: { id: string }[] }).tool_calls[0]!.id;
    expect(replayedId).toMatch(/^[a-zA-Z0-9]{9}$/);
    // another model's thinking is left out (as pi 1.6.0 leaves it out); this model's own goes back as a thinking chunk
    expect(sent[2]).toEqual({
      role: "assistant",
      tool_calls: [{ id: replayedId, type: "function", function: { name: "read", arguments: '{"path":"c.png"}' }, index: 0 }],
      prefix: false,
    });
    expect(sent[3]).toEqual({ role: "tool", tool_call_id: replayedId, name: "read", content: [{ type: "text", text: "(see attached image)" }, image] });
    expect(sent[4]).toMatchObject({
      role: "assistant",
      content: [{ type: "thinking", thinking: [{ type: "text", text: "Two files." }] }, { type: "text", text: "Reading." }],
      tool_calls: [{ id: "mk1c10000" }, { id: "mk1c20000" }],
    });
    expect(sent[5]).toEqual({ role: "tool", tool_call_id: "mk1c10000", name: "read", content: [{ type: "text", text: "[tool error] no such file" }] });
    expect(sent[6]).toEqual({ role: "tool", tool_call_id: "mk1c20000", name: "read", content: [{ type: "text", text: "(no tool output)" }] });
  });

  it("reports rate limits, overflow, a bad key, an error in the stream, a malformed chunk and a dropped stream", async () => {
    mock.enqueue(
      { error: { status: 429, message: "Requests rate limit exceeded", headers: { "retry-after": "3" } } },
      { error: { status: 400, message: "Prompt contains 140000 tokens and 0 draft tokens, too large for model with 131072 maximum context length" } },
      { error: { status: 401, message: "Unauthorized" } },
      { text: "partial", streamError: { type: "internal_server_error", message: "the model stopped" } },
      { text: "partial", malformed: true },
      { text: "partial answer", dropAfterChunks: 2 },
    );
    const run = async () => finalMessage(await collect(streamMistral(streamRequest(mistral()))));
    const limited = await run();
    expect(limited.errorMessage).toBe("429 rate_limited: Requests rate limit exceeded");
    expect(providerErrorDetails(limited)).toMatchObject({ kind: "http", status: 429, retryAfterMs: 3000 });
    expect(providerErrorDetails(await run())).toMatchObject({ kind: "overflow", status: 400 });
    expect(providerErrorDetails(await run())).toMatchObject({ kind: "auth", status: 401 });
    const inStream = await run();
    expect(inStream.errorMessage).toBe("internal_server_error: the model stopped");
    expect(providerErrorDetails(inStream)).toMatchObject({ kind: "stream", errorType: "internal_server_error" });
    expect(providerErrorDetails(await run())).toMatchObject({ kind: "invalid_response" });
    const dropped = await run();
    expect(providerErrorDetails(dropped)?.kind).toMatch(/network|stream/);
    expect(dropped.content).toEqual([{ type: "text", text: expect.any(String) }]);
  });

  it("ends aborted when the signal fires mid-stream", async () => {
    mock.enqueue({ text: ["one ", "two ", "three"], delayMs: 200 });
    const controller = new AbortController();
    let message;
    for await (const event of streamMistral(streamRequest(mistral(), { signal: controller.signal }))) {
      if (event.type === "text_delta") controller.abort();
      if (event.type === "error") message = event.error;
    }
    expect(message?.stopReason).toBe("aborted");
  });
});
