import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { providerErrorDetails } from "../../lib/provider-kit/assistant-builder.js";
import type { AssistantMessage, Message } from "../../kernel/messages.js";
import type { PluginContext } from "../../kernel/plugin.js";
import type { AssistantMessageEvent, ProviderApi, ProviderResponseInfo, StreamRequest } from "../../kernel/provider.js";
import {
  createScriptedProvider,
  scriptedModel,
  scriptedProviderPlugin,
  type ScriptedProvider,
  type ScriptedStep,
} from "../../sdk/testing/index.js";

function makeRequest(overrides: Partial<StreamRequest> = {}): StreamRequest {
  return {
    model: scriptedModel(),
    systemPrompt: "You are a test.",
    messages: [{ role: "user", content: "hello", timestamp: 1 }],
    tools: [],
    thinkingLevel: "off",
    apiKey: undefined,
    signal: new AbortController().signal,
    ...overrides,
  };
}

async function collect(stream: AsyncIterable<AssistantMessageEvent>): Promise<AssistantMessageEvent[]> {
  const events: AssistantMessageEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

async function run(scripted: ScriptedProvider, request: StreamRequest = makeRequest()) {
  const events = await collect(scripted.provider.stream(request));
  return { events, types: events.map((event) => event.type), final: finalMessage(events) };
}

function scriptedWith(...turns: ScriptedStep[]): ScriptedProvider {
  return createScriptedProvider({ turns });
}

function finalMessage(events: AssistantMessageEvent[]): AssistantMessage {
  const last = events.at(-1);
  if (last?.type === "done") return last.message;
  if (last?.type === "error") return last.error;
  throw new Error(`stream ended with ${last?.type ?? "nothing"} instead of done or error`);
}

describe("turn kinds", () => {
  it("streams a text turn like a real provider", async () => {
    const { types, final } = await run(scriptedWith({ text: "Hi there" }));
    expect(types).toEqual(["start", "text_start", "text_delta", "text_end", "done"]);
    expect(final).toMatchObject({
      role: "assistant",
      content: [{ type: "text", text: "Hi there" }],
      api: "scripted",
      provider: "scripted",
      model: "scripted-model",
      stopReason: "stop",
    });
  });

  it("streams each element of a text array as a delta of one block", async () => {
    const { events, types, final } = await run(scriptedWith({ text: ["Hel", "lo"] }));
    expect(types).toEqual(["start", "text_start", "text_delta", "text_delta", "text_end", "done"]);
    expect(events.filter((event) => event.type === "text_delta").map((event) => event.delta)).toEqual(["Hel", "lo"]);
    expect(events.find((event) => event.type === "text_end")).toMatchObject({ content: "Hello", contentIndex: 0 });
    expect(final.content).toEqual([{ type: "text", text: "Hello" }]);
  });

  it("streams thinking, text and tool calls in that order and stops for tool use", async () => {
    const scripted = scriptedWith({
      thinking: "Let me look.",
      text: "Reading.",
      toolCalls: [
        { name: "read", arguments: { path: "a.ts" } },
        { id: "mine", name: "bash", arguments: { command: "ls" } },
      ],
    });
    const { events, types, final } = await run(scripted);
    expect(types).toEqual([
      "start",
      "thinking_start",
      "thinking_delta",
      "thinking_end",
      "text_start",
      "text_delta",
      "text_end",
      "toolcall_start",
      "toolcall_delta",
      "toolcall_end",
      "toolcall_start",
      "toolcall_delta",
      "toolcall_end",
      "done",
    ]);
    expect(events.at(-1)).toMatchObject({ type: "done", reason: "toolUse" });
    expect(final.stopReason).toBe("toolUse");
    expect(final.content).toEqual([
      { type: "thinking", thinking: "Let me look." },
      { type: "text", text: "Reading." },
      { type: "toolCall", id: "scripted_call_1", name: "read", arguments: { path: "a.ts" } },
      { type: "toolCall", id: "mine", name: "bash", arguments: { command: "ls" } },
    ]);
    const ends = events.filter((event) => event.type === "toolcall_end");
    expect(ends.map((event) => event.toolCall.name)).toEqual(["read", "bash"]);
  });

  it("numbers default tool call ids across turns so they never repeat", async () => {
    const scripted = scriptedWith(
      { toolCalls: [{ name: "a", arguments: {} }] },
      { toolCalls: [{ name: "b", arguments: {} }] },
    );
    const first = (await run(scripted)).final.content[0];
    const second = (await run(scripted)).final.content[0];
    expect(first).toMatchObject({ id: "scripted_call_1" });
    expect(second).toMatchObject({ id: "scripted_call_2" });
  });

  it("streams string arguments as raw JSON, so malformed arguments reach validation", async () => {
    const scripted = scriptedWith(
      { toolCalls: [{ name: "edit", arguments: '{"path": "a.ts", "oldText": ' }] },
      { toolCalls: [{ name: "edit", arguments: '{"path":"b.ts"}' }] },
    );
    const broken = await run(scripted);
    expect(broken.final.content[0]).toMatchObject({ arguments: { __invalidJson: '{"path": "a.ts", "oldText": ' } });
    expect(broken.events.find((event) => event.type === "toolcall_delta")).toMatchObject({
      delta: '{"path": "a.ts", "oldText": ',
    });
    expect((await run(scripted)).final.content[0]).toMatchObject({ arguments: { path: "b.ts" } });
  });

  it("records usage priced from the model and honours an explicit stop reason", async () => {
    const model = scriptedModel({ cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } });
    const scripted = scriptedWith({ text: "cut", usage: { input: 1000, output: 200, cacheRead: 500 }, stopReason: "length" });
    const { events, final } = await run(scripted, makeRequest({ model }));
    expect(events.at(-1)).toMatchObject({ type: "done", reason: "length" });
    expect(final.stopReason).toBe("length");
    expect(final.usage).toMatchObject({ input: 1000, output: 200, cacheRead: 500, cacheWrite: 0, totalTokens: 1700 });
    expect(final.usage.cost.total).toBeCloseTo(0.003 + 0.003 + 0.00015, 10);
  });

  it("answers an empty turn with just start and done", async () => {
    expect((await run(scriptedWith({}))).types).toEqual(["start", "done"]);
  });
});

