// Large request bodies through the three providers: streamed in chunks through the SDK's `post`, the same bytes
// and headers the SDK's own `create` sends for the same params, over pith's fetch and undici's, re-serialized for
// a retry, with the before_provider_request hook's payload, and torn down by an abort mid-upload.
import { writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/messages";
import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import type { ResponseCreateParamsStreaming } from "openai/resources/responses/responses";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StreamRequest } from "../../kernel/provider.js";
import { definePlugin } from "../../kernel/plugin.js";
import { createAgentSession } from "../../sdk/create-agent-session.js";
import { retryPlugin } from "../../plugins/retry/index.js";
import { anthropicClient } from "../../plugins/provider-anthropic/anthropic-client.js";
import { openaiClient } from "../../plugins/provider-openai/openai-client.js";
import { STREAMED_BODY_THRESHOLD } from "../../lib/provider-kit/index.js";
import { startMockLlm } from "../support/mock-llm/index.js";
import { APIS, type ApiUnderTest } from "./support/apis.js";
import { closed, deferred, startTestServer, type SeenRequest, type TestServer } from "./support/http-server.js";
import { collect, finalMessage, streamRequest, testModel, type TestApi } from "./support/models.js";

/** The array each API carries the conversation in. */
const CONVERSATION_KEY: Record<TestApi, string> = {
  "anthropic-messages": "messages",
  "openai-completions": "messages",
  "openai-responses": "input",
};

/** The SDK's own `create` for the same params, as the provider would call it below the threshold. */
async function sdkCreate(api: TestApi, request: StreamRequest, params: Record<string, unknown>): Promise<void> {
  const options = { signal: request.signal };
  const stream: AsyncIterable<unknown> =
    api === "anthropic-messages"
      ? await (await anthropicClient(request)).messages.create(params as unknown as MessageCreateParamsStreaming, options)
      : api === "openai-completions"
        ? await (await openaiClient(request)).chat.completions.create(params as unknown as ChatCompletionCreateParamsStreaming, options)
        : await (await openaiClient(request)).responses.create(params as unknown as ResponseCreateParamsStreaming, options);
  for await (const event of stream) void event;
}

/**
 * An `onPayload` that replaces the built body with a copy carrying a large conversation (non-ASCII text, an
 * astral character, a tool-call-like nested object) and a field of its own; `payloads` records what it returned.
 */
function largePayload(api: TestApi, payloads: Record<string, unknown>[]): (built: unknown) => Promise<unknown> {
  const key = CONVERSATION_KEY[api];
  return async (built) => {
    const body = built as Record<string, unknown>;
    const filler = Array.from({ length: 60 }, (_, index) =>
      api === "openai-responses"
        ? { type: "function_call_output", call_id: `call_${index}`, output: `${index} été 😀 ${"x".repeat(80_000)}` }
        : { role: "user", content: [{ type: "text", text: `${index} été 😀 ${"x".repeat(80_000)}` }], extra: { nested: [1, null, true] } },
    );
    const payload = { ...body, [key]: [...filler, ...(body[key] as unknown[])], metadata: { added_by: "test hook" } };
    payloads.push(payload);
    return payload;
  };
}

function sseReply(api: ApiUnderTest, text: string) {
  return (_req: IncomingMessage, res: import("node:http").ServerResponse) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(api.encode({ text }));
  };
}

/** Headers that legitimately differ between a streamed and a whole body. */
function comparableHeaders(seen: SeenRequest): Record<string, unknown> {
  const { "content-length": _length, "transfer-encoding": _encoding, connection: _connection, ...rest } = seen.headers;
  return rest;
}

let server: TestServer;
// Waiting for 'drain' once per chunk must not pile up listeners on the request (node warns past 10).
const warnings: string[] = [];
const onWarning = (warning: Error) => void warnings.push(warning.name);
beforeAll(async () => {
  server = await startTestServer();
  process.on("warning", onWarning);
});
afterAll(async () => {
  process.off("warning", onWarning);
  await server.close();
});
afterEach(() => {
  delete process.env.PITH_FETCH;
  server.requests.length = 0;
});

