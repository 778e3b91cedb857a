// The openai SDK parses every Chat Completions stream the mock sends and gets back exactly what was scripted.
import OpenAI from "openai";
import type { ChatCompletionChunk } from "openai/resources/chat/completions/completions";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { startMockLlm, type MockLlm } from "../support/mock-llm/index.js";
import { drain, openAiClient } from "./clients.js";

let mock: MockLlm;
let client: OpenAI;
const request = { model: "gpt-test", messages: [{ role: "user" as const, content: "hi" }] };

beforeEach(async () => {
  mock = await startMockLlm();
  client = openAiClient(mock);
});
afterEach(async () => {
  await mock.close();
});

async function rawChunks(includeUsage = true): Promise<{ items: ChatCompletionChunk[]; error?: unknown }> {
  return drain(await client.chat.completions.create({ ...request, stream: true, stream_options: { include_usage: includeUsage } }));
}

function reasoningOf(chunks: ChatCompletionChunk[]): string {
  return chunks.map((chunk) => (chunk.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content ?? "").join("");
}

describe("chat completions stream", () => {
  test("reasoning_content, text and several tool calls come out of the SDK", async () => {
    const reply = {
      thinking: "The user wants a listing.",
      text: "Listing now.",
      toolCalls: [
        { id: "call_a", name: "bash", arguments: { command: "ls" } },
        { name: "read", arguments: { path: "README.md" } },
      ],
    };
    mock.enqueue(reply, reply);
    const { items, error } = await rawChunks();
    expect(error).toBeUndefined();
    expect(reasoningOf(items)).toBe("The user wants a listing.");
    const completion = await client.chat.completions.stream({ ...request, stream_options: { include_usage: true } }).finalChatCompletion();
    const choice = completion.choices[0];
    expect(choice?.message.content).toBe("Listing now.");
    expect(choice?.finish_reason).toBe("tool_calls");
    expect(choice?.message.tool_calls).toMatchObject([
      { id: "call_a", type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } },
      { type: "function", function: { name: "read", arguments: '{"path":"README.md"}' } },
    ]);
    expect(choice?.message.tool_calls?.[1]?.id).toMatch(/^call_/);
  });

  test("a tool call opens with id, type and name, then several argument fragments", async () => {
    mock.enqueue({ toolCalls: [{ id: "call_x", name: "write", arguments: { path: "a.txt", content: "hello there" } }] });
    const { items } = await rawChunks();
    const calls = items.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    expect(calls[0]).toEqual({ index: 0, id: "call_x", type: "function", function: { name: "write", arguments: "" } });
    const fragments = calls.slice(1).map((call) => call.function?.arguments ?? "");
    expect(fragments.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(fragments.join(""))).toEqual({ path: "a.txt", content: "hello there" });
  });

  test("the usage chunk comes last when include_usage is asked, with cached tokens counted in prompt_tokens", async () => {
    mock.enqueue({ text: "ok", usage: { input: 100, output: 20, cacheRead: 400 } }, { text: "ok", usage: { input: 100, output: 20 } });
    const { items } = await rawChunks(true);
    expect(items.at(-1)?.choices).toEqual([]);
    expect(items.at(-1)?.usage).toMatchObject({ prompt_tokens: 500, completion_tokens: 20, total_tokens: 520, prompt_tokens_details: { cached_tokens: 400 } });
    const without = await rawChunks(false);
    expect(without.items.every((chunk) => chunk.usage === undefined || chunk.usage === null)).toBe(true);
  });

  test("a cache write is reported as cache_write_tokens, included in cached_tokens", async () => {
    mock.enqueue({ text: "ok", usage: { input: 10, output: 1, cacheRead: 30, cacheWrite: 5 } });
    const { items } = await rawChunks();
    expect(items.at(-1)?.usage).toMatchObject({ prompt_tokens: 45, prompt_tokens_details: { cached_tokens: 35, cache_write_tokens: 5 } });
  });

  test("finish reasons: stop for text, length when scripted; text arrays are the exact deltas", async () => {
    mock.enqueue({ text: ["a", "bc"] }, { text: "cut off", stopReason: "length" });
    const { items } = await rawChunks();
    expect(items.flatMap((chunk) => (chunk.choices[0]?.delta.content ? [chunk.choices[0].delta.content] : []))).toEqual(["a", "bc"]);
    expect(items.find((chunk) => chunk.choices[0]?.finish_reason)?.choices[0]?.finish_reason).toBe("stop");
    const cut = await client.chat.completions.stream(request).finalChatCompletion();
    expect(cut.choices[0]?.finish_reason).toBe("length");
  });

  test("the stream ends with data: [DONE]", async () => {
    mock.enqueue({ text: "done" });
    const response = await client.chat.completions.create({ ...request, stream: true }).asResponse();
    expect((await response.text()).endsWith("data: [DONE]\n\n")).toBe(true);
  });

  test("a non-stream request gets a chat.completion body", async () => {
    mock.enqueue({ text: "A summary.", usage: { input: 5, output: 3 } });
    const completion = await client.chat.completions.create(request);
    expect(completion.object).toBe("chat.completion");
    expect(completion.choices[0]?.message.content).toBe("A summary.");
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    expect(completion.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 3 });
  });
});

