// pi's own message protocol ("pi-messages", Radius) against the mock server: the request ({model, context,
// options}) and headers, thinking with its signature, text, tool calls with streamed arguments, images in the
// context, usage, the terminal events, bad content indexes and every kind of failure.
import { describe, expect, it } from "vitest";
import type { Model } from "../../kernel/model.js";
import { providerErrorDetails } from "../../lib/provider-kit/assistant-builder.js";
import { streamPiMessages } from "../../plugins/provider-pi-messages/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { collect, eventTrace, finalMessage, PIXEL_PNG, READ_TOOL, streamRequest, testModel, user } from "./support/models.js";
import { useSharedMock } from "./support/request-bodies.js";
import { startTestServer } from "./support/http-server.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

const radius = (overrides: Partial<Model> = {}): Model =>
  testModel("openai-completions", mock.url, { api: "pi-messages", provider: "radius", id: "balanced", baseUrl: `${mock.url}/radius/v1`, ...overrides });

describe("pi-messages", () => {
  it("posts {model, context, options} with the key, and rebuilds thinking, text and usage from pi's events", async () => {
    mock.enqueue({ thinking: "Plan it.", thinkingSignature: "sig-1", text: "Done.", usage: { input: 10, output: 5, cacheRead: 20 } });
    const model = radius({ reasoning: true });
    const messages = [user([{ type: "text", text: "look" }, { type: "image", data: PIXEL_PNG, mimeType: "image/png" }])];
    const events = await collect(streamPiMessages(streamRequest(model, { messages, tools: [READ_TOOL], thinkingLevel: "high", apiKey: "radius-key", temperature: 0.2, maxTokens: 900, sessionId: "s-1" })));
    expect(eventTrace(events).filter((entry) => !entry.includes("_delta"))).toEqual(["start", "thinking_start:0", "thinking_end:0", "text_start:1", "text_end:1", "done"]);
    const message = finalMessage(events);
    expect(message).toMatchObject({ api: "pi-messages", provider: "radius", stopReason: "stop", responseId: "pi-messages-mock-1" });
    expect(message.content).toEqual([{ type: "thinking", thinking: "Plan it.", thinkingSignature: "sig-1" }, { type: "text", text: "Done." }]);
    expect(message.usage).toMatchObject({ input: 10, output: 5, cacheRead: 20, cacheWrite: 0, totalTokens: 35 });
    expect(message.usage.cost.total).toBeGreaterThan(0);
    const sent = mock.requests[0]!;
    expect(sent.path).toBe("/radius/v1/messages");
    expect(sent.headers).toMatchObject({ authorization: "Bearer radius-key", accept: "text/event-stream" });
    expect(sent.body).toEqual({
      model: "balanced",
      context: { systemPrompt: "You are a test assistant.", messages: JSON.parse(JSON.stringify(messages)), tools: [{ name: "read", description: "Read a file", parameters: READ_TOOL.parameters }] },
      options: { temperature: 0.2, maxTokens: 900, reasoning: "high", sessionId: "s-1" },
    });
  });

  it("streams tool calls' arguments and takes the backend's final arguments", async () => {
    mock.enqueue({ toolCalls: [{ id: "call_a", name: "read", arguments: { path: "a.ts" } }] });
    const events = await collect(streamPiMessages(streamRequest(radius(), { tools: [READ_TOOL] })));
    expect(events.filter((event) => event.type === "toolcall_delta").length).toBeGreaterThan(1);
    const message = finalMessage(events);
    expect(message.stopReason).toBe("toolUse");
    expect(message.content).toEqual([{ type: "toolCall", id: "call_a", name: "read", arguments: { path: "a.ts" } }]);
  });

  it("reports an HTTP error with its code, the backend's error event, a malformed event, a dropped stream and an abort", async () => {
    mock.enqueue(
      { error: { status: 429, message: "Slow down", code: "rate_limited", headers: { "retry-after": "2" } } },
      { error: { status: 400, message: "prompt is too long: 300000 tokens > 200000 maximum" } },
      { text: "partial", streamError: { type: "overloaded_error", message: "upstream overloaded" } },
      { text: "partial", malformed: true },
      { text: "partial answer", dropAfterChunks: 3 },
    );
    const run = async () => finalMessage(await collect(streamPiMessages(streamRequest(radius()))));
    const limited = await run();
    expect(limited.errorMessage).toBe("429 rate_limited: Slow down");
    expect(providerErrorDetails(limited)).toMatchObject({ kind: "http", status: 429, retryAfterMs: 2000 });
    expect(providerErrorDetails(await run())).toMatchObject({ kind: "overflow", status: 400 });
    const backend = await run();
    expect(backend.errorMessage).toBe("overloaded_error: upstream overloaded");
    expect(providerErrorDetails(backend)).toMatchObject({ kind: "stream", errorType: "error" });
    expect(providerErrorDetails(await run())).toMatchObject({ kind: "invalid_response" });
    const dropped = await run();
    expect(dropped.errorMessage).toMatch(/Connection lost|ended/);

    mock.enqueue({ text: ["one ", "two ", "three"], delayMs: 200 });
    const controller = new AbortController();
    let aborted;
    for await (const event of streamPiMessages(streamRequest(radius(), { signal: controller.signal }))) {
      if (event.type === "text_delta") controller.abort();
      if (event.type === "error") aborted = event.error;
    }
    expect(aborted?.stopReason).toBe("aborted");
  });

  it("refuses a content index that is not the next block or an open block of the event's kind", async () => {
    const server = await startTestServer();
    try {
      const frames = [{ type: "start" }, { type: "text_start", contentIndex: 0 }, { type: "toolcall_delta", contentIndex: 0, delta: "{" }];
      server.handle((_req, res) => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.end(frames.map((frame) => `data: ${JSON.stringify(frame)}\n\n`).join(""));
      });
      const message = finalMessage(await collect(streamPiMessages(streamRequest(radius({ baseUrl: server.url })))));
      expect(message.errorMessage).toBe("Malformed response from provider: pi-messages toolcall_delta event with contentIndex 0");
    } finally {
      await server.close();
    }
  });
});