describe("errors", () => {
  it("fails an error turn without content like an HTTP error, with the facts a retry plugin reads", async () => {
    const scripted = scriptedWith({
      error: { message: "rate limited", status: 429, retryAfterMs: 2000, errorType: "rate_limit_error" },
    });
    const { events, final } = await run(scripted);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "error", reason: "error" });
    expect(final.stopReason).toBe("error");
    expect(final.errorMessage).toBe("rate limited");
    expect(providerErrorDetails(final)).toEqual({
      kind: "http",
      status: 429,
      retryAfterMs: 2000,
      errorType: "rate_limit_error",
    });
    expect(final.diagnostics?.[0]).toMatchObject({ type: "provider_error", error: { message: "rate limited", code: "rate_limit_error" } });
  });

  it("fails an error turn with content after streaming it, keeping the partial content", async () => {
    const { types, final } = await run(scriptedWith({ text: "Half an ans", error: { message: "overloaded" } }));
    expect(types).toEqual(["start", "text_start", "text_delta", "text_end", "error"]);
    expect(final.content).toEqual([{ type: "text", text: "Half an ans" }]);
    expect(providerErrorDetails(final)).toEqual({ kind: "http" });
  });

  it("ends with an error naming the request when no turn is left", async () => {
    const scripted = scriptedWith({ text: "only one" });
    await run(scripted);
    const { events, final } = await run(scripted);
    expect(events.map((event) => event.type)).toEqual(["error"]);
    expect(final.errorMessage).toBe("scripted provider: no turn left for request 2");
    expect(final.stopReason).toBe("error");
    expect(providerErrorDetails(final)?.kind).toBe("invalid_response");
  });

  it("turns a throwing turn function into an error event instead of a rejection", async () => {
    const scripted = scriptedWith(() => {
      throw new Error("fixture missing");
    });
    const { final } = await run(scripted);
    expect(final.errorMessage).toBe("scripted provider: request 1 failed before streaming: fixture missing");
  });

  it("turns a rejecting onPayload hook into an error event", async () => {
    const onPayload = async () => {
      throw new Error("payload hook broke");
    };
    const { final } = await run(scriptedWith({ text: "x" }), makeRequest({ onPayload }));
    expect(final.errorMessage).toContain("payload hook broke");
  });

  it("turns arguments that cannot be serialised into an error event", async () => {
    const { final } = await run(scriptedWith({ toolCalls: [{ name: "a", arguments: { big: 1n } }] }));
    expect(final.stopReason).toBe("error");
    expect(final.errorMessage).toMatch(/^scripted provider: turn 1 could not be streamed: /);
  });
});