describe("chat completions failures", () => {
  test("429 with retry-after becomes a RateLimitError carrying the header and OpenAI's error body", async () => {
    mock.enqueue({ error: { status: 429, headers: { "retry-after": "3" } } });
    const error = await client.chat.completions.create({ ...request, stream: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    const apiError = error as InstanceType<typeof OpenAI.RateLimitError>;
    expect(apiError.headers.get("retry-after")).toBe("3");
    expect(apiError.code).toBe("rate_limit_exceeded");
  });

  test("401 is an AuthenticationError; a 400 overflow keeps the scripted code and message", async () => {
    mock.enqueue(
      { error: { status: 401 } },
      { error: { status: 400, code: "context_length_exceeded", message: "This model's maximum context length is 128000 tokens." } },
    );
    expect(await client.chat.completions.create(request).catch((caught: unknown) => caught)).toBeInstanceOf(OpenAI.AuthenticationError);
    const overflow = (await client.chat.completions.create(request).catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(overflow).toBeInstanceOf(OpenAI.BadRequestError);
    expect(overflow.code).toBe("context_length_exceeded");
    expect(overflow.message).toContain("maximum context length is 128000 tokens");
  });

  test("an in-stream error arrives after the first delta and the SDK throws it", async () => {
    mock.enqueue({ text: ["partial", " rest"], streamError: { type: "server_error", message: "The server had an error" } });
    const { items, error } = await rawChunks();
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as Error).message).toContain("The server had an error");
    expect(items.flatMap((chunk) => (chunk.choices[0]?.delta.content ? [chunk.choices[0].delta.content] : []))).toEqual(["partial"]);
  });

  test("a dropped connection fails the stream after the scripted number of chunks", async () => {
    mock.enqueue({ text: ["a", "b", "c"], dropAfterChunks: 2 });
    const { items, error } = await rawChunks();
    expect(error).toBeInstanceOf(Error);
    expect(items).toHaveLength(2);
  });

  test("a malformed data line makes the SDK throw a JSON error", async () => {
    mock.enqueue({ text: ["a", "b"], malformed: true });
    const quiet = new OpenAI({ baseURL: `${mock.url}/v1`, apiKey: "test-key", maxRetries: 0, logLevel: "off" });
    const { items, error } = await drain(await quiet.chat.completions.create({ ...request, stream: true }));
    expect(error).toBeInstanceOf(SyntaxError);
    expect(items).toHaveLength(2);
  });

  test("a client that aborts mid-stream leaves the server able to answer the next request", async () => {
    mock.enqueue({ text: ["1", "2", "3", "4", "5", "6"], delayMs: 20 }, { text: "after" });
    const controller = new AbortController();
    const stream = await client.chat.completions.create({ ...request, stream: true }, { signal: controller.signal });
    let contentChunks = 0;
    const outcome = await drain(
      (async function* () {
        for await (const chunk of stream) {
          if (chunk.choices[0]?.delta.content) {
            contentChunks++;
            controller.abort();
          }
          yield chunk;
        }
      })(),
    );
    expect(outcome.error === undefined || outcome.error instanceof OpenAI.APIUserAbortError).toBe(true);
    expect(contentChunks).toBe(1);
    const next = await client.chat.completions.stream(request).finalChatCompletion();
    expect(next.choices[0]?.message.content).toBe("after");
  });
});
