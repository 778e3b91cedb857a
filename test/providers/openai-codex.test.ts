// "openai-codex-responses" over SSE (`transport: "sse"`): the ChatGPT backend's Responses dialect, through the real
// OpenAI SDK against the mock server's Codex route (`<base>/codex/responses`): body, headers, text, reasoning, a
// streamed tool call, errors and a dropped stream. The WebSocket transport: openai-codex-websocket.test.ts.
import { describe, expect, it } from "vitest";
import { streamOpenAICodexResponses, codexBaseUrl } from "../../plugins/provider-openai/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { codexAccessToken } from "../support/mock-oauth-server.js";
import { collect, collectArgumentSnapshots, eventTrace, finalMessage, READ_TOOL, streamRequest, testModel } from "./support/models.js";
import { useSharedMock } from "./support/request-bodies.js";
import { runOnNode22 } from "../support/pi-node22.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

const token = codexAccessToken(7, "acct-42");
const codexModel = (overrides = {}) => ({
  ...testModel("openai-responses", mock.url, { reasoning: true, ...overrides }),
  api: "openai-codex-responses",
  provider: "openai-codex",
  baseUrl: `${mock.url}/backend-api`,
});

/**
 * The User-Agent pi 1.6.0 sends Codex (its coding agent's client identity: detailed, pi's version), asked of pi-ai
 * itself under Node 22 and with this process's Node version put in, since that part names the runtime.
 */
async function piCodexUserAgent(): Promise<string> {
  const piUserAgent = await runOnNode22(
    `import { formatUserAgent } from "@earendil-works/pi-ai"; process.stdout.write(formatUserAgent({ userAgent: "detailed", version: "1.6.0" }));`,
  );
  return piUserAgent.replace(/node\/v[\d.]+/, `node/${process.version}`);
}