describe("abort", () => {
  it("ends with an aborted error when the signal fires mid-stream", async () => {
    const controller = new AbortController();
    const scripted = scriptedWith({ text: ["one ", "two ", "three"], delayMs: 1 });
    const events: AssistantMessageEvent[] = [];
    for await (const event of scripted.provider.stream(makeRequest({ signal: controller.signal }))) {
      events.push(event);
      if (event.type === "text_delta") controller.abort();
    }
    expect(events.map((event) => event.type)).toEqual(["start", "text_start", "text_delta", "error"]);
    const final = finalMessage(events);
    expect(events.at(-1)).toMatchObject({ type: "error", reason: "aborted" });
    expect(final.stopReason).toBe("aborted");
    expect(final.errorMessage).toBe("Request was aborted");
    expect(final.content).toEqual([{ type: "text", text: "one " }]);
    expect(providerErrorDetails(final)?.kind).toBe("aborted");
  });

  it("cuts a long delay short when aborted", async () => {
    const controller = new AbortController();
    const scripted = scriptedWith({ text: "never", delayMs: 600_000 });
    const iterator = scripted.provider.stream(makeRequest({ signal: controller.signal }))[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ type: "start" });
    const pending = iterator.next();
    controller.abort();
    expect((await pending).value).toMatchObject({ type: "error", reason: "aborted" });
    expect((await iterator.next()).done).toBe(true);
  });

  it("answers an already aborted request with a single aborted event and no payload", async () => {
    const controller = new AbortController();
    controller.abort();
    let payloadCalls = 0;
    const onPayload = async (payload: unknown) => {
      payloadCalls++;
      return payload;
    };
    const scripted = scriptedWith({ text: "x" }, { text: "y" });
    const { events } = await run(scripted, makeRequest({ signal: controller.signal, onPayload }));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "error", reason: "aborted" });
    expect(payloadCalls).toBe(0);
    expect(scripted.pending()).toBe(1);
  });
});

