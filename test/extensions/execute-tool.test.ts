// ctx.executeTool and ctx.tools in an extension tool's execute (pi 1.6.0): nested calls go through validation,
// tool_call and tool_result like the model's, carry the caller's id, never reject, and add nothing to the transcript.
import { afterEach, beforeEach, expect, it } from "vitest";
import type { SessionEvent } from "../../kernel/index.js";
import { createWorld, messagesOf, startSession, type World } from "./harness.js";

const seen = globalThis as { __pithNested?: Record<string, unknown> };
let world: World;
beforeEach(async () => {
  world = await createWorld();
  seen.__pithNested = {};
});
afterEach(() => world.close());

const ORCHESTRATOR = `
  import { Type } from "typebox";
  export default function (pi: any) {
    const sink = (globalThis as any).__pithNested;
    pi.registerTool({
      name: "shout", label: "Shout", description: "Upper-cases text",
      parameters: Type.Object({ text: Type.String() }),
      async execute(_id: string, params: any, _signal: any, onUpdate: any) {
        onUpdate?.({ content: [{ type: "text", text: "working" }], details: {} });
        return { content: [{ type: "text", text: params.text.toUpperCase() }], details: { length: params.text.length } };
      },
    });
    pi.registerTool({
      name: "orchestrate", label: "Orchestrate", description: "Calls other tools",
      parameters: Type.Object({}),
      async execute(_id: string, _params: any, _signal: any, _onUpdate: any, ctx: any) {
        sink.tools = ctx.tools.map((tool: any) => tool.name);
        const updates: unknown[] = [];
        const ok = await ctx.executeTool("shout", { text: "hi" }, { onUpdate: (partial: any) => updates.push(partial.content[0].text) });
        const invalid = await ctx.executeTool("shout", {});
        const blocked = await ctx.executeTool("shout", { text: "secret" });
        const missing = await ctx.executeTool("nope", {});
        sink.outcomes = [ok, invalid, blocked, missing].map((o: any) => ({ id: o.toolCall.id, name: o.toolCall.name, isError: o.isError, text: o.result.content[0].text, ran: typeof o.durationMs === "number" }));
        sink.updates = updates;
        return { content: [{ type: "text", text: "orchestrated" }], details: {} };
      },
    });
    pi.on("tool_call", (event: any) => {
      (sink.calls ??= []).push({ id: event.toolCallId, parent: event.parentToolCallId });
      if (event.input.text === "secret") return { block: true, reason: "no secrets" };
    });
    pi.on("tool_result", (event: any) => { (sink.results ??= []).push({ id: event.toolCallId, parent: event.parentToolCallId }); });
  }`;

it("runs other tools through the same checks and hooks, with ids under the caller's", async () => {
  const path = await world.write("ext/orchestrate.ts", ORCHESTRATOR);
  const { session, problems } = await startSession(world, {
    paths: [path],
    turns: [{ toolCalls: [{ name: "orchestrate", arguments: {} }] }, { text: "done" }],
  });
  const events: SessionEvent[] = [];
  session.subscribe((event) => void events.push(event));
  await session.prompt("go");
  expect(messagesOf(problems)).toEqual([]);

  const parent = events.find((event) => event.type === "tool_execution_start" && event.toolName === "orchestrate") as { toolCallId: string };
  const id = parent.toolCallId;
  expect(seen.__pithNested!.tools).toEqual(expect.arrayContaining(["read", "bash", "shout", "orchestrate"]));
  expect(seen.__pithNested!.outcomes).toEqual([
    { id: `${id}/1`, name: "shout", isError: false, text: "HI", ran: true },
    { id: `${id}/2`, name: "shout", isError: true, text: expect.stringMatching(/text/), ran: false },
    { id: `${id}/3`, name: "shout", isError: true, text: "no secrets", ran: false },
    { id: `${id}/4`, name: "nope", isError: true, text: "Tool nope not found", ran: false },
  ]);
  expect(seen.__pithNested!.updates).toEqual(["working"]);
  expect(seen.__pithNested!.calls).toEqual([
    { id, parent: undefined },
    { id: `${id}/1`, parent: id },
    { id: `${id}/3`, parent: id },
  ]);
  expect(seen.__pithNested!.results).toEqual([{ id: `${id}/1`, parent: id }, { id, parent: undefined }]);

  const nestedEnds = events.filter((event) => event.type === "tool_execution_end" && (event as { parentToolCallId?: string }).parentToolCallId === id);
  expect(nestedEnds.map((event) => (event as { toolCallId: string }).toolCallId)).toEqual([`${id}/1`, `${id}/2`, `${id}/3`, `${id}/4`]);
  expect(events.some((event) => event.type === "tool_execution_update" && (event as { toolCallId: string }).toolCallId === `${id}/1`)).toBe(true);
  // the transcript holds the model's call and its one result, nothing of the nested calls
  expect(session.messages.filter((message) => message.role === "toolResult").map((message) => (message as { toolCallId: string }).toolCallId)).toEqual([id]);
});

