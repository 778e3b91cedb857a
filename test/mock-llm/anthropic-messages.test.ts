// The Anthropic SDK parses every stream the mock sends and gets back exactly what was scripted.
import Anthropic from "@anthropic-ai/sdk";
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages/messages";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { startMockLlm, type MockLlm } from "../support/mock-llm/index.js";
import { anthropicClient, drain } from "./clients.js";

let mock: MockLlm;
let client: Anthropic;
const request = { model: "claude-test", max_tokens: 256, messages: [{ role: "user" as const, content: "hi" }] };

beforeEach(async () => {
  mock = await startMockLlm();
  client = anthropicClient(mock);
});
afterEach(async () => {
  await mock.close();
});

async function rawEvents(): Promise<{ items: RawMessageStreamEvent[]; error?: unknown }> {
  return drain(await client.messages.create({ ...request, stream: true }));
}

describe("anthropic messages stream", () => {
  test("thinking with a signature, text and several tool calls come out of the SDK's MessageStream", async () => {
    mock.enqueue({
      thinking: "Let me look at the file first.",
      thinkingSignature: "sig-abc",
      text: "I will read it and list the folder.",
      toolCalls: [
        { id: "toolu_read", name: "read", arguments: { path: "src/index.ts", limit: 40 } },
        { name: "bash", arguments: { command: "ls -la" } },
      ],
    });
    const message = await client.messages.stream(request).finalMessage();
    expect(message.content).toMatchObject([
      { type: "thinking", thinking: "Let me look at the file first.", signature: "sig-abc" },
      { type: "text", text: "I will read it and list the folder." },
      { type: "tool_use", id: "toolu_read", name: "read", input: { path: "src/index.ts", limit: 40 } },
      { type: "tool_use", name: "bash", input: { command: "ls -la" } },
    ]);
    const generatedId = (message.content[3] as { id: string }).id;
    expect(generatedId).toMatch(/^toolu_/);
    expect(message.stop_reason).toBe("tool_use");
  });

  test("tool input arrives as several partial JSON fragments, the first one empty", async () => {
    mock.enqueue({ toolCalls: [{ name: "edit", arguments: { path: "a.ts", oldText: "x", newText: "y" } }] });
    const { items, error } = await rawEvents();
    expect(error).toBeUndefined();
    const fragments = items.flatMap((event) =>
      event.type === "content_block_delta" && event.delta.type === "input_json_delta" ? [event.delta.partial_json] : [],
    );
    expect(fragments.length).toBeGreaterThanOrEqual(3);
    expect(fragments[0]).toBe("");
    expect(JSON.parse(fragments.join(""))).toEqual({ path: "a.ts", oldText: "x", newText: "y" });
  });

  test("a text array is sent as exactly those deltas, then end_turn", async () => {
    mock.enqueue({ text: ["Hel", "lo", " wörld 😀"] });
    const { items } = await rawEvents();
    const deltas = items.flatMap((event) => (event.type === "content_block_delta" && event.delta.type === "text_delta" ? [event.delta.text] : []));
    expect(deltas).toEqual(["Hel", "lo", " wörld 😀"]);
    const delta = items.find((event) => event.type === "message_delta");
    expect(delta?.type === "message_delta" && delta.delta.stop_reason).toBe("end_turn");
    expect(items.at(-1)?.type).toBe("message_stop");
  });

  test("usage: input and cache counts in message_start, total output in message_delta", async () => {
    const usage = { input: 120, output: 34, cacheRead: 1000, cacheWrite: 50 };
    mock.enqueue({ text: "ok", usage }, { text: "ok", usage });
    const { items } = await rawEvents();
    const start = items[0];
    expect(start?.type === "message_start" && start.message.usage).toMatchObject({
      input_tokens: 120,
      cache_read_input_tokens: 1000,
      cache_creation_input_tokens: 50,
    });
    const delta = items.find((event) => event.type === "message_delta");
    expect(delta?.type === "message_delta" && delta.usage.output_tokens).toBe(34);
    const final = await client.messages.stream(request).finalMessage();
    expect(final.usage).toMatchObject({ input_tokens: 120, output_tokens: 34, cache_read_input_tokens: 1000, cache_creation_input_tokens: 50 });
  });

  test("stopReason length is max_tokens; the model echoes the request unless scripted", async () => {
    mock.enqueue({ text: "cut", stopReason: "length" }, { text: "x", model: "claude-other" });
    const first = await client.messages.stream(request).finalMessage();
    expect(first.stop_reason).toBe("max_tokens");
    expect(first.model).toBe("claude-test");
    const second = await client.messages.stream(request).finalMessage();
    expect(second.model).toBe("claude-other");
  });

  test("a ping event is sent and skipped by the SDK", async () => {
    mock.enqueue({ text: "pong" });
    const response = await client.messages.create({ ...request, stream: true }).asResponse();
    const text = await response.text();
    expect(text).toContain('event: ping\ndata: {"type":"ping"}');
  });

  test("malformed tool arguments reach the client verbatim", async () => {
    mock.enqueue({ toolCalls: [{ name: "bash", arguments: '{"command": "ls' }] });
    const { items } = await rawEvents();
    const fragments = items.flatMap((event) =>
      event.type === "content_block_delta" && event.delta.type === "input_json_delta" ? [event.delta.partial_json] : [],
    );
    expect(fragments.join("")).toBe('{"command": "ls');
  });
});