describe.each(APIS)("$api with a large request", (api) => {
  it("streams the body in chunks: the bytes and headers the SDK's create sends for the same params", async () => {
    server.handle(sseReply(api, "streamed"));
    const payloads: Record<string, unknown>[] = [];
    const request = streamRequest(testModel(api.api, server.url), { apiKey: `bytes-${api.api}`, onPayload: largePayload(api.api, payloads) });
    const message = finalMessage(await collect(api.stream(request)));
    expect(message.errorMessage).toBeUndefined();
    expect(message.content).toMatchObject([{ type: "text", text: "streamed" }]);
    const payload = payloads[0]!;
    expect(JSON.stringify(payload).length).toBeGreaterThan(STREAMED_BODY_THRESHOLD);

    await sdkCreate(api.api, request, payload);
    const [streamed, whole] = server.requests as [SeenRequest, SeenRequest];
    expect(streamed.path).toBe(whole.path);
    expect(streamed.headers["transfer-encoding"]).toBe("chunked");
    expect(streamed.headers["content-length"]).toBeUndefined();
    expect(whole.headers["content-length"]).toBe(String(whole.body.length));
    expect(streamed.headers["content-type"]).toBe("application/json");
    // a streamed body cannot be sent again, so it never goes on a kept-alive socket a server may just have closed
    expect(streamed.headers.connection).toBe("close");
    expect(comparableHeaders(streamed)).toEqual(comparableHeaders(whole));
    expect(streamed.body.equals(whole.body)).toBe(true);
    expect(streamed.body.equals(Buffer.from(JSON.stringify(payload)))).toBe(true);
    expect(JSON.parse(streamed.body.toString()).metadata).toEqual({ added_by: "test hook" });
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });

  it("sends an ordinary request whole, as before", async () => {
    server.handle(sseReply(api, "small"));
    const message = finalMessage(await collect(api.stream(streamRequest(testModel(api.api, server.url), { apiKey: `small-${api.api}` }))));
    expect(message.content).toMatchObject([{ type: "text", text: "small" }]);
    const [sent] = server.requests as [SeenRequest];
    expect(sent.headers["transfer-encoding"]).toBeUndefined();
    expect(sent.headers["content-length"]).toBe(String(sent.body.length));
  });

  it("streams through undici's fetch too (PITH_FETCH=global)", async () => {
    process.env.PITH_FETCH = "global";
    server.handle(sseReply(api, "via undici"));
    const payloads: Record<string, unknown>[] = [];
    // another key, so the provider builds a client with the global fetch
    const request = streamRequest(testModel(api.api, server.url), { apiKey: `undici-${api.api}`, onPayload: largePayload(api.api, payloads) });
    const message = finalMessage(await collect(api.stream(request)));
    expect(message.content).toMatchObject([{ type: "text", text: "via undici" }]);
    const [sent] = server.requests as [SeenRequest];
    expect(sent.headers["sec-fetch-mode"]).toBe("cors");
    expect(sent.headers["transfer-encoding"]).toBe("chunked");
    expect(sent.body.equals(Buffer.from(JSON.stringify(payloads[0])))).toBe(true);
  });
});

describe("anthropic-messages with the fields messages.create turns into headers", () => {
  it("sends a large body with workspace_id the SDK's way: whole, the field as a header", async () => {
    const api = APIS[0]!;
    server.handle(sseReply(api, "whole"));
    const payloads: Record<string, unknown>[] = [];
    const tagged = largePayload(api.api, payloads);
    const onPayload = async (built: unknown) => ({ ...(await tagged(built) as object), workspace_id: "ws_1" });
    const message = finalMessage(await collect(api.stream(streamRequest(testModel(api.api, server.url), { apiKey: "workspace", onPayload }))));
    expect(message.content).toMatchObject([{ type: "text", text: "whole" }]);
    const [sent] = server.requests as [SeenRequest];
    expect(sent.headers["transfer-encoding"]).toBeUndefined();
    expect(sent.headers["anthropic-workspace-id"]).toBe("ws_1");
    expect(sent.body.equals(Buffer.from(JSON.stringify(payloads[0])))).toBe(true);
  });
});