const STRUCTURED = `
  import { Type } from "typebox";
  export default function (pi: any) {
    const sink = (globalThis as any).__pithNested;
    const usage = { input: 7, output: 3, cacheRead: 0, cacheWrite: 0, totalTokens: 10, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.5 } };
    pi.registerTool({
      name: "lookup", label: "Lookup", description: "Finds a record",
      parameters: Type.Object({ key: Type.String() }),
      outputSchema: Type.Object({ found: Type.Boolean() }),
      async execute(_id: string, params: any) {
        if (params.key === "missing") return { content: [{ type: "text", text: "not found" }], details: { key: params.key }, structuredContent: { found: false }, isError: true };
        return { content: [{ type: "text", text: "found" }], details: {}, structuredContent: { found: true }, usage };
      },
    });
    pi.registerTool({
      name: "caller", label: "Caller", description: "Calls lookup",
      parameters: Type.Object({}),
      async execute(_id: string, _params: any, _signal: any, _onUpdate: any, ctx: any) {
        const hit = await ctx.executeTool("lookup", { key: "hit" });
        sink.nested = { structured: hit.result.structuredContent, isError: hit.isError };
        return { content: [{ type: "text", text: "called" }], details: {} };
      },
    });
    pi.on("tool_result", (event: any) => {
      (sink.seen ??= []).push({ key: event.input.key, structured: event.structuredContent, isError: event.isError, cost: event.usage?.cost.total });
      // replacing the content alone drops structured content that may no longer match it
      if (event.input.key === "rewrite") return { content: [{ type: "text", text: "rewritten" }] };
    });
  }`;

it("carries a tool's structuredContent, its own isError and usage through tool_result, executeTool and the events (pi 1.6.0)", async () => {
  const path = await world.write("ext/structured.ts", STRUCTURED);
  const { session, problems } = await startSession(world, {
    paths: [path],
    turns: [
      {
        toolCalls: [
          { name: "lookup", arguments: { key: "hit" } },
          { name: "lookup", arguments: { key: "missing" } },
          { name: "lookup", arguments: { key: "rewrite" } },
          { name: "caller", arguments: {} },
        ],
      },
      { text: "done" },
    ],
  });
  const events: SessionEvent[] = [];
  session.subscribe((event) => void events.push(event));
  await session.prompt("go");
  expect(messagesOf(problems)).toEqual([]);

  expect(seen.__pithNested!.seen).toEqual(
    expect.arrayContaining([
      { key: "hit", structured: { found: true }, isError: false, cost: 0.5 },
      { key: "missing", structured: { found: false }, isError: true, cost: undefined },
      { key: "rewrite", structured: { found: true }, isError: false, cost: 0.5 },
    ]),
  );
  expect(seen.__pithNested!.nested).toEqual({ structured: { found: true }, isError: false });
  const ends = events.filter((event) => event.type === "tool_execution_end" && !(event as { parentToolCallId?: string }).parentToolCallId) as {
    toolName: string;
    isError: boolean;
    result: { content: { text: string }[]; structuredContent?: unknown; details: unknown };
  }[];
  const byText = (text: string) => ends.find((end) => end.result.content[0]!.text === text)!;
  expect(byText("found").result.structuredContent).toEqual({ found: true });
  expect(byText("not found")).toMatchObject({ isError: true, result: { structuredContent: { found: false }, details: { key: "missing" } } });
  expect(byText("rewritten").result.structuredContent).toBeUndefined();
  // the transcript stores the failure, the usage, never the structured content
  const results = session.messages.filter((message) => message.role === "toolResult") as unknown as Record<string, unknown>[];
  expect(results.map((message) => message.isError)).toEqual([false, true, false, false]);
  expect((results[0]!.usage as { cost: { total: number } }).cost.total).toBe(0.5);
  expect(results.some((message) => "structuredContent" in message)).toBe(false);
});

