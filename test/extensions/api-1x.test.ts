// The `pi.*` and `ctx` members pi 1.6.0 added, through extensions loaded into real sessions.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorld, messagesOf, startSession, type World } from "./harness.js";

const seen = globalThis as { __pith1x?: Record<string, unknown> };
let world: World;
beforeEach(async () => {
  world = await createWorld();
  seen.__pith1x = {};
});
afterEach(() => world.close());

const record = (key: string, value: unknown) => `(globalThis as any).__pith1x[${JSON.stringify(key)}] = ${value};`;

describe("ctx at 1.6.0", () => {
  it("mode, thinkingLevel and isProjectTrusted() answer for the running session", async () => {
    const path = await world.write(
      "ext/ctx.ts",
      `export default function (pi: any) {
         pi.registerCommand("ctx", { handler: async (_args: string, ctx: any) => {
           ${record("mode", "ctx.mode")} ${record("thinking", "ctx.thinkingLevel")} ${record("trusted", "ctx.isProjectTrusted()")}
         } });
       }`,
    );
    const print = await startSession(world, { paths: [path], projectTrust: { approve: false } });
    await print.session.prompt("/ctx");
    expect(seen.__pith1x).toEqual({ mode: "print", thinking: print.session.thinkingLevel, trusted: false });

    const rpc = await startSession(world, { paths: [path], mode: "rpc", projectTrust: { approve: true } });
    await rpc.session.prompt("/ctx");
    expect(seen.__pith1x).toMatchObject({ mode: "rpc", trusted: true });
  });

  it("modelRegistry.stream/streamSimple hand back pi-ai's event stream at once, answered by the session's provider", async () => {
    const path = await world.write(
      "ext/stream.ts",
      `import { AssistantMessageEventStream } from "@earendil-works/pi-ai";
       export default function (pi: any) {
         pi.registerCommand("ask", { handler: async (_args: string, ctx: any) => {
           const context = { messages: [{ role: "user", content: "question", timestamp: 1 }] };
           const events = ctx.modelRegistry.stream(ctx.model, context);
           ${record("sameClass", "events instanceof AssistantMessageEventStream")}
           const deltas: string[] = [];
           for await (const event of events) if (event.type === "text_delta") deltas.push(event.delta);
           ${record("deltas", "deltas.join('')")}
           ${record("final", "(await events.result()).stopReason")}
           const simple = await ctx.modelRegistry.streamSimple(ctx.model, context).result();
           ${record("simple", "simple.content[0].text")}
         } });
       }`,
    );
    const started = await startSession(world, { paths: [path], turns: [{ text: "streamed answer" }, { text: "second answer" }] });
    await started.session.prompt("/ask");
    expect(messagesOf(started.problems)).toEqual([]);
    expect(seen.__pith1x).toEqual({ sameClass: true, deltas: "streamed answer", final: "stop", simple: "second answer" });
    expect(started.scripted.requests).toHaveLength(2);
  });
});

