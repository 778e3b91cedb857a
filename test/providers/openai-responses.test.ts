import { describe, expect, it } from "vitest";
import type { Message } from "../../kernel/messages.js";
import type { StreamRequest } from "../../kernel/provider.js";
import { streamOpenAIResponses } from "../../plugins/provider-openai/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { providerErrorDetails } from "../../lib/provider-kit/assistant-builder.js";
import {
  assistant,
  collect,
  collectArgumentSnapshots,
  eventTrace,
  finalMessage,
  PIXEL_PNG,
  READ_TOOL,
  streamRequest,
  testModel,
  toolResult,
  user,
} from "./support/models.js";
import { sentBody, useSharedMock } from "./support/request-bodies.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

/** Sends one request and returns the body the server received. */
const bodyOf = (request: StreamRequest) => sentBody(mock, streamOpenAIResponses, request);

describe("openai-responses streaming", () => {
  it("streams reasoning summary and text with the exact event sequence, keeping both signatures", async () => {
    mock.enqueue({ thinking: ["Think ", "hard."], thinkingSignature: "enc-123", text: ["Result"], usage: { input: 100, output: 40, cacheRead: 300 } });
    const model = testModel("openai-responses", mock.url, { reasoning: true });
    const events = await collect(streamOpenAIResponses(streamRequest(model, { thinkingLevel: "medium" })));
    expect(eventTrace(events)).toEqual([
      "start",
      "thinking_start:0", "thinking_delta:0", "thinking_delta:0", "thinking_end:0",
      "text_start:1", "text_delta:1", "text_end:1",
      "done",
    ]);
    const message = finalMessage(events);
    expect(message.stopReason).toBe("stop");
    expect(message.responseId).toBe("resp_mock_1");
    const thinking = message.content[0];
    expect(thinking).toMatchObject({ type: "thinking", thinking: "Think hard." });
    expect(JSON.parse(thinking?.type === "thinking" ? (thinking.thinkingSignature ?? "") : "")).toMatchObject({
      type: "reasoning",
      id: "rs_mock_1",
      encrypted_content: "enc-123",
    });
    expect(message.content[1]).toEqual({ type: "text", text: "Result", textSignature: '{"v":1,"id":"msg_mock_1"}' });
    // input_tokens includes the cached ones
    expect(message.usage).toMatchObject({ input: 100, output: 40, cacheRead: 300, cacheWrite: 0, totalTokens: 440 });
    expect(message.usage.cost.total).toBeCloseTo((100 * 3 + 40 * 15 + 300 * 0.3) / 1_000_000, 12);
  });

  it("streams several function calls with call|item ids and partial JSON", async () => {
    mock.enqueue({
      toolCalls: [
        { id: "call_1", name: "read", arguments: { path: "one.txt" } },
        { id: "call_2", name: "read", arguments: { path: "two.txt" } },
      ],
    });
    const { events, snapshots } = await collectArgumentSnapshots(streamOpenAIResponses(streamRequest(testModel("openai-responses", mock.url), { tools: [READ_TOOL] })));
    const message = finalMessage(events);
    expect(message.stopReason).toBe("toolUse");
    expect(message.content).toEqual([
      { type: "toolCall", id: "call_1|fc_mock_1_1", name: "read", arguments: { path: "one.txt" } },
      { type: "toolCall", id: "call_2|fc_mock_1_2", name: "read", arguments: { path: "two.txt" } },
    ]);
    expect(eventTrace(events).filter((entry) => /toolcall_(start|end)/.test(entry))).toEqual([
      "toolcall_start:0", "toolcall_end:0", "toolcall_start:1", "toolcall_end:1",
    ]);
    expect(snapshots.get(0)).toContain(JSON.stringify({ path: "one" }));
  });

  it("maps an incomplete response to length", async () => {
    mock.enqueue({ text: "cut", stopReason: "length" });
    const events = await collect(streamOpenAIResponses(streamRequest(testModel("openai-responses", mock.url))));
    expect(events[events.length - 1]).toMatchObject({ type: "done", reason: "length" });
  });

  it("reports response.failed and the error event with their codes", async () => {
    mock.enqueue(
      { text: "x", streamError: { type: "context_length_exceeded", message: "Your input exceeds the context window of this model." } },
      { text: "y", streamError: { type: "server_error", message: "Something broke", event: "error" } },
    );
    const model = testModel("openai-responses", mock.url);
    const failed = finalMessage(await collect(streamOpenAIResponses(streamRequest(model))));
    expect(failed.errorMessage).toBe("context_length_exceeded: Your input exceeds the context window of this model.");
    expect(providerErrorDetails(failed)).toEqual({ kind: "overflow", errorType: "context_length_exceeded" });
    const errored = finalMessage(await collect(streamOpenAIResponses(streamRequest(model))));
    expect(errored.errorMessage).toBe("server_error: Something broke");
    expect(providerErrorDetails(errored)).toEqual({ kind: "stream", errorType: "server_error" });
  });
});

