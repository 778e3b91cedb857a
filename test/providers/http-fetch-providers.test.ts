// Both real SDKs, through pith's providers, talk to the mock LLM over the node:http fetch, and PITH_FETCH=global
// puts undici back. undici's fetch sends browser headers (`sec-fetch-mode: cors`, `accept-language: *`) that the
// node:http fetch does not, so the mock's record of each request tells which fetch sent it.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { anthropicClient } from "../../plugins/provider-anthropic/anthropic-client.js";
import { openaiClient } from "../../plugins/provider-openai/openai-client.js";
import { classifyProviderError, httpFetch } from "../../lib/provider-kit/index.js";
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
afterEach(() => {
  delete process.env.PITH_FETCH;
  mock.requests.length = 0;
});

describe.each(APIS)("$api over the node:http fetch", ({ api, stream, path }) => {
  it("streams a full turn, twice, without undici's browser headers", async () => {
    mock.enqueue({ text: ["Hel", "lo", "!"], usage: { input: 5, output: 3 } }, { text: "again" });
    const first = finalMessage(await collect(stream(streamRequest(testModel(api, mock.url), { apiKey: `node-${api}` }))));
    const second = finalMessage(await collect(stream(streamRequest(testModel(api, mock.url), { apiKey: `node-${api}` }))));
    expect(first.stopReason).toBe("stop");
    expect(first.content).toMatchObject([{ type: "text", text: "Hello!" }]);
    expect(second.content).toMatchObject([{ type: "text", text: "again" }]);
    expect(mock.requests.map((request) => request.path)).toEqual([path, path]);
    for (const request of mock.requests) {
      expect(request.headers["sec-fetch-mode"]).toBeUndefined();
      expect(request.headers["accept-encoding"]).toBe("gzip, deflate, br");
      expect(request.headers.connection).toBe("keep-alive");
    }
  });

  it("uses the global fetch when PITH_FETCH=global", async () => {
    process.env.PITH_FETCH = "global";
    mock.enqueue({ text: "via undici" });
    // Another key, so the provider builds a new client rather than reuse one made with the default fetch.
    const message = finalMessage(await collect(stream(streamRequest(testModel(api, mock.url), { apiKey: `global-${api}` }))));
    expect(message.content).toMatchObject([{ type: "text", text: "via undici" }]);
    expect(mock.requests[0]!.headers["sec-fetch-mode"]).toBe("cors");
  });
});

/** The fetch an SDK client calls: a private field of the client, which the SDKs set from the `fetch` option. */
function fetchOf(client: object): unknown {
  return (client as { fetch?: unknown }).fetch;
}

describe("the SDK clients pith builds", () => {
  it("are given httpFetch, or the global fetch with PITH_FETCH=global", async () => {
    const anthropic = await anthropicClient(streamRequest(testModel("anthropic-messages", mock.url), { apiKey: "client-a" }));
    const openai = await openaiClient(streamRequest(testModel("openai-completions", mock.url), { apiKey: "client-b" }));
    expect(fetchOf(anthropic)).toBe(httpFetch);
    expect(fetchOf(openai)).toBe(httpFetch);
    process.env.PITH_FETCH = "global";
    const globalOpenai = await openaiClient(streamRequest(testModel("openai-completions", mock.url), { apiKey: "client-c" }));
    expect(fetchOf(globalOpenai)).toBe(globalThis.fetch);
  });
});

describe("the SDKs' own timeout over httpFetch", () => {
  it("aborts a request the server never answers and reports it as a timeout", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const client = new OpenAI({ baseURL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`, apiKey: "k", fetch: httpFetch, maxRetries: 0, timeout: 50 });
      const error = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }] }).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect((error as Error).constructor.name).toBe("APIConnectionTimeoutError");
      expect(classifyProviderError(error, new AbortController().signal)).toMatchObject({
        message: "Request timed out before the provider answered",
        details: { kind: "network" },
      });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
