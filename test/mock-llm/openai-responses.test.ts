// The openai SDK parses every Responses stream the mock sends and gets back exactly what was scripted.
import OpenAI from "openai";
import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { startMockLlm, type MockLlm } from "../support/mock-llm/index.js";
import { drain, openAiClient } from "./clients.js";

let mock: MockLlm;
let client: OpenAI;
const request = { model: "gpt-test", input: "hi" };

beforeEach(async () => {
  mock = await startMockLlm();
  client = openAiClient(mock);
});
afterEach(async () => {
  await mock.close();
});

async function rawEvents(): Promise<{ items: ResponseStreamEvent[]; error?: unknown }> {
  return drain(await client.responses.create({ ...request, stream: true }));
}

describe("responses stream", () => {
  test("reasoning summary, text and several function calls come out of the SDK's ResponseStream", async () => {
    mock.enqueue({
      thinking: "Need to inspect two files.",
      thinkingSignature: "encrypted-blob",
      text: "Reading both.",
      toolCalls: [
        { id: "call_1", name: "read", arguments: { path: "a.ts" } },
        { name: "read", arguments: { path: "b.ts" } },
      ],
    });
    const response = await client.responses.stream(request).finalResponse();
    expect(response.status).toBe("completed");
    expect(response.output).toMatchObject([
      { type: "reasoning", summary: [{ type: "summary_text", text: "Need to inspect two files." }], encrypted_content: "encrypted-blob" },
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Reading both." }] },
      { type: "function_call", call_id: "call_1", name: "read", arguments: '{"path":"a.ts"}' },
      { type: "function_call", name: "read", arguments: '{"path":"b.ts"}' },
    ]);
  });

  test("events carry consecutive sequence numbers from response.created to response.completed", async () => {
    mock.enqueue({ thinking: "t", text: "x", toolCalls: [{ name: "ls", arguments: {} }] });
    const { items, error } = await rawEvents();
    expect(error).toBeUndefined();
    expect(items.map((event) => event.sequence_number)).toEqual(items.map((_, index) => index));
    expect(items[0]?.type).toBe("response.created");
    expect(items.at(-1)?.type).toBe("response.completed");
    const types = new Set(items.map((event) => event.type));
    for (const type of [
      "response.output_item.added",
      "response.reasoning_summary_text.delta",
      "response.output_text.delta",
      "response.function_call_arguments.delta",
      "response.output_item.done",
    ] as const) {
      expect(types.has(type)).toBe(true);
    }
  });

  test("text and thinking arrays are sent as exactly those deltas", async () => {
    mock.enqueue({ thinking: ["th", "ink"], text: ["Hel", "lo"] });
    const { items } = await rawEvents();
    expect(items.flatMap((event) => (event.type === "response.reasoning_summary_text.delta" ? [event.delta] : []))).toEqual(["th", "ink"]);
    expect(items.flatMap((event) => (event.type === "response.output_text.delta" ? [event.delta] : []))).toEqual(["Hel", "lo"]);
  });

  test("function call arguments arrive in several fragments", async () => {
    mock.enqueue({ toolCalls: [{ name: "grep", arguments: { pattern: "TODO", path: "src" } }] });
    const { items } = await rawEvents();
    const fragments = items.flatMap((event) => (event.type === "response.function_call_arguments.delta" ? [event.delta] : []));
    expect(fragments.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(fragments.join(""))).toEqual({ pattern: "TODO", path: "src" });
  });

  test("usage in response.completed counts cached tokens inside input_tokens", async () => {
    mock.enqueue({ text: "ok", usage: { input: 50, output: 9, cacheRead: 200 } });
    const response = await client.responses.stream(request).finalResponse();
    expect(response.usage).toEqual({
      input_tokens: 250,
      input_tokens_details: { cached_tokens: 200 },
      output_tokens: 9,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 259,
    });
  });

  test("stopReason length ends with response.incomplete for max_output_tokens", async () => {
    mock.enqueue({ text: "cut", stopReason: "length" });
    const { items } = await rawEvents();
    const last = items.at(-1);
    expect(last?.type).toBe("response.incomplete");
    expect(last?.type === "response.incomplete" && last.response).toMatchObject({ status: "incomplete", incomplete_details: { reason: "max_output_tokens" } });
  });

  test("a non-stream request gets a Response body", async () => {
    mock.enqueue({ text: "Summary.", usage: { input: 4, output: 2 } });
    const response = await client.responses.create(request);
    expect(response.status).toBe("completed");
    expect(response.output_text).toBe("Summary.");
    expect(response.usage?.output_tokens).toBe(2);
  });
});

describe("responses failures", () => {
  test("429 with retry-after becomes a RateLimitError carrying the header", async () => {
    mock.enqueue({ error: { status: 429, headers: { "retry-after": "11" } } });
    const error = await client.responses.create({ ...request, stream: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as InstanceType<typeof OpenAI.RateLimitError>).headers.get("retry-after")).toBe("11");
  });

  test("an in-stream failure is a response.failed event after the first delta", async () => {
    mock.enqueue({ text: ["first", "second"], streamError: { type: "server_error", message: "boom" } });
    const { items, error } = await rawEvents();
    expect(error).toBeUndefined();
    expect(items.flatMap((event) => (event.type === "response.output_text.delta" ? [event.delta] : []))).toEqual(["first"]);
    const last = items.at(-1);
    expect(last?.type).toBe("response.failed");
    expect(last?.type === "response.failed" && last.response).toMatchObject({ status: "failed", error: { code: "server_error", message: "boom" } });
    expect(last?.sequence_number).toBe(items.length - 1);
  });

  test("an in-stream error can be sent as an `error` event instead", async () => {
    mock.enqueue({ text: "x", streamError: { type: "rate_limit_exceeded", message: "slow down", event: "error" } });
    const { items } = await rawEvents();
    expect(items.at(-1)).toMatchObject({ type: "error", code: "rate_limit_exceeded", message: "slow down", param: null });
  });

  test("a dropped connection fails the stream after the scripted number of chunks", async () => {
    mock.enqueue({ text: ["a", "b"], dropAfterChunks: 3 });
    const { items, error } = await rawEvents();
    expect(error).toBeInstanceOf(Error);
    expect(items.map((event) => event.type)).toEqual(["response.created", "response.in_progress", "response.output_item.added"]);
  });

  test("a malformed data line makes the SDK throw a JSON error", async () => {
    mock.enqueue({ text: ["a", "b"], malformed: true });
    const quiet = new OpenAI({ baseURL: `${mock.url}/v1`, apiKey: "test-key", maxRetries: 0, logLevel: "off" });
    const { items, error } = await drain(await quiet.responses.create({ ...request, stream: true }));
    expect(error).toBeInstanceOf(SyntaxError);
    expect(items.at(-1)?.type).toBe("response.output_text.delta");
  });

  test("a client that aborts mid-stream leaves the server able to answer the next request", async () => {
    mock.enqueue({ text: ["1", "2", "3", "4", "5"], delayMs: 20 }, { text: "after" });
    const controller = new AbortController();
    const stream = await client.responses.create({ ...request, stream: true }, { signal: controller.signal });
    let deltas = 0;
    const outcome = await drain(
      (async function* () {
        for await (const event of stream) {
          if (event.type === "response.output_text.delta") {
            deltas++;
            controller.abort();
          }
          yield event;
        }
      })(),
    );
    expect(outcome.error === undefined || outcome.error instanceof OpenAI.APIUserAbortError).toBe(true);
    expect(deltas).toBe(1);
    expect((await client.responses.create(request)).output_text).toBe("after");
  });
});