describe.each(APIS)("$api aborted during the upload", (api) => {
  it("stops serializing and closes the connection", async () => {
    // A server that takes the request head and never reads the body: the client blocks once the socket is full.
    const arrived = deferred<IncomingMessage>();
    const stalled = createServer((req) => {
      req.pause();
      arrived.resolve(req);
    });
    await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve));
    try {
      const read = new Set<number>();
      const counted = (index: number) => ({
        role: "user",
        get content() {
          read.add(index);
          return `${index} ${"y".repeat(100_000)}`;
        },
      });
      const total = 400;
      const onPayload = async (built: unknown) => {
        const body = built as Record<string, unknown>;
        // The size estimate walks the last element first: a plain one large enough to settle it, so only
        // serialization reads the counted ones.
        const conversation = [...Array.from({ length: total }, (_, index) => counted(index)), { role: "user", content: "z".repeat(STREAMED_BODY_THRESHOLD + 1) }];
        return { ...body, [CONVERSATION_KEY[api.api]]: conversation };
      };
      const controller = new AbortController();
      const url = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`;
      const request = streamRequest(testModel(api.api, url), { apiKey: `abort-${api.api}`, onPayload, signal: controller.signal });
      const events = collect(api.stream(request));
      const received = await arrived.promise;
      controller.abort();
      const message = finalMessage(await events);
      expect(message.stopReason).toBe("aborted");
      // Reading again, the server drains what reached it and then sees the client's end of the connection.
      received.resume();
      await closed(received.socket);
      const serialized = read.size;
      // a few turns of the event loop: nothing goes on serializing in the background
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(read.size).toBe(serialized);
      expect(serialized).toBeLessThan(total);
    } finally {
      stalled.closeAllConnections();
      await new Promise((resolve) => stalled.close(resolve));
    }
  });
});

describe.each(APIS)("$api retried by the retry plugin with a large request", (api) => {
  it("serializes the body afresh for the retry, with the before_provider_request hook's payload", async () => {
    const mock = await startMockLlm();
    const agentDir = await mkdtemp(join(tmpdir(), "pith-streamed-"));
    try {
      writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ retry: { baseDelayMs: 1 } }));
      const baseUrl = api.api === "anthropic-messages" ? mock.url : `${mock.url}/v1`;
      const models = { providers: { mock: { baseUrl, api: api.api, apiKey: "k", models: [{ id: "mock-model", contextWindow: 100_000_000, maxTokens: 1024 }] } } };
      writeFileSync(join(agentDir, "models.json"), JSON.stringify(models));
      const hookSaw: unknown[] = [];
      const hook = definePlugin({
        name: "payload-tagger",
        setup: (context) =>
          context.on("before_provider_request", async (state) => {
            hookSaw.push(state.payload);
            return { ...state, payload: { ...(state.payload as object), metadata: { attempt: hookSaw.length } } };
          }),
      });
      const { session } = await createAgentSession({
        cwd: agentDir,
        agentDir,
        builtins: ["models", api.api === "anthropic-messages" ? "provider-anthropic" : "provider-openai"],
        plugins: [retryPlugin(), hook],
        model: "mock/mock-model",
      });
      mock.enqueue({ error: { status: 529, type: "overloaded_error", message: "Overloaded" } }, { text: "after the retry" });
      const prompt = `été 😀 ${"p".repeat(STREAMED_BODY_THRESHOLD)}`;
      await session.prompt(prompt);

      expect(mock.requests).toHaveLength(2);
      expect(hookSaw).toHaveLength(2);
      for (const [index, sent] of mock.requests.entries()) {
        expect(sent.headers["transfer-encoding"]).toBe("chunked");
        expect(sent.body.metadata).toEqual({ attempt: index + 1 });
        expect(JSON.stringify(sent.body[CONVERSATION_KEY[api.api]])).toContain(prompt);
      }
      const { metadata: _first, ...firstRest } = mock.requests[0]!.body;
      const { metadata: _second, ...secondRest } = mock.requests[1]!.body;
      expect(secondRest).toEqual(firstRest);
      expect(JSON.stringify(session.messages.at(-1))).toContain("after the retry");
    } finally {
      await mock.close();
      await rm(agentDir, { recursive: true, force: true });
    }
  });
});