describe("pi at 1.6.0", () => {
  it("pi.on() returns an unsubscribe: the handler hears nothing after it", async () => {
    const path = await world.write(
      "ext/unsubscribe.ts",
      `export default function (pi: any) {
         const heard: string[] = [];
         (globalThis as any).__pith1x.heard = heard;
         const off = pi.on("input", (event: any) => { heard.push(event.text); });
         pi.registerCommand("off", { handler: async () => off() });
       }`,
    );
    const started = await startSession(world, { paths: [path], turns: [{ text: "a" }, { text: "b" }] });
    await started.session.prompt("first");
    await started.session.prompt("/off");
    await started.session.prompt("second");
    expect(seen.__pith1x!.heard).toEqual(["first"]);
  });

  it("getSettings() gives the effective settings as a copy; renderers of every kind are accepted, bad ones refused", async () => {
    await world.write("agent/settings.json", JSON.stringify({ theme: "light" }));
    const path = await world.write(
      "ext/settings.ts",
      `export default function (pi: any) {
         const settings = pi.getSettings();
         ${record("theme", "settings.theme")}
         settings.theme = "changed";
         ${record("again", "pi.getSettings().theme")}
         pi.registerEntryRenderer("note", () => []);
         pi.registerToolRenderer((_tool: unknown, next: () => unknown) => next());
         pi.registerMarkdownTransformer((text: string) => text, { messageTypes: ["assistant"] });
         try { pi.registerToolRenderer("nope"); } catch (error) { ${record("refused", "(error as any).code")} }
       }`,
    );
    const started = await startSession(world, { paths: [path] });
    expect(messagesOf(started.problems)).toEqual([]);
    expect(seen.__pith1x).toEqual({ theme: "light", again: "light", refused: "EXTENSION_RENDERER_INVALID" });
  });

  it("tools: exposure and defaultActive decide whether a tool starts active; a tool without a schema is refused", async () => {
    const path = await world.write(
      "ext/tools.ts",
      `import { Type } from "typebox";
       const run = async () => ({ content: [{ type: "text", text: "ok" }] });
       export default function (pi: any) {
         pi.registerTool({ name: "plain", description: "d", parameters: Type.Object({}), execute: run });
         pi.registerTool({ name: "later", description: "d", parameters: Type.Object({}), defaultActive: false, execute: run });
         pi.registerTool({ name: "hidden", description: "d", parameters: Type.Object({}), exposure: "hidden", execute: run });
         pi.registerTool({ name: "ns", description: "d", parameters: Type.Object({}), exposure: "model-only", namespace: { name: "x" }, execute: run });
         try { pi.registerTool({ name: "bare", description: "d", execute: run }); } catch (error) { ${record("bare", "(error as any).code")} }
         pi.registerCommand("list", { handler: async () => {
           ${record("active", "pi.getActiveTools()")}
           ${record("all", "pi.getAllTools().filter((tool: any) => ['plain', 'later', 'ns'].includes(tool.name)).map((tool: any) => [tool.name, tool.exposure, tool.namespace?.name ?? null])")}
         } });
       }`,
    );
    const started = await startSession(world, { paths: [path] });
    await started.session.prompt("/list");
    expect(seen.__pith1x!.bare).toBe("EXTENSION_TOOL_INVALID");
    expect((seen.__pith1x!.active as string[]).filter((name) => ["plain", "later", "hidden", "ns"].includes(name))).toEqual(["plain", "ns"]);
    expect(seen.__pith1x!.all).toEqual([
      ["plain", "direct", null],
      ["later", "direct", null],
      ["ns", "model-only", "x"],
    ]);
  });
});

describe("events at 1.6.0", () => {
  it("agent_settled follows the run, once per prompt; session_info_changed carries the new name", async () => {
    const path = await world.write(
      "ext/events.ts",
      `export default function (pi: any) {
         const heard: unknown[] = [];
         (globalThis as any).__pith1x.heard = heard;
         pi.on("agent_end", () => { heard.push("agent_end"); });
         pi.on("agent_settled", (event: any, ctx: any) => { heard.push([event.type, event.aborted, ctx.isIdle()]); });
         pi.on("session_info_changed", (event: any) => { heard.push([event.type, event.name]); });
         pi.registerCommand("name", { handler: async (args: string) => pi.setSessionName(args) });
       }`,
    );
    const started = await startSession(world, { paths: [path], turns: [{ text: "hello" }], sessionDir: `${world.root}/sessions` });
    await started.session.prompt("hi");
    await started.session.prompt("/name Review");
    await started.session.drainEvents();
    expect(seen.__pith1x!.heard).toEqual(["agent_end", ["agent_settled", false, true], ["session_info_changed", "Review"]]);
  });
});

describe("session_compact_failed", () => {
  it("fires when a compaction is cancelled, with the reason and aborted", async () => {
    const path = await world.write(
      "ext/compact.ts",
      `export default function (pi: any) {
         const heard: unknown[] = [];
         (globalThis as any).__pith1x.heard = heard;
         pi.on("session_before_compact", () => ({ cancel: true }));
         pi.on("session_compact_failed", (event: any) => { heard.push(event); });
         pi.registerCommand("squash", { handler: (_args: string, ctx: any) => new Promise((done) => ctx.compact({ onComplete: done, onError: done })) });
       }`,
    );
    // keepRecentTokens: 1 leaves the first turn before the cut, so there is something to compact (pi 1.6.0 refuses a
    // session whose whole context is recent)
    await world.write("agent/settings.json", JSON.stringify({ compaction: { keepRecentTokens: 1 } }));
    const started = await startSession(world, { paths: [path], turns: [{ text: "hello" }, { text: "again" }], sessionDir: `${world.root}/sessions` });
    await started.session.prompt("hi");
    await started.session.prompt("more");
    await started.session.prompt("/squash");
    expect(seen.__pith1x!.heard).toEqual([{ type: "session_compact_failed", reason: "manual", aborted: true, willRetry: false, fromExtension: false }]);
  });
});
