// "openai-codex-responses" over pi 1.6.0's default transport ("auto"): the real `ws` client against the mock
// server's Codex WebSocket route on 127.0.0.1: the upgrade's headers, `response.create` messages, text, reasoning,
// tool calls, the socket kept per session with only new input after `previous_response_id`, error events, a
// dropped socket, abort, and the fall back to SSE (sticky for the session) when the WebSocket fails before any event.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Model } from "../../kernel/model.js";
import { providerErrorDetails } from "../../lib/provider-kit/assistant-builder.js";
import { streamOpenAICodexResponses } from "../../plugins/provider-openai/index.js";
import { startMockLlm, type MockLlm } from "../support/mock-llm/index.js";
import { codexAccessToken } from "../support/mock-oauth-server.js";
import { collect, collectArgumentSnapshots, eventTrace, finalMessage, READ_TOOL, streamRequest, testModel, user } from "./support/models.js";
import { useSharedMock } from "./support/request-bodies.js";
import type { StreamRequest } from "../../kernel/provider.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

const token = codexAccessToken(7, "acct-42");
const codexModel = (url = mock.url): Model => ({
  ...testModel("openai-responses", url, { reasoning: true }),
  api: "openai-codex-responses",
  provider: "openai-codex",
  baseUrl: `${url}/backend-api`,
});
const run = async (overrides: Partial<StreamRequest> = {}, model = codexModel()) =>
  collect(streamOpenAICodexResponses(streamRequest(model, { apiKey: token, sessionId: randomUUID(), ...overrides })));

