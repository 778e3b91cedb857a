import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { providerErrorDetails } from "../../lib/provider-kit/assistant-builder.js";
import type { AssistantMessageEvent, ProviderResponseInfo } from "../../kernel/provider.js";
import { startMockLlm, type MockLlm } from "../support/mock-llm/index.js";
import { APIS } from "./support/apis.js";
import { collect, finalMessage, streamRequest, testModel } from "./support/models.js";

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

describe.each(APIS)("$api failures", ({ api, stream, encode, path }) => {
  const model = () => testModel(api, mock.url);

  it("reports HTTP 401 as an auth error with the provider's text, without a start event", async () => {
    mock.enqueue({ error: { status: 401, message: "invalid x-api-key" } });
    const heads: ProviderResponseInfo[] = [];
    const events = await collect(stream(streamRequest(model(), { onResponse: async (head) => void heads.push(head) })));
    expect(events.map((event) => event.type)).toEqual(["error"]);
    const message = finalMessage(events);
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toMatch(/^401 /);
    expect(message.errorMessage).toContain("invalid x-api-key");
    expect(providerErrorDetails(message)).toMatchObject({ kind: "auth", status: 401 });
    expect(heads.map((head) => head.status)).toEqual([401]);
  });

  it("reports HTTP 429 with retry-after seconds", async () => {
    mock.enqueue({ error: { status: 429, message: "Rate limit reached", headers: { "retry-after": "7" } } });
    const message = finalMessage(await collect(stream(streamRequest(model()))));
    expect(message.errorMessage).toContain("429");
    expect(message.errorMessage).toContain("Rate limit reached");
    const details = providerErrorDetails(message);
    expect(details).toMatchObject({ kind: "http", status: 429, retryAfterMs: 7000 });
    expect(details?.errorType).toBe(api === "anthropic-messages" ? "rate_limit_error" : "rate_limit_exceeded");
    expect(message.diagnostics?.[0]).toMatchObject({ type: "provider_error", error: { message: message.errorMessage } });
  });

  it("reports an overloaded server with retry-after-ms winning over retry-after", async () => {
    const status = api === "anthropic-messages" ? 529 : 503;
    mock.enqueue({ error: { status, message: "Overloaded", headers: { "retry-after-ms": "1500", "retry-after": "30" } } });
    const message = finalMessage(await collect(stream(streamRequest(model()))));
    expect(message.errorMessage).toMatch(new RegExp(`^${status} .*Overloaded`));
    expect(providerErrorDetails(message)).toMatchObject({ kind: "http", status, retryAfterMs: 1500 });
  });

  it("reads retry-after given as an HTTP date", async () => {
    const when = new Date(Date.now() + 60_000).toUTCString();
    mock.enqueue({ error: { status: 429, message: "slow down", headers: { "retry-after": when } } });
    const retryAfterMs = providerErrorDetails(finalMessage(await collect(stream(streamRequest(model())))))?.retryAfterMs ?? 0;
    // an HTTP date has whole seconds, and the request itself takes a moment
    expect(retryAfterMs).toBeGreaterThan(50_000);
    expect(retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it("keeps the provider's context-overflow text and marks it as overflow", async () => {
    const text = api === "anthropic-messages" ? "prompt is too long: 213462 tokens > 200000 maximum" : "Your input exceeds the context window of this model.";
    mock.enqueue({ error: { status: 400, message: text, ...(api === "anthropic-messages" ? {} : { code: "context_length_exceeded" }) } });
    const message = finalMessage(await collect(stream(streamRequest(model()))));
    expect(message.errorMessage).toContain(text);
    expect(providerErrorDetails(message)).toMatchObject({ kind: "overflow", status: 400 });
  });

  it("reports a plain-text error body as it came", async () => {
    mock.enqueue({ error: { status: 502, body: "upstream connect error" } });
    const message = finalMessage(await collect(stream(streamRequest(model()))));
    expect(message.errorMessage).toBe("502 upstream connect error");
    expect(providerErrorDetails(message)).toMatchObject({ kind: "http", status: 502 });
  });

  it("reports a connection dropped mid-stream and keeps what arrived", async () => {
    mock.enqueue({ text: ["one ", "two ", "three ", "four"], dropAfterChunks: 4 });
    const events = await collect(stream(streamRequest(model())));
    expect(events[0]?.type).toBe("start");
    const message = finalMessage(events);
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toMatch(/terminated|other side closed/);
    expect(providerErrorDetails(message)).toMatchObject({ kind: "network" });
  });

  it("reports a connection dropped right after the response head", async () => {
    mock.enqueue({ text: "never", dropAfterChunks: 0 });
    const message = finalMessage(await collect(stream(streamRequest(model()))));
    expect(message.stopReason).toBe("error");
    expect(providerErrorDetails(message)?.kind).toBe("network");
  });

  it("reports a refused connection as a network error", async () => {
    const closed = await startMockLlm();
    const url = closed.url;
    await closed.close();
    const message = finalMessage(await collect(stream(streamRequest(testModel(api, url)))));
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toMatch(/^Connection error/);
    expect(providerErrorDetails(message)).toEqual({ kind: "network" });
  });

  it("reports malformed SSE data as an invalid response", async () => {
    mock.enqueue({ text: "some text here", malformed: true });
    const message = finalMessage(await collect(stream(streamRequest(model()))));
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toMatch(/^Malformed response from provider/);
    expect(providerErrorDetails(message)).toEqual({ kind: "invalid_response" });
  });

  it("reports an error event inside the stream with the provider's type", async () => {
    mock.enqueue({ text: "partial answer", streamError: { type: "overloaded_error", message: "Overloaded" } });
    const message = finalMessage(await collect(stream(streamRequest(model()))));
    expect(message.errorMessage).toBe("overloaded_error: Overloaded");
    expect(providerErrorDetails(message)).toEqual({ kind: "stream", errorType: "overloaded_error" });
  });

  it("aborts mid-stream with stopReason aborted", async () => {
    mock.enqueue({ text: ["a", "b", "c", "d", "e", "f"], delayMs: 30 });
    const controller = new AbortController();
    const events: AssistantMessageEvent[] = [];
    for await (const event of stream(streamRequest(model(), { signal: controller.signal }))) {
      events.push(event);
      if (event.type === "text_delta") controller.abort();
    }
    const message = finalMessage(events);
    expect(message.stopReason).toBe("aborted");
    expect(message.errorMessage).toBe("Request was aborted");
    expect(providerErrorDetails(message)).toEqual({ kind: "aborted" });
    expect(events.filter((event) => event.type === "text_delta")).toHaveLength(1);
  });

  it("aborts before sending when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const events = await collect(stream(streamRequest(model(), { signal: controller.signal })));
    expect(events.map((event) => event.type)).toEqual(["error"]);
    expect(finalMessage(events)).toMatchObject({ stopReason: "aborted", errorMessage: "Request was aborted" });
    expect(mock.requests).toHaveLength(0);
  });

  it("fails a stream that ends cleanly without its final event", async () => {
    // Everything up to the last event, then a normal end of the response: the server "forgot" to finish.
    const frames = encode({ text: "unfinished" }).split("\n\n").filter((frame) => frame.trim() !== "");
    const keep = api === "openai-completions" ? frames.slice(0, -3) : frames.slice(0, -2);
    const server: Server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(req.url === path ? 200 : 404, { "content-type": "text/event-stream" });
        res.end(keep.map((frame) => `${frame}\n\n`).join(""));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const message = finalMessage(await collect(stream(streamRequest(testModel(api, url)))));
      expect(message.stopReason).toBe("error");
      expect(message.errorMessage).toContain("stream ended without a final event");
      expect(providerErrorDetails(message)).toEqual({ kind: "stream" });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("fails with the hook's message when onPayload throws, before anything is sent", async () => {
    const message = finalMessage(
      await collect(stream(streamRequest(model(), { onPayload: async () => { throw new Error("payload rejected by policy"); } }))),
    );
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toBe("payload rejected by policy");
    expect(mock.requests).toHaveLength(0);
  });
});