describe("requests and hooks", () => {
  it("records every request with messages copied at request time", async () => {
    const scripted = scriptedWith({ text: "a" }, { text: "b" });
    const messages: Message[] = [{ role: "user", content: [{ type: "text", text: "first" }], timestamp: 1 }];
    const request = makeRequest({ messages, tools: [{ name: "read", description: "Read", parameters: { type: "object" } }] });
    await run(scripted, request);
    (messages[0]!.content as { text: string }[])[0]!.text = "changed later";
    messages.push({ role: "user", content: "second", timestamp: 2 });
    await run(scripted, makeRequest({ messages }));
    expect(scripted.requests).toHaveLength(2);
    expect(scripted.requests[0]!.messages).toEqual([{ role: "user", content: [{ type: "text", text: "first" }], timestamp: 1 }]);
    expect(scripted.requests[0]!.tools.map((tool) => tool.name)).toEqual(["read"]);
    expect(scripted.requests[0]!.signal).toBe(request.signal);
    expect(scripted.requests[1]!.messages).toHaveLength(2);
  });

  it("gives turn functions the live request", async () => {
    const scripted = scriptedWith((request) => ({ text: `echo: ${request.messages.length} ${request.systemPrompt}` }));
    const { final } = await run(scripted);
    expect(final.content).toEqual([{ type: "text", text: "echo: 1 You are a test." }]);
  });

  it("takes turns in request order even when streams are read out of order", async () => {
    const scripted = scriptedWith({ text: "first" }, { text: "second" });
    const a = scripted.provider.stream(makeRequest());
    const b = scripted.provider.stream(makeRequest());
    expect(finalMessage(await collect(b)).content).toEqual([{ type: "text", text: "second" }]);
    expect(finalMessage(await collect(a)).content).toEqual([{ type: "text", text: "first" }]);
  });

  it("passes a plain payload to onPayload, keeps its replacement and reports the response head", async () => {
    const seen: unknown[] = [];
    const heads: ProviderResponseInfo[] = [];
    const request = makeRequest({
      maxTokens: 100,
      onPayload: async (payload) => {
        seen.push(payload);
        return { ...(payload as Record<string, unknown>), injected: true };
      },
      onResponse: async (head) => void heads.push(head),
    });
    const scripted = scriptedWith({ text: "ok" }, { error: { message: "busy", status: 503, retryAfterMs: 1500 } });
    await run(scripted, request);
    await run(scripted, request);
    expect(seen[0]).toEqual({
      model: "scripted-model",
      system: "You are a test.",
      messages: [{ role: "user", content: "hello", timestamp: 1 }],
      tools: [],
      thinkingLevel: "off",
      maxTokens: 100,
    });
    expect(Object.getPrototypeOf(seen[0])).toBe(Object.prototype);
    expect(scripted.payloads[0]).toMatchObject({ injected: true, model: "scripted-model" });
    expect(heads).toEqual([
      { status: 200, headers: {} },
      { status: 503, headers: { "retry-after-ms": "1500" } },
    ]);
  });

  it("counts pending turns and takes enqueued ones", async () => {
    const scripted = createScriptedProvider();
    expect(scripted.pending()).toBe(0);
    scripted.enqueue({ text: "a" }, () => ({ text: "b" }));
    expect(scripted.pending()).toBe(2);
    expect((await run(scripted)).final.content).toEqual([{ type: "text", text: "a" }]);
    expect(scripted.pending()).toBe(1);
    expect((await run(scripted)).final.content).toEqual([{ type: "text", text: "b" }]);
    expect(scripted.pending()).toBe(0);
  });
});

describe("model and plugin", () => {
  it("builds a model on the scripted api with overrides", () => {
    expect(scriptedModel()).toMatchObject({ api: "scripted", provider: "scripted", id: "scripted-model" });
    const custom = createScriptedProvider({ api: "my-fake" });
    expect(custom.provider.api).toBe("my-fake");
    expect(scriptedModel({ api: custom.api, id: "m2", reasoning: true })).toMatchObject({ api: "my-fake", id: "m2", reasoning: true });
  });

  it("registers the provider through the plugin context", async () => {
    const scripted = createScriptedProvider({ api: "fake-api" });
    const registered: ProviderApi[] = [];
    const context = { registerProvider: (provider: ProviderApi) => void registered.push(provider) };
    const plugin = scriptedProviderPlugin(scripted);
    await plugin.setup(context as unknown as PluginContext);
    expect(plugin.name).toBe("scripted-provider:fake-api");
    expect(registered).toEqual([scripted.provider]);
  });

  it("pulls in no provider SDK", async () => {
    const entry = fileURLToPath(new URL("../../sdk/testing/index.ts", import.meta.url));
    const result = await build({ entryPoints: [entry], bundle: true, write: false, metafile: true, platform: "node", format: "esm", logLevel: "silent" });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.endsWith("sdk/testing/scripted-provider.ts"))).toBe(true);
    // the kernel's entry brings its hook library, tapable; nothing else from node_modules, no SDK above all
    expect(inputs.filter((input) => input.includes("node_modules") && !input.includes("node_modules/tapable/"))).toEqual([]);
  });
});
