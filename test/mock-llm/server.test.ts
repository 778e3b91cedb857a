// Routing, recording, the reply queue, scripted HTTP answers and shutdown, seen over real HTTP.
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, test } from "vitest";
import { PithError } from "../../kernel/errors.js";
import { holdUntilReleased, startMockLlm, type MockLlm, type RecordedRequest, type ScriptedReply } from "../support/mock-llm/index.js";
import { anthropicClient, openAiClient } from "./clients.js";

const opened: MockLlm[] = [];
async function open(options?: Parameters<typeof startMockLlm>[0]): Promise<MockLlm> {
  const mock = await startMockLlm(options);
  opened.push(mock);
  return mock;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((mock) => mock.close()));
});

function post(mock: MockLlm, path: string, body: unknown): Promise<Response> {
  return fetch(`${mock.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });
}

const anthropicRequest = { model: "claude-test", max_tokens: 64, messages: [{ role: "user" as const, content: "hi" }] };

describe("the reply queue", () => {
  test("each request takes the next reply whatever its api, and is recorded in order", async () => {
    const mock = await open({ replies: [{ text: "from chat" }] });
    mock.enqueue({ text: "from messages" }, { text: "from responses" });
    expect(mock.pending()).toBe(3);
    const openai = openAiClient(mock);
    const chat = await openai.chat.completions.create({ model: "gpt-test", messages: [{ role: "user", content: "1" }] });
    const message = await anthropicClient(mock).messages.create(anthropicRequest);
    const response = await openai.responses.create({ model: "gpt-test", input: "3" });
    expect(chat.choices[0]?.message.content).toBe("from chat");
    expect(message.content).toMatchObject([{ type: "text", text: "from messages" }]);
    expect(response.output_text).toBe("from responses");
    expect(mock.pending()).toBe(0);
    expect(mock.requests.map((request) => [request.api, request.path])).toEqual([
      ["openai-completions", "/v1/chat/completions"],
      ["anthropic-messages", "/v1/messages"],
      ["openai-responses", "/v1/responses"],
    ]);
    expect(mock.requests[0]?.headers.authorization).toBe("Bearer test-key");
    expect(mock.requests[1]?.headers["anthropic-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(mock.requests[1]?.body).toMatchObject({ model: "claude-test", max_tokens: 64 });
  });

  test("with nothing queued the answer is a 500 naming the request, which SDKs do not retry", async () => {
    const mock = await open({ replies: [{ text: "only one" }] });
    await post(mock, "/v1/chat/completions", { model: "m" });
    const response = await post(mock, "/v1/chat/completions", { model: "m" });
    expect(response.status).toBe(500);
    expect(response.headers.get("x-should-retry")).toBe("false");
    expect(await response.json()).toMatchObject({ error: { message: "mock-llm: no scripted reply for request 2" } });
    const retrying = new Anthropic({ baseURL: mock.url, apiKey: "k", maxRetries: 2 });
    const error = await retrying.messages.create(anthropicRequest).catch((caught: unknown) => caught);
    expect((error as Error).message).toContain("mock-llm: no scripted reply for request 3");
    expect(mock.requests).toHaveLength(3);
  });

  test("a script function sees the recorded request and its reply is used", async () => {
    const seen: RecordedRequest[] = [];
    const mock = await open();
    mock.enqueue((request) => {
      seen.push(request);
      const messages = request.body.messages as { content: string }[];
      return { text: `echo: ${messages[0]?.content ?? ""}` };
    });
    const completion = await openAiClient(mock).chat.completions.create({ model: "gpt-test", messages: [{ role: "user", content: "ping" }] });
    expect(completion.choices[0]?.message.content).toBe("echo: ping");
    expect(seen[0]).toBe(mock.requests[0]);
    expect(seen[0]?.api).toBe("openai-completions");
  });

  test("a script that throws or returns a bad reply answers 500 with the reason", async () => {
    const mock = await open();
    mock.enqueue(
      () => {
        throw new Error("fixture exploded");
      },
      () => ({ text: 5 }) as unknown as ScriptedReply,
    );
    const thrown = await post(mock, "/v1/messages", anthropicRequest);
    expect(thrown.status).toBe(500);
    expect(await thrown.text()).toContain("the script for request 1 failed: fixture exploded");
    const bad = await post(mock, "/v1/messages", anthropicRequest);
    expect(await bad.text()).toContain("not a valid scripted reply");
  });

  test("the fallback answers once the queue is empty", async () => {
    const mock = await open({ replies: [{ text: "first" }], fallback: { text: "again" } });
    const openai = openAiClient(mock);
    const texts: (string | null | undefined)[] = [];
    for (let round = 0; round < 3; round++) {
      const completion = await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }] });
      texts.push(completion.choices[0]?.message.content);
    }
    expect(texts).toEqual(["first", "again", "again"]);
  });

  test("onReceived is told about every request once its body is complete, before it is parsed", async () => {
    const seen: { path: string; bodyBytes: number; recorded: number; ordered: boolean }[] = [];
    const mock: MockLlm = await open({
      fallback: { text: "ok" },
      onReceived: (received) =>
        seen.push({ path: received.path, bodyBytes: received.bodyBytes, recorded: mock.requests.length, ordered: received.startedAt <= received.receivedAt }),
    });
    const body = JSON.stringify(anthropicRequest);
    await post(mock, "/v1/messages", body);
    await post(mock, "/v1/nowhere", "not json");
    expect(seen).toEqual([
      { path: "/v1/messages", bodyBytes: Buffer.byteLength(body), recorded: 0, ordered: true },
      { path: "/v1/nowhere", bodyBytes: 8, recorded: 1, ordered: true },
    ]);
  });
});

describe("bad scripts and bad requests", () => {
  test("enqueue rejects a reply with an unknown or wrong field, naming it", async () => {
    const mock = await open();
    const typo = { txt: "hello" } as unknown as ScriptedReply;
    expect(() => mock.enqueue(typo)).toThrow(PithError);
    expect(() => mock.enqueue(typo)).toThrow(/txt/);
    expect(() => mock.enqueue({ error: { status: 100 } })).toThrow(/error\.status/);
    expect(() => mock.enqueue({ delayMs: -1 })).toThrow(/delayMs/);
    expect(() => mock.enqueue({ holdUntil: 5 } as unknown as ScriptedReply)).toThrow(/holdUntil/);
    expect(mock.pending()).toBe(0);
  });

  test("startMockLlm rejects a bad fallback", async () => {
    const error = await startMockLlm({ fallback: { stopReason: "done" } as unknown as ScriptedReply }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PithError);
    expect((error as PithError).code).toBe("MOCK_LLM_BAD_SCRIPT");
  });

  test("unknown paths and methods get a 404 JSON body and consume nothing", async () => {
    const mock = await open({ replies: [{ text: "kept" }] });
    const unknown = await post(mock, "/v1/embeddings", {});
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { message: "mock-llm: no route for POST /v1/embeddings" } });
    expect((await fetch(`${mock.url}/v1/messages`)).status).toBe(404);
    expect(mock.pending()).toBe(1);
    expect(mock.requests).toHaveLength(0);
  });

  test("a body that is not a JSON object gets a 400 in the api's error shape and consumes nothing", async () => {
    const mock = await open({ replies: [{ text: "kept" }] });
    const anthropic = await post(mock, "/v1/messages", "{not json");
    expect(anthropic.status).toBe(400);
    expect(await anthropic.json()).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
    const openai = await post(mock, "/v1/responses", "[1,2]");
    expect(await openai.json()).toMatchObject({ error: { type: "invalid_request_error", message: "mock-llm: the request body is not a JSON object" } });
    expect(mock.pending()).toBe(1);
  });
});

describe("scripted transport", () => {
  test("a string error body is sent verbatim, with the scripted headers", async () => {
    const mock = await open({ replies: [{ error: { status: 502, body: "<html>Bad Gateway</html>", headers: { "x-proxy": "edge" } } }] });
    const response = await post(mock, "/v1/chat/completions", { model: "m", stream: true });
    expect(response.status).toBe(502);
    expect(response.headers.get("x-proxy")).toBe("edge");
    expect(await response.text()).toBe("<html>Bad Gateway</html>");
  });

  test("dropAfterChunks on a non-stream request drops the connection before the body", async () => {
    const mock = await open({ replies: [{ text: "never", dropAfterChunks: 0 }] });
    await expect(post(mock, "/v1/messages", anthropicRequest)).rejects.toThrow();
  });

  test("holdUntil: a stream sends its first event (or holdAfterChunks), then the rest once the promise settles; a held stream its client leaves does not stop the next reply", async () => {
    const { held, release } = holdUntilReleased();
    const mock = await open({ replies: [{ text: ["a", "b"], holdUntil: held }] });
    const response = await post(mock, "/v1/chat/completions", { model: "m", stream: true });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"role":"assistant"');
    expect(first).not.toContain('"content":"a"');
    const rest = (async () => {
      let text = "";
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += new TextDecoder().decode(chunk.value);
      return text;
    })();
    const stillHeld = await Promise.race([rest.then(() => "ended"), new Promise((resolve) => setImmediate(() => resolve("held")))]);
    expect(stillHeld).toBe("held");
    release();
    expect(await rest).toMatch(/"content":"a"[\s\S]*"content":"b"[\s\S]*\[DONE\]/);

    // holdAfterChunks: the role chunk and the first delta go before the hold
    const second = holdUntilReleased();
    mock.enqueue({ text: ["c", "d"], holdUntil: second.held, holdAfterChunks: 2 });
    const partial = (await post(mock, "/v1/chat/completions", { model: "m", stream: true })).body!.getReader();
    let before = "";
    while (!before.includes('"content":"c"')) before += new TextDecoder().decode((await partial.read()).value);
    expect(before).not.toContain('"content":"d"');
    second.release();
    let after = "";
    for (let chunk = await partial.read(); !chunk.done; chunk = await partial.read()) after += new TextDecoder().decode(chunk.value);
    expect(after).toContain('"content":"d"');

    mock.enqueue({ text: ["e"], holdUntil: new Promise(() => undefined) }, { text: "after" });
    const controller = new AbortController();
    const forever = await fetch(`${mock.url}/v1/chat/completions`, { method: "POST", body: JSON.stringify({ model: "m", stream: true }), signal: controller.signal });
    await forever.body!.getReader().read();
    controller.abort();
    const next = await openAiClient(mock).chat.completions.create({ model: "m", messages: [{ role: "user", content: "1" }] });
    expect(next.choices[0]?.message.content).toBe("after");
  });

  test("close() ends a stream still being sent and can be called twice", async () => {
    const mock = await open({ replies: [{ text: ["a", "b", "c"], delayMs: 60_000 }] });
    const response = await post(mock, "/v1/chat/completions", { model: "m", stream: true });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"role":"assistant"');
    await mock.close();
    await mock.close();
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return "ended cleanly";
      })(),
    ).rejects.toThrow();
  });
});