describe("openai-codex-responses over SSE", () => {
  it("posts Codex's body and headers to <base>/codex/responses and streams reasoning and text", async () => {
    mock.enqueue({ thinking: "Consider.", thinkingSignature: "enc-1", text: "Done.", usage: { input: 10, output: 5 } });
    const events = await collect(streamOpenAICodexResponses(streamRequest(codexModel(), { transport: "sse", apiKey: token, sessionId: "sess-1", thinkingLevel: "high" })));
    const trace = eventTrace(events);
    expect(trace[0]).toBe("start");
    expect(trace).toContain("thinking_delta:0");
    expect(trace).toContain("text_delta:1");
    expect(trace.at(-1)).toBe("done");
    const message = finalMessage(events);
    expect(message.stopReason).toBe("stop");
    expect(message.content.map((block) => block.type)).toEqual(["thinking", "text"]);
    expect(message.content[1]).toMatchObject({ type: "text", text: "Done." });
    const request = mock.requests.at(-1)!;
    expect(request.api).toBe("openai-codex-responses");
    expect(request.path).toBe("/backend-api/codex/responses");
    expect(request.headers).toMatchObject({
      authorization: `Bearer ${token}`,
      "chatgpt-account-id": "acct-42",
      originator: "pi",
      "openai-beta": "responses=experimental",
      accept: "text/event-stream",
      "session-id": "sess-1",
      "x-client-request-id": "sess-1",
    });
    expect(request.headers["user-agent"]).toBe(await piCodexUserAgent());
    expect(request.body).toMatchObject({
      store: false,
      stream: true,
      text: { verbosity: "low" },
      include: ["reasoning.encrypted_content"],
      prompt_cache_key: "sess-1",
      tool_choice: "auto",
      parallel_tool_calls: true,
      reasoning: { effort: "high", summary: "auto" },
    });
    // the model's maximum, fitted into the window, as pi 1.6.0 sends it (`supportsMaxOutputTokens: false` leaves it out)
    expect(request.body.max_output_tokens).toBe(64000);
    expect((request.body.input as Array<{ role?: string }>)[0]!.role).toBe("developer");
  });

  it("takes pi's header precedence: the model's and the request's over Codex's identity, the login and the transport's own over both", async () => {
    mock.enqueue({ text: "ok" });
    const model = {
      ...codexModel(),
      headers: { originator: "my-gateway", "User-Agent": "my-agent/1", Authorization: "Bearer other", "chatgpt-account-id": "acct-other", "OpenAI-Beta": "none", accept: "*/*", "x-team": "a" },
    };
    const headers = { "x-team": "b", "session-id": "not-mine" };
    const message = finalMessage(await collect(streamOpenAICodexResponses(streamRequest(model, { transport: "sse", apiKey: token, sessionId: "sess-2", headers }))));
    expect(message.stopReason).toBe("stop");
    expect(mock.requests.at(-1)!.headers).toMatchObject({
      originator: "my-gateway",
      "user-agent": "my-agent/1",
      "x-team": "b",
      authorization: `Bearer ${token}`,
      "chatgpt-account-id": "acct-42",
      "openai-beta": "responses=experimental",
      accept: "text/event-stream",
      "content-type": "application/json",
      "session-id": "sess-2",
    });
  });

  it("streams a tool call's arguments in pieces; tools go without strict", async () => {
    mock.enqueue({ toolCalls: [{ id: "call_1", name: "read", arguments: { path: "src/a.ts" } }] });
    const { events, snapshots } = await collectArgumentSnapshots(streamOpenAICodexResponses(streamRequest(codexModel(), { transport: "sse", apiKey: token, tools: [READ_TOOL] })));
    expect(snapshots.get(0)!.length).toBeGreaterThan(1);
    const message = finalMessage(events);
    expect(message.stopReason).toBe("toolUse");
    expect(message.content[0]).toMatchObject({ type: "toolCall", name: "read", arguments: { path: "src/a.ts" } });
    const tools = mock.requests.at(-1)!.body.tools as Array<Record<string, unknown>>;
    expect(tools[0]).toMatchObject({ type: "function", name: "read", strict: null });
  });

  it("reports the backend's errors and a dropped stream as error replies", async () => {
    mock.enqueue({ error: { status: 429, body: JSON.stringify({ error: { code: "usage_limit_reached", message: "The usage limit has been reached", plan_type: "PLUS" } }) } });
    const limited = finalMessage(await collect(streamOpenAICodexResponses(streamRequest(codexModel(), { transport: "sse", apiKey: token }))));
    expect(limited.stopReason).toBe("error");
    expect(limited.errorMessage).toBe("429 usage_limit_reached: You have hit your ChatGPT usage limit (plus plan).");

    mock.enqueue({ text: "partial answer", dropAfterChunks: 4 });
    const dropped = finalMessage(await collect(streamOpenAICodexResponses(streamRequest(codexModel(), { transport: "sse", apiKey: token }))));
    expect(dropped.stopReason).toBe("error");

    mock.enqueue({ text: "never", streamError: { message: "backend failed", type: "server_error" } });
    const failed = finalMessage(await collect(streamOpenAICodexResponses(streamRequest(codexModel(), { transport: "sse", apiKey: token }))));
    expect(failed.stopReason).toBe("error");
    expect(failed.errorMessage).toContain("backend failed");
  });

  it("refuses a key that is not a ChatGPT login, saying how to sign in", async () => {
    const before = mock.requests.length;
    const refused = finalMessage(await collect(streamOpenAICodexResponses(streamRequest(codexModel(), { apiKey: "sk-plain" }))));
    expect(refused.stopReason).toBe("error");
    expect(refused.errorMessage).toContain("pith login openai-codex");
    expect(mock.requests.length).toBe(before);
  });

  it("accepts a base ending in /codex or /codex/responses", () => {
    expect(codexBaseUrl("https://chatgpt.com/backend-api")).toBe("https://chatgpt.com/backend-api/codex");
    expect(codexBaseUrl("https://x.test/codex/")).toBe("https://x.test/codex");
    expect(codexBaseUrl("https://x.test/codex/responses")).toBe("https://x.test/codex");
  });
});
