import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { streamOpenAICompletions } from "../../plugins/provider-openai/index.js";
import { startMockLlm, type MockLlm } from "../support/mock-llm/index.js";
import { collect, collectArgumentSnapshots, eventTrace, finalMessage, READ_TOOL, streamRequest, testModel } from "./support/models.js";

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm();
});
afterAll(async () => {
  await mock.close();
});
beforeEach(() => {
  mock.requests.length = 0;
});

describe("openai-completions streaming", () => {
  it("streams text with the exact event sequence", async () => {
    mock.enqueue({ text: ["Hi", " there"] });
    const events = await collect(streamOpenAICompletions(streamRequest(testModel("openai-completions", mock.url))));
    expect(eventTrace(events)).toEqual(["start", "text_start:0", "text_delta:0", "text_delta:0", "text_end:0", "done"]);
    const message = finalMessage(events);
    expect(message).toMatchObject({ stopReason: "stop", content: [{ type: "text", text: "Hi there" }], responseId: "chatcmpl-mock-1" });
  });

  it("counts cached prompt tokens as cache reads, not input, and prices them", async () => {
    mock.enqueue({ text: "ok", usage: { input: 100, output: 50, cacheRead: 900 } });
    const message = finalMessage(await collect(streamOpenAICompletions(streamRequest(testModel("openai-completions", mock.url)))));
    expect(message.usage).toMatchObject({ input: 100, output: 50, cacheRead: 900, cacheWrite: 0, totalTokens: 1050 });
    expect(message.usage.cost.total).toBeCloseTo((100 * 3 + 50 * 15 + 900 * 0.3) / 1_000_000, 12);
  });

  it("separates cache writes that a server counts inside cached_tokens (OpenRouter)", async () => {
    mock.enqueue({ text: "ok", usage: { input: 10, output: 5, cacheRead: 200, cacheWrite: 300 } });
    const message = finalMessage(await collect(streamOpenAICompletions(streamRequest(testModel("openai-completions", mock.url)))));
    expect(message.usage).toMatchObject({ input: 10, output: 5, cacheRead: 200, cacheWrite: 300 });
  });

  it("turns reasoning_content deltas into a thinking block and remembers the field", async () => {
    mock.enqueue({ thinking: ["Step one. ", "Step two."], text: ["Done"] });
    const model = testModel("openai-completions", mock.url, { reasoning: true });
    const events = await collect(streamOpenAICompletions(streamRequest(model, { thinkingLevel: "high" })));
    expect(eventTrace(events)).toEqual([
      "start",
      "thinking_start:0", "thinking_delta:0", "thinking_delta:0", "thinking_end:0",
      "text_start:1", "text_delta:1", "text_end:1",
      "done",
    ]);
    expect(finalMessage(events).content[0]).toEqual({ type: "thinking", thinking: "Step one. Step two.", thinkingSignature: "reasoning_content" });
  });

  it("streams several tool calls by index with partial JSON", async () => {
    mock.enqueue({
      toolCalls: [
        { id: "call_1", name: "read", arguments: { path: "src/a.ts" } },
        { id: "call_2", name: "read", arguments: { path: "src/b.ts", offset: 10 } },
      ],
    });
    const { events, snapshots } = await collectArgumentSnapshots(
      streamOpenAICompletions(streamRequest(testModel("openai-completions", mock.url), { tools: [READ_TOOL] })),
    );
    const message = finalMessage(events);
    expect(message.stopReason).toBe("toolUse");
    expect(message.content).toEqual([
      { type: "toolCall", id: "call_1", name: "read", arguments: { path: "src/a.ts" } },
      { type: "toolCall", id: "call_2", name: "read", arguments: { path: "src/b.ts", offset: 10 } },
    ]);
    expect(eventTrace(events).filter((entry) => /toolcall_(start|end)/.test(entry))).toEqual([
      "toolcall_start:0", "toolcall_start:1", "toolcall_end:0", "toolcall_end:1",
    ]);
    // arguments are readable while they stream: '{"path":"src/a' already parses
    expect(snapshots.get(0)).toContain(JSON.stringify({ path: "src/a" }));
  });

  it("maps finish_reason length", async () => {
    mock.enqueue({ text: "trunc", stopReason: "length" });
    const events = await collect(streamOpenAICompletions(streamRequest(testModel("openai-completions", mock.url))));
    expect(events[events.length - 1]).toMatchObject({ type: "done", reason: "length" });
  });

  it("works without a usage chunk when the server does not stream usage", async () => {
    mock.enqueue({ text: "no usage", usage: { input: 5, output: 5 } });
    const model = testModel("openai-completions", mock.url, { compat: { supportsUsageInStreaming: false } });
    const message = finalMessage(await collect(streamOpenAICompletions(streamRequest(model))));
    expect(mock.requests[0]?.body.stream_options).toBeUndefined();
    expect(message.stopReason).toBe("stop");
    expect(message.usage.totalTokens).toBe(0);
  });
});