const EXPOSURES = `
  import { Type } from "typebox";
  export default function (pi: any) {
    const sink = (globalThis as any).__pithNested;
    const usage = { input: 2, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 3, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.25 } };
    const echo = (name: string, extra: object = {}) => pi.registerTool({
      name, label: name, description: name, parameters: Type.Object({ text: Type.Optional(Type.String()) }), ...extra,
      async execute(_id: string, params: any) { return { content: [{ type: "text", text: name + ":" + (params.text ?? "") }], details: {}, usage }; },
    });
    echo("deferred_tool", { exposure: "deferred" });
    echo("codemode_tool", { exposure: "codemode" });
    echo("model_only_tool", { exposure: "model-only" });
    echo("hidden_tool", { exposure: "hidden" });
    echo("inactive_direct", { defaultActive: false });
    pi.registerTool({
      name: "script", label: "Script", description: "Calls tools as a code mode would",
      parameters: Type.Object({}),
      async execute(_id: string, _params: any, _signal: any, _onUpdate: any, ctx: any) {
        sink.tools = ctx.tools.map((tool: any) => tool.name);
        const outcomes = [];
        for (const name of ["deferred_tool", "codemode_tool", "model_only_tool", "hidden_tool", "inactive_direct"]) {
          const outcome = await ctx.executeTool(name, { text: "x".repeat(name === "codemode_tool" ? 9000 : 1) });
          outcomes.push([name, outcome.isError]);
        }
        sink.outcomes = outcomes;
        return { content: [{ type: "text", text: "scripted" }], details: {} };
      },
    });
  }`;

it("ctx.tools and executeTool reach tools by exposure; the calling tool's result records the nested calls and their usage (pi 1.6.0)", async () => {
  const path = await world.write("ext/exposures.ts", EXPOSURES);
  const { session, problems } = await startSession(world, {
    paths: [path],
    turns: [{ toolCalls: [{ name: "script", arguments: {} }] }, { text: "done" }],
  });
  const events: SessionEvent[] = [];
  session.subscribe((event) => void events.push(event));
  await session.prompt("go");
  expect(messagesOf(problems)).toEqual([]);

  // callable: active direct tools, codemode and deferred ones though inactive; never model-only, hidden or inactive direct
  const callable = seen.__pithNested!.tools as string[];
  expect(callable).toEqual(expect.arrayContaining(["codemode_tool", "deferred_tool", "read", "script"]));
  expect(callable.filter((name) => ["model_only_tool", "hidden_tool", "inactive_direct"].includes(name))).toEqual([]);
  expect(seen.__pithNested!.outcomes).toEqual([
    ["deferred_tool", false],
    ["codemode_tool", false],
    ["model_only_tool", true],
    ["hidden_tool", true],
    ["inactive_direct", true],
  ]);

  const result = session.messages.find((message) => message.role === "toolResult") as unknown as {
    toolCallId: string;
    usage?: { totalTokens: number; cost: { total: number } };
    nestedCalls?: { calls: Record<string, unknown>[]; complete: boolean };
  };
  const id = result.toolCallId;
  const nested = result.nestedCalls!;
  // the 9000-byte arguments are over pi's per-call limit: left out, their size kept, the record marked incomplete
  expect(nested.complete).toBe(false);
  expect(nested.calls.map(({ durationMs, ...call }) => (expect(typeof durationMs).toBe("number"), call))).toEqual([
    { id: `${id}/1`, name: "deferred_tool", arguments: { text: "x" }, status: "ok" },
    { id: `${id}/2`, name: "codemode_tool", argumentsBytes: 9011, status: "ok" },
    { id: `${id}/3`, name: "model_only_tool", arguments: { text: "x" }, status: "error", error: "Tool model_only_tool not found" },
    { id: `${id}/4`, name: "hidden_tool", arguments: { text: "x" }, status: "error", error: "Tool hidden_tool not found" },
    { id: `${id}/5`, name: "inactive_direct", arguments: { text: "x" }, status: "error", error: "Tool inactive_direct not found" },
  ]);
  // the two calls that ran cost 0.25 each; the record is on the stored message and on message_end
  expect(result.usage).toMatchObject({ totalTokens: 6, cost: { total: 0.5 } });
  const ended = events.find((event) => event.type === "message_end" && (event.message as { toolCallId?: string }).toolCallId === id) as { message: typeof result };
  expect(ended.message.nestedCalls).toEqual(nested);
});