describe("anthropic messages without streaming", () => {
  test("a non-stream request gets a Messages JSON body", async () => {
    mock.enqueue({ thinking: "hm", text: "Summary of the session.", toolCalls: [{ id: "t1", name: "read", arguments: { path: "x" } }], usage: { input: 9, output: 7 } });
    const message = await client.messages.create(request);
    expect(message.content).toMatchObject([
      { type: "thinking", thinking: "hm" },
      { type: "text", text: "Summary of the session." },
      { type: "tool_use", id: "t1", name: "read", input: { path: "x" } },
    ]);
    expect(message.stop_reason).toBe("tool_use");
    expect(message.usage).toMatchObject({ input_tokens: 9, output_tokens: 7 });
  });
});

describe("anthropic messages failures", () => {
  test("429 with retry-after becomes a RateLimitError carrying the header", async () => {
    mock.enqueue({ error: { status: 429, headers: { "retry-after": "7" } } });
    const error = await client.messages.create(request).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    const apiError = error as InstanceType<typeof Anthropic.RateLimitError>;
    expect(apiError.headers?.get("retry-after")).toBe("7");
    expect(apiError.error).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
  });

  test("529 has the overloaded_error body; 401 is an AuthenticationError", async () => {
    mock.enqueue({ error: { status: 529 } }, { error: { status: 401, message: "invalid x-api-key" } });
    const overloaded = (await client.messages.create({ ...request, stream: true }).catch((caught: unknown) => caught)) as InstanceType<typeof Anthropic.APIError>;
    expect(overloaded.status).toBe(529);
    expect(overloaded.error).toMatchObject({ error: { type: "overloaded_error" } });
    const auth = await client.messages.create(request).catch((caught: unknown) => caught);
    expect(auth).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((auth as Error).message).toContain("invalid x-api-key");
  });

  test("a 400 context overflow keeps the scripted message; a custom body is sent as given", async () => {
    mock.enqueue(
      { error: { status: 400, message: "prompt is too long: 213462 tokens > 200000 maximum" } },
      { error: { status: 400, body: { type: "error", error: { type: "invalid_request_error", message: "custom" } } } },
    );
    const overflow = await client.messages.create(request).catch((caught: unknown) => caught);
    expect(overflow).toBeInstanceOf(Anthropic.BadRequestError);
    expect((overflow as Error).message).toContain("prompt is too long: 213462 tokens > 200000 maximum");
    const custom = (await client.messages.create(request).catch((caught: unknown) => caught)) as InstanceType<typeof Anthropic.APIError>;
    expect(custom.error).toEqual({ type: "error", error: { type: "invalid_request_error", message: "custom" } });
  });

  test("an in-stream overloaded error arrives after the first delta and ends the stream", async () => {
    mock.enqueue({ text: ["first", " second"], streamError: { type: "overloaded_error", message: "Overloaded" } });
    const { items, error } = await rawEvents();
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).type).toBe("overloaded_error");
    const texts = items.flatMap((event) => (event.type === "content_block_delta" && event.delta.type === "text_delta" ? [event.delta.text] : []));
    expect(texts).toEqual(["first"]);
    expect(items.some((event) => event.type === "message_stop")).toBe(false);
  });

  test("a dropped connection fails the stream after the scripted number of chunks", async () => {
    // chunks: message_start, ping, content_block_start, first text delta
    mock.enqueue({ text: ["a", "b", "c"], dropAfterChunks: 4 });
    const { items, error } = await rawEvents();
    expect(error).toBeInstanceOf(Error);
    expect(items.map((event) => event.type)).toEqual(["message_start", "content_block_start", "content_block_delta"]);
  });

  test("a malformed data line makes the SDK throw a JSON error", async () => {
    mock.enqueue({ text: ["a", "b"], malformed: true });
    const quiet = new Anthropic({ baseURL: mock.url, apiKey: "test-key", maxRetries: 0, logLevel: "off" });
    const { items, error } = await drain(await quiet.messages.create({ ...request, stream: true }));
    expect(error).toBeInstanceOf(SyntaxError);
    expect(items.filter((event) => event.type === "content_block_delta")).toHaveLength(1);
  });

  test("a client that aborts mid-stream leaves the server able to answer the next request", async () => {
    mock.enqueue({ text: ["one", "two", "three", "four", "five", "six"], delayMs: 20 }, { text: "after" });
    const controller = new AbortController();
    const stream = await client.messages.create({ ...request, stream: true }, { signal: controller.signal });
    const seen: string[] = [];
    const outcome = await drain(
      (async function* () {
        for await (const event of stream) {
          seen.push(event.type);
          if (event.type === "content_block_delta") controller.abort();
          yield event;
        }
      })(),
    );
    expect(outcome.error === undefined || outcome.error instanceof Anthropic.APIUserAbortError).toBe(true);
    expect(seen.filter((type) => type === "content_block_delta")).toHaveLength(1);
    const next = await client.messages.stream(request).finalMessage();
    expect(next.content).toMatchObject([{ type: "text", text: "after" }]);
  });
});
