import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { streamAnthropic } from "../../plugins/provider-anthropic/index.js";
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

describe("anthropic-messages streaming", () => {
  it("streams text with the exact event sequence, usage and cost", async () => {
    mock.enqueue({ text: ["Hel", "lo ", "there"], usage: { input: 1000, output: 200, cacheRead: 5000, cacheWrite: 400 } });
    const model = testModel("anthropic-messages", mock.url);
    const events = await collect(streamAnthropic(streamRequest(model)));
    expect(eventTrace(events)).toEqual(["start", "text_start:0", "text_delta:0", "text_delta:0", "text_delta:0", "text_end:0", "done"]);
    const message = finalMessage(events);
    expect(message.stopReason).toBe("stop");
    expect(message.content).toEqual([{ type: "text", text: "Hello there" }]);
    expect(message.responseId).toBe("msg_mock_1");
    expect(message.usage).toMatchObject({ input: 1000, output: 200, cacheRead: 5000, cacheWrite: 400, totalTokens: 6600 });
    // 1000×3 + 200×15 + 5000×0.3 + 400×3.75 dollars per million tokens
    expect(message.usage.cost.total).toBeCloseTo((3000 + 3000 + 1500 + 1500) / 1_000_000, 12);
  });

  it("keeps thinking with its signature", async () => {
    mock.enqueue({ thinking: "Let me think.", thinkingSignature: "sig-abc", text: "Answer" });
    const model = testModel("anthropic-messages", mock.url, { reasoning: true });
    const events = await collect(streamAnthropic(streamRequest(model, { thinkingLevel: "medium" })));
    expect(eventTrace(events)).toEqual([
      "start",
      "thinking_start:0", "thinking_delta:0", "thinking_delta:0", "thinking_delta:0", "thinking_end:0",
      "text_start:1", "text_delta:1", "text_delta:1", "text_delta:1", "text_end:1",
      "done",
    ]);
    expect(finalMessage(events).content[0]).toEqual({ type: "thinking", thinking: "Let me think.", thinkingSignature: "sig-abc" });
  });

  it("streams several tool calls with partial JSON arguments", async () => {
    mock.enqueue({
      text: "Reading both.",
      toolCalls: [
        { id: "toolu_1", name: "read", arguments: { path: "a.txt" } },
        { id: "toolu_2", name: "read", arguments: { path: "dir/b.txt", limit: 20 } },
      ],
    });
    const model = testModel("anthropic-messages", mock.url);
    const { events, snapshots } = await collectArgumentSnapshots(streamAnthropic(streamRequest(model, { tools: [READ_TOOL] })));
    const message = finalMessage(events);
    expect(message.stopReason).toBe("toolUse");
    expect(message.content.slice(1)).toEqual([
      { type: "toolCall", id: "toolu_1", name: "read", arguments: { path: "a.txt" } },
      { type: "toolCall", id: "toolu_2", name: "read", arguments: { path: "dir/b.txt", limit: 20 } },
    ]);
    const trace = eventTrace(events);
    expect(trace.filter((entry) => entry.startsWith("toolcall_start"))).toEqual(["toolcall_start:1", "toolcall_start:2"]);
    // The second call's start comes after the first call's end: one block at a time.
    expect(trace.indexOf("toolcall_end:1")).toBeLessThan(trace.indexOf("toolcall_start:2"));
    // Partial arguments are visible while they stream in: more than the empty and the final object.
    const partials = new Set(snapshots.get(2));
    expect(partials.size).toBeGreaterThan(2);
    expect(partials.has(JSON.stringify({ path: "dir/b.txt", limit: 20 }))).toBe(true);
  });

  it("maps max_tokens to length", async () => {
    mock.enqueue({ text: "cut", stopReason: "length" });
    const events = await collect(streamAnthropic(streamRequest(testModel("anthropic-messages", mock.url))));
    const last = events[events.length - 1];
    expect(last).toMatchObject({ type: "done", reason: "length" });
  });

  it("records malformed tool arguments instead of guessing", async () => {
    mock.enqueue({ toolCalls: [{ id: "toolu_bad", name: "read", arguments: '{"path": "a.txt", ' }] });
    const events = await collect(streamAnthropic(streamRequest(testModel("anthropic-messages", mock.url), { tools: [READ_TOOL] })));
    const call = finalMessage(events).content[0];
    expect(call).toMatchObject({ type: "toolCall", arguments: { __invalidJson: '{"path": "a.txt", ' } });
  });

  it("reports the response head to onResponse and lets onPayload replace the body", async () => {
    mock.enqueue({ text: "ok" });
    const heads: { status: number; headers: Record<string, string> }[] = [];
    const model = testModel("anthropic-messages", mock.url);
    const events = await collect(
      streamAnthropic(
        streamRequest(model, {
          onPayload: async (payload) => ({ ...(payload as Record<string, unknown>), metadata: { user_id: "u-1" } }),
          onResponse: async (head) => {
            heads.push(head);
          },
        }),
      ),
    );
    expect(finalMessage(events).stopReason).toBe("stop");
    expect(mock.requests[0]?.body.metadata).toEqual({ user_id: "u-1" });
    expect(heads).toHaveLength(1);
    expect(heads[0]?.status).toBe(200);
    expect(heads[0]?.headers["content-type"]).toContain("text/event-stream");
  });
});