describe("openai-codex-responses over the WebSocket", () => {
  it("sends response.create on a socket with Codex's upgrade headers, and streams reasoning and text", async () => {
    mock.enqueue({ thinking: "Consider.", thinkingSignature: "enc-1", text: "Done.", usage: { input: 10, output: 5 } });
    const events = await run({ sessionId: "sess-ws-1", thinkingLevel: "high" });
    const trace = eventTrace(events);
    expect(trace[0]).toBe("start");
    expect(trace).toContain("thinking_delta:0");
    expect(trace).toContain("text_delta:1");
    const message = finalMessage(events);
    expect(message).toMatchObject({ stopReason: "stop", responseId: "resp_mock_1", usage: { input: 10, output: 5 } });
    expect(message.content[1]).toMatchObject({ type: "text", text: "Done." });
    const request = mock.requests[0]!;
    expect(request.websocket).toEqual({ connection: expect.any(Number) });
    expect(request.path).toBe("/backend-api/codex/responses");
    expect(request.headers).toMatchObject({
      authorization: `Bearer ${token}`,
      "chatgpt-account-id": "acct-42",
      originator: "pi",
      "openai-beta": "responses_websockets=2026-02-06",
      "session-id": "sess-ws-1",
      "x-client-request-id": "sess-ws-1",
    });
    expect(request.headers["user-agent"]).toBe(`pi/1.6.0 (${process.platform}; node/${process.version}; ${process.arch})`);
    expect(request.headers.accept).toBeUndefined();
    expect(request.body).toMatchObject({
      store: false,
      stream: true,
      text: { verbosity: "low" },
      include: ["reasoning.encrypted_content"],
      prompt_cache_key: "sess-ws-1",
      parallel_tool_calls: true,
      reasoning: { effort: "high", summary: "auto" },
    });
    expect(request.body.type).toBeUndefined();
  });

  it("streams a tool call's arguments in pieces", async () => {
    mock.enqueue({ toolCalls: [{ id: "call_1", name: "read", arguments: { path: "src/a.ts" } }] });
    const { events, snapshots } = await collectArgumentSnapshots(
      streamOpenAICodexResponses(streamRequest(codexModel(), { apiKey: token, sessionId: randomUUID(), tools: [READ_TOOL] })),
    );
    expect(snapshots.get(0)!.length).toBeGreaterThan(1);
    expect(finalMessage(events)).toMatchObject({ stopReason: "toolUse", content: [{ type: "toolCall", name: "read", arguments: { path: "src/a.ts" } }] });
    expect(mock.requests[0]!.websocket).toBeDefined();
  });

  it("keeps the session's socket and sends only the new input after previous_response_id (auto); websocket sends it all", async () => {
    const sessionId = randomUUID();
    mock.enqueue({ text: "One." }, { text: "Two." }, { text: "Three." });
    const first = finalMessage(await run({ sessionId }));
    const history = [user("Hello"), first, user("Again")];
    expect(finalMessage(await run({ sessionId, messages: history })).stopReason).toBe("stop");
    // another setting: the whole body again, on the same socket
    expect(finalMessage(await run({ sessionId, messages: history, temperature: 0.5 })).stopReason).toBe("stop");
    const [one, two, three] = mock.requests;
    expect(two!.websocket!.connection).toBe(one!.websocket!.connection);
    expect(three!.websocket!.connection).toBe(one!.websocket!.connection);
    expect(one!.body.previous_response_id).toBeUndefined();
    expect(two!.body.previous_response_id).toBe("resp_mock_1");
    expect(two!.body.input).toEqual([{ role: "user", content: [{ type: "input_text", text: "Again" }] }]);
    expect(three!.body.previous_response_id).toBeUndefined();
    expect((three!.body.input as unknown[]).length).toBe((one!.body.input as unknown[]).length + 2);

    const plain = randomUUID();
    mock.enqueue({ text: "One." }, { text: "Two." });
    const reply = finalMessage(await run({ sessionId: plain, transport: "websocket" }));
    await run({ sessionId: plain, transport: "websocket", messages: [user("Hello"), reply, user("Again")] });
    expect(mock.requests[4]!.websocket!.connection).toBe(mock.requests[3]!.websocket!.connection);
    expect(mock.requests[4]!.body.previous_response_id).toBeUndefined();
  });

  it("sends the whole body again when the backend lost the previous response", async () => {
    const sessionId = randomUUID();
    mock.enqueue({ text: "One." }, { error: { status: 400, code: "previous_response_not_found", message: "Previous response not found." } }, { text: "Two." });
    const first = finalMessage(await run({ sessionId }));
    const second = finalMessage(await run({ sessionId, messages: [user("Hello"), first, user("Again")] }));
    expect(second).toMatchObject({ stopReason: "stop", content: [{ type: "text", text: "Two." }] });
    expect(mock.requests.map((request) => request.body.previous_response_id)).toEqual([undefined, "resp_mock_1", undefined]);
  });

  it("reports error events, a failed response and a socket dropped mid-stream without falling back", async () => {
    const resetsAt = Math.round(Date.now() / 1000) + 30 * 60;
    mock.enqueue({ error: { status: 429, body: { error: { type: "usage_limit_reached", message: "The usage limit has been reached", plan_type: "PRO", resets_at: resetsAt } } } });
    const limited = finalMessage(await run());
    expect(limited.stopReason).toBe("error");
    expect(limited.errorMessage).toBe("Codex error: You have hit your ChatGPT usage limit (pro plan). Try again in ~30 min.");
    expect(providerErrorDetails(limited)).toMatchObject({ status: 429, errorType: "usage_limit_reached" });

    mock.enqueue({ text: "never", streamError: { message: "backend failed", type: "server_error" } });
    const failed = finalMessage(await run());
    expect(failed).toMatchObject({ stopReason: "error", errorMessage: "server_error: backend failed" });

    mock.enqueue({ text: "partial answer", dropAfterChunks: 4 });
    const dropped = finalMessage(await run());
    expect(dropped.stopReason).toBe("error");
    expect(dropped.errorMessage).toContain("WebSocket closed 1006");
    expect(providerErrorDetails(dropped)?.kind).toBe("network");
    expect(mock.requests.every((request) => request.websocket !== undefined)).toBe(true);
    expect(mock.requests).toHaveLength(3);
  });

  it("ends aborted when the signal fires mid-stream, and the next turn opens a new socket", async () => {
    const sessionId = randomUUID();
    const controller = new AbortController();
    mock.enqueue({ text: ["a", "b", "c", "d", "e"], delayMs: 100 }, { text: "fresh" });
    const events = [];
    for await (const event of streamOpenAICodexResponses(streamRequest(codexModel(), { apiKey: token, sessionId, signal: controller.signal }))) {
      events.push(event);
      if (event.type === "text_delta") controller.abort();
    }
    expect(finalMessage(events)).toMatchObject({ stopReason: "aborted", errorMessage: "Request was aborted" });
    expect(finalMessage(await run({ sessionId })).stopReason).toBe("stop");
    expect(mock.requests[1]!.websocket!.connection).not.toBe(mock.requests[0]!.websocket!.connection);
  });

  it("falls back to SSE when the socket fails before the first event, and stays on SSE for the session", async () => {
    const sessionId = randomUUID();
    mock.enqueue({ text: "lost", dropAfterChunks: 0 }, { text: "over SSE" }, { text: "still SSE" });
    expect(finalMessage(await run({ sessionId }))).toMatchObject({ stopReason: "stop", content: [{ type: "text", text: "over SSE" }] });
    expect(finalMessage(await run({ sessionId })).stopReason).toBe("stop");
    expect(mock.requests.map((request) => (request.websocket ? "websocket" : request.headers["openai-beta"]))).toEqual([
      "websocket",
      "responses=experimental",
      "responses=experimental",
    ]);
    // another session tries the WebSocket again
    mock.enqueue({ text: "socket" });
    await run();
    expect(mock.requests.at(-1)!.websocket).toBeDefined();
  });

  it("falls back to SSE when the server refuses the upgrade", async () => {
    const refusing = await startMockLlm({ websocket: false, replies: [{ text: "over SSE" }] });
    try {
      const message = finalMessage(await run({}, codexModel(refusing.url)));
      expect(message).toMatchObject({ stopReason: "stop", content: [{ type: "text", text: "over SSE" }] });
      expect(refusing.requests).toHaveLength(1);
      expect(refusing.requests[0]!.headers.accept).toBe("text/event-stream");
    } finally {
      await refusing.close();
    }
  });
});