describe("openai-responses request body", () => {
  it("sends input items, tools, store:false, the prompt cache key and session headers", async () => {
    const model = testModel("openai-responses", mock.url);
    const body = await bodyOf(streamRequest(model, { tools: [READ_TOOL], sessionId: "sess-1", maxTokens: 999 }));
    expect(body).toMatchObject({ model: "gpt-mock", stream: true, store: false, prompt_cache_key: "sess-1", max_output_tokens: 999 });
    expect(body.input).toEqual([
      { role: "system", content: "You are a test assistant." },
      { role: "user", content: [{ type: "input_text", text: "Hello" }] },
    ]);
    expect(body.tools).toEqual([{ type: "function", name: "read", description: "Read a file", parameters: READ_TOOL.parameters }]);
    expect(body.reasoning).toBeUndefined();
    expect(mock.requests[0]?.headers["session-id"]).toBe("sess-1");
    expect(mock.requests[0]?.headers["x-client-request-id"]).toBe("sess-1");
  });

  it("honours pi 1.6.0's Responses compat keys: output cap, strict tools, cache key, cache tier, session affinity", async () => {
    const saved = process.env.PI_CACHE_RETENTION;
    try {
      const plain = await bodyOf(streamRequest(testModel("openai-responses", mock.url, { compat: { supportsMaxOutputTokens: false, supportsStrictMode: true } }), { tools: [READ_TOOL] }));
      expect(plain.max_output_tokens).toBeUndefined();
      expect((plain.tools as Array<Record<string, unknown>>)[0]!.strict).toBe(false);
      // the model's maximum fitted into the window, never below the API's floor of 16
      expect((await bodyOf(streamRequest(testModel("openai-responses", mock.url), { maxTokens: 5 }))).max_output_tokens).toBe(16);

      process.env.PI_CACHE_RETENTION = "long";
      const long = await bodyOf(streamRequest(testModel("openai-responses", mock.url), { sessionId: "sess-long" }));
      expect(long).toMatchObject({ prompt_cache_key: "sess-long", prompt_cache_retention: "24h" });
      const noLong = await bodyOf(streamRequest(testModel("openai-responses", mock.url, { compat: { supportsLongCacheRetention: false } }), { sessionId: "s" }));
      expect(noLong.prompt_cache_retention).toBeUndefined();
      const explicit = testModel("openai-responses", mock.url, { compat: { supportsExplicitPromptCacheMode: true } });
      const explicitLong = await bodyOf(streamRequest(explicit, { sessionId: "s" }));
      expect(explicitLong.prompt_cache_options).toEqual({ ttl: "30m" });
      expect(explicitLong.prompt_cache_retention).toBeUndefined();

      process.env.PI_CACHE_RETENTION = "none";
      const none = await bodyOf(streamRequest(explicit, { sessionId: "s" }));
      expect(none.prompt_cache_options).toEqual({ mode: "explicit" });
      expect(none.prompt_cache_key).toBeUndefined();

      delete process.env.PI_CACHE_RETENTION;
      const disabled = await bodyOf(streamRequest(testModel("openai-responses", mock.url, { compat: { promptCacheKeyMode: "disabled" } }), { sessionId: "s" }));
      expect(disabled.prompt_cache_key).toBeUndefined();
      mock.requests.length = 0;
      await bodyOf(streamRequest(testModel("openai-responses", mock.url, { compat: { sessionAffinityFormat: "openrouter" } }), { sessionId: "sess-or" }));
      expect(mock.requests[0]?.headers["x-session-id"]).toBe("sess-or");
      expect(mock.requests[0]?.headers["session-id"]).toBeUndefined();
      mock.requests.length = 0;
      await bodyOf(streamRequest(testModel("openai-responses", mock.url, { compat: { sessionAffinityFormat: "openai-nosession" } }), { sessionId: "sess-n" }));
      expect(mock.requests[0]?.headers["session-id"]).toBeUndefined();
      expect(mock.requests[0]?.headers["x-client-request-id"]).toBe("sess-n");
    } finally {
      if (saved === undefined) delete process.env.PI_CACHE_RETENTION;
      else process.env.PI_CACHE_RETENTION = saved;
    }
  });

  it("asks reasoning models for an effort and a summary, or for none at level off", async () => {
    const model = testModel("openai-responses", mock.url, { reasoning: true, thinkingLevelMap: { xhigh: "xhigh" } });
    const body = await bodyOf(streamRequest(model, { thinkingLevel: "xhigh" }));
    expect(body.reasoning).toEqual({ effort: "xhigh", summary: "auto" });
    expect(body.include).toEqual(["reasoning.encrypted_content"]);
    expect((body.input as { role: string }[])[0]?.role).toBe("developer");
    const off = await bodyOf(streamRequest(model, { thinkingLevel: "off" }));
    expect(off.reasoning).toEqual({ effort: "none" });
    expect(off.include).toBeUndefined();
    const noOff = testModel("openai-responses", mock.url, { reasoning: true, thinkingLevelMap: { off: null } });
    expect((await bodyOf(streamRequest(noOff, { thinkingLevel: "off" }))).reasoning).toBeUndefined();
  });

  it("replays its own reasoning items, message ids and function calls; pairs outputs by call id", async () => {
    const model = testModel("openai-responses", mock.url, { reasoning: true });
    const reasoningItem = { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "plan" }], encrypted_content: "enc" };
    const messages: Message[] = [
      user("do it"),
      assistant(model, [
        { type: "thinking", thinking: "plan", thinkingSignature: JSON.stringify(reasoningItem) },
        { type: "text", text: "Calling.", textSignature: '{"v":1,"id":"msg_7","phase":"commentary"}' },
        { type: "toolCall", id: "call_9|fc_9", name: "read", arguments: { path: "p" } },
      ]),
      toolResult("call_9|fc_9", "read", [{ type: "text", text: "file text" }, { type: "image", data: PIXEL_PNG, mimeType: "image/png" }]),
    ];
    const body = await bodyOf(streamRequest(model, { messages, tools: [READ_TOOL], thinkingLevel: "low" }));
    expect(body.input).toEqual([
      { role: "developer", content: "You are a test assistant." },
      { role: "user", content: [{ type: "input_text", text: "do it" }] },
      reasoningItem,
      {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: "Calling.", annotations: [] }],
        status: "completed",
        id: "msg_7",
        phase: "commentary",
      },
      { type: "function_call", call_id: "call_9", name: "read", arguments: '{"path":"p"}', id: "fc_9" },
      {
        type: "function_call_output",
        call_id: "call_9",
        output: [
          { type: "input_text", text: "file text" },
          { type: "input_image", detail: "auto", image_url: `data:image/png;base64,${PIXEL_PNG}` },
        ],
      },
    ]);
  });

  it("replays another provider's turn without its item ids or signatures", async () => {
    const model = testModel("openai-responses", mock.url);
    const claude = testModel("anthropic-messages", mock.url);
    const messages: Message[] = [
      user("hi"),
      assistant(claude, [
        { type: "thinking", thinking: "claude thoughts", thinkingSignature: "anthropic-sig" },
        { type: "text", text: "Sure." },
        { type: "toolCall", id: "toolu_01+x", name: "read", arguments: {} },
      ]),
      toolResult("toolu_01+x", "read", [{ type: "image", data: PIXEL_PNG, mimeType: "image/png" }]),
    ];
    const body = await bodyOf(streamRequest({ ...model, input: ["text"] }, { messages, tools: [READ_TOOL] }));
    expect((body.input as unknown[]).slice(2)).toEqual([
      // the other model's thinking is left out, as pi 1.6.0 leaves it out
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Sure.", annotations: [] }], status: "completed", id: "msg_pi_1" },
      { type: "function_call", call_id: "toolu_01_x", name: "read", arguments: "{}" },
      { type: "function_call_output", call_id: "toolu_01_x", output: "(tool image omitted: model does not support images)" },
    ]);
  });
});
