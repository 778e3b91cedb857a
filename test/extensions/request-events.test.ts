// pi 1.6.0's events around one model request (context, context_with_system, before_provider_headers,
// provider_stream_event): in a session with the scripted model, and through the built CLI against the mock server.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentMessage, PithPlugin } from "../../kernel/index.js";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { createWorld, messagesOf, startSession, type World } from "./harness.js";

const seen = globalThis as { __pithRequest?: Record<string, unknown[]> };

/** Logs each request event into `events.jsonl` (CLI) or globalThis (in process), and changes the request. */
const REQUEST_EXTENSION = `
  import { appendFileSync } from "node:fs";
  import { join } from "node:path";
  export default function (pi: any) {
    const log = (ctx: any, entry: object) => {
      const sink = (globalThis as any).__pithRequest;
      if (sink) (sink.log ??= []).push(entry);
      else appendFileSync(join(ctx.cwd, "events.jsonl"), JSON.stringify(entry) + "\\n");
    };
    pi.on("context", (event: any, ctx: any) => { log(ctx, { event: "context", roles: event.messages.map((m: any) => m.role) }); });
    pi.on("context_with_system", (event: any, ctx: any) => {
      const [head, ...rest] = event.messages;
      log(ctx, { event: "context_with_system", head: head.role, tools: head.toolsAdded.map((t: any) => t.name), roles: rest.map((m: any) => m.role) });
      const pirate = { ...head, content: head.content + "\\n\\nSpeak like a pirate.", toolsAdded: head.toolsAdded.filter((t: any) => t.name !== "bash") };
      return { messages: [pirate, ...rest] };
    });
    pi.on("before_provider_headers", (event: any) => {
      event.headers["x-trace-id"] = "trace-1";
      event.headers["x-drop-me"] = null;
    });
    pi.on("provider_stream_event", (event: any, ctx: any) => {
      log(ctx, { event: "provider_stream_event", provider: event.provider, api: event.api, model: event.model, type: event.data.type });
    });
  }`;

describe("request events in a session", () => {
  let world: World;
  beforeEach(async () => {
    world = await createWorld();
    seen.__pithRequest = {};
  });
  afterEach(() => world.close());

  it("context never sees system messages, and a changed list keeps them as one head; context_with_system owns prompt and tools", async () => {
    const path = await world.write("ext/request.ts", REQUEST_EXTENSION);
    // a plugin ahead of the extensions puts a system message into the conversation, as a resumed pi session has
    const systemFirst: PithPlugin = {
      name: "system-first",
      setup: (context) => {
        context.on("context", (state) => ({ ...state, messages: [{ role: "system", content: "stored prompt", timestamp: 1 } as AgentMessage, ...state.messages] }));
      },
    };
    const { session, scripted, problems } = await startSession(world, { paths: [path], before: [systemFirst], turns: [{ text: "arr" }] });
    await session.prompt("hello");
    expect(messagesOf(problems)).toEqual([]);
    expect(seen.__pithRequest!.log).toEqual([
      { event: "context", roles: ["user"] },
      { event: "context_with_system", head: "system", tools: ["read", "bash", "edit", "write"], roles: ["user"] },
    ]);
    const request = scripted.requests[0]!;
    expect(request.systemPrompt).toBe(`${session.systemPrompt}\n\nSpeak like a pirate.`);
    expect(request.tools.map((tool) => tool.name)).toEqual(["read", "edit", "write"]);
    expect(request.messages.map((message) => message.role)).toEqual(["user"]);
  });

  it("a context_with_system handler that drops the leading system message is reported, and its request still sent", async () => {
    const path = await world.write(
      "ext/drop.ts",
      `export default function (pi: any) { pi.on("context_with_system", (event: any) => ({ messages: event.messages.slice(1) })); }`,
    );
    const { session, scripted, problems } = await startSession(world, { paths: [path], turns: [{ text: "ok" }] });
    await session.prompt("hello");
    expect(messagesOf(problems)).toEqual([
      `extension ${path} failed in context_with_system: it removed the leading system message, so the request has no system prompt or tools; keep it at index 0`,
    ]);
    expect(scripted.requests[0]!.systemPrompt).toBe("");
    expect(scripted.requests[0]!.tools).toEqual([]);
  });
});

describe("request events through the CLI", () => {
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
    delete seen.__pithRequest;
  });
  afterEach(() => world.close());

  it("headers are changed in place (null drops the model's own), and every raw stream event is seen in order", async () => {
    const modelsPath = join(world.agentDir, "models.json");
    const models = JSON.parse(await readFile(modelsPath, "utf8")) as { providers: { mock: { headers?: Record<string, string> } } };
    models.providers.mock.headers = { "x-drop-me": "yes", "x-keep-me": "yes" };
    await writeFile(modelsPath, JSON.stringify(models));
    const extension = join(world.home, "request.ts");
    await writeFile(extension, REQUEST_EXTENSION);
    world.mock.enqueue({ text: "Ahoy." });

    const result = await world.run(["-p", "--model", "mock/mock-model", "-e", extension, "hello"]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("Ahoy.\n");
    const request = world.mock.requests[0]!;
    expect(request.headers["x-trace-id"]).toBe("trace-1");
    expect(request.headers["x-keep-me"]).toBe("yes");
    expect(request.headers["x-drop-me"]).toBeUndefined();
    const body = request.body as { system: unknown; tools: { name: string }[] };
    expect(JSON.stringify(body.system)).toContain("Speak like a pirate.");
    expect(body.tools.map((tool) => tool.name)).not.toContain("bash");

    const log = (await readFile(join(world.project, "events.jsonl"), "utf8")).trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(log.map((entry) => entry.event).slice(0, 2)).toEqual(["context", "context_with_system"]);
    const stream = log.filter((entry) => entry.event === "provider_stream_event");
    expect(stream[0]).toEqual({ event: "provider_stream_event", provider: "mock", api: "anthropic-messages", model: "mock-model", type: "message_start" });
    expect(stream.map((entry) => entry.type)).toContain("content_block_delta");
    expect(stream.at(-1)!.type).toBe("message_stop");
  });
});
