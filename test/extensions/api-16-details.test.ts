// The smaller pieces of pi 1.6.0's extension API found by walking its types.d.ts against pith's contract:
// `input.streamingBehavior`, `tool_call`'s `terminate`, compaction events' `reason`/`willRetry` and a custom
// compaction's `usage`, `exec()`'s output limit and signal codes, flag defaults, hidden tools, `reachesTools`,
// `sendUserMessage(..., {expandPromptTemplates})`, `ctx.scopedModels` and `ctx.getSystemPromptOptions()`.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorld, messagesOf, startSession, type World } from "./harness.js";

const seen = globalThis as { __pith16?: Record<string, unknown>; __pith16Release?: () => void };
let world: World;
beforeEach(async () => {
  world = await createWorld();
  seen.__pith16 = {};
});
afterEach(() => world.close());

const record = (key: string, value: string) => `(globalThis as any).__pith16[${JSON.stringify(key)}] = ${value};`;

describe("events", () => {
  it("input carries streamingBehavior for text that arrives while the agent works, and the member undefined while idle (as pi 1.6.0)", async () => {
    const path = await world.write(
      "ext/input.ts",
      `import { Type } from "typebox";
       export default function (pi: any) {
         const heard: unknown[] = [];
         ${record("heard", "heard")}
         pi.on("input", (event: any) => { heard.push([event.text, event.streamingBehavior ?? null, "streamingBehavior" in event]); });
         pi.registerTool({ name: "wait", description: "waits", parameters: Type.Object({}),
           execute: () => new Promise((resolve) => { (globalThis as any).__pith16Release = () => resolve({ content: [{ type: "text", text: "ok" }] }); }) });
       }`,
    );
    const started = await startSession(world, { paths: [path], turns: [{ toolCalls: [{ name: "wait", arguments: {} }] }, { text: "done" }] });
    const run = started.session.prompt("first");
    while (!seen.__pith16Release) await new Promise((resolve) => setTimeout(resolve, 5));
    await started.session.prompt("steered", { streamingBehavior: "steer" });
    await started.session.queuePrompt("later", { as: "followUp" });
    seen.__pith16Release();
    await run;
    expect(seen.__pith16!.heard).toEqual([
      ["first", null, true],
      ["steered", "steer", true],
      ["later", "followUp", true],
    ]);
  });

  it("a tool_call block with terminate ends the run without another model call", async () => {
    const path = await world.write(
      "ext/terminate.ts",
      `export default function (pi: any) {
         pi.on("tool_call", () => ({ block: true, reason: "stop here", terminate: true }));
       }`,
    );
    const started = await startSession(world, { paths: [path], tools: ["read"], turns: [{ toolCalls: [{ name: "read", arguments: { path: "x" } }] }, { text: "never" }] });
    await started.session.prompt("go");
    expect(started.scripted.requests).toHaveLength(1);
    const last = started.session.messages.at(-1) as { role: string; isError?: boolean; content: { text: string }[] };
    expect([last.role, last.isError, last.content[0]!.text]).toEqual(["toolResult", true, "stop here"]);
  });

  it("compaction events carry reason and willRetry; a handler's compaction keeps its usage on the entry", async () => {
    const path = await world.write(
      "ext/compact.ts",
      `export default function (pi: any) {
         pi.on("session_before_compact", (event: any) => {
           ${record("before", "[event.reason, event.willRetry]")}
           return { compaction: { summary: "mine", firstKeptEntryId: event.preparation.firstKeptEntryId, tokensBefore: 7,
             usage: { input: 3, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 5, cost: { input: 0.01, output: 0.02, cacheRead: 0, cacheWrite: 0, total: 0.03 } } } };
         });
         pi.on("session_compact", (event: any) => { ${record("after", "[event.reason, event.willRetry, event.compactionEntry.usage?.totalTokens]")} });
         pi.registerCommand("squash", { handler: async (_args: string, ctx: any) => new Promise<void>((resolve, reject) => ctx.compact({ onComplete: () => resolve(), onError: reject })) });
       }`,
    );
    // keepRecentTokens: 1 leaves the first turn before the cut, so there is something to compact (pi 1.6.0 refuses a
    // session whose whole context is recent)
    await world.write("agent/settings.json", JSON.stringify({ compaction: { keepRecentTokens: 1 } }));
    const started = await startSession(world, { paths: [path], turns: [{ text: "one" }, { text: "two" }] });
    await started.session.prompt("hello");
    await started.session.prompt("again");
    await started.session.prompt("/squash");
    expect(messagesOf(started.problems)).toEqual([]);
    expect(seen.__pith16).toEqual({ before: ["manual", false], after: ["manual", false, 5] });
  });
});

describe("pi members", () => {
  it("exec: output past maxBuffer is cut and the program stopped; a signal's death reads 128 + its number; a bad limit is refused", async () => {
    const path = await world.write(
      "ext/exec.ts",
      `export default function (pi: any) {
         pi.registerCommand("run", { handler: async () => {
           const flood = await pi.exec(process.execPath, ["-e", "process.stdout.write('x'.repeat(50000)); setInterval(() => {}, 1000)"], { maxBuffer: 1000 });
           ${record("flood", "[flood.stdout.length, flood.truncated, flood.killed, flood.code !== 0]")}
           const plain = await pi.exec(process.execPath, ["-e", "process.stdout.write('é'.repeat(3))"]);
           ${record("plain", "[plain.stdout, plain.truncated, plain.killed, plain.code]")}
           const killed = await pi.exec(process.execPath, ["-e", "process.kill(process.pid, 'SIGTERM')"]);
           ${record("signal", "[killed.code, killed.killed]")}
           try { await pi.exec("true", [], { maxBuffer: -1 }); } catch (error) { ${record("refused", "(error as any).code")} }
         } });
       }`,
    );
    const started = await startSession(world, { paths: [path] });
    await started.session.prompt("/run");
    expect(seen.__pith16).toEqual({ flood: [1000, true, true, true], plain: ["ééé", false, false, 0], signal: [143, false], refused: "EXTENSION_EXEC_INVALID" });
  });

  it("a flag default of the wrong type fails the load; setActiveTools skips hidden tools; getAllTools lists reachesTools", async () => {
    const badFlag = await world.write("ext/bad-flag.ts", `export default function (pi: any) { pi.registerFlag("count", { type: "boolean", default: "yes" }); }`);
    const tools = await world.write(
      "ext/tools.ts",
      `import { Type } from "typebox";
       const run = async () => ({ content: [{ type: "text", text: "ok" }] });
       export default function (pi: any) {
         pi.registerTool({ name: "secret", description: "d", parameters: Type.Object({}), exposure: "hidden", execute: run });
         pi.registerTool({ name: "router", description: "d", parameters: Type.Object({}), reachesTools: () => "all", execute: run });
         pi.registerCommand("pick", { handler: async () => {
           pi.setActiveTools(["router", "secret", "nope"]);
           ${record("active", "pi.getActiveTools()")}
           ${record("reaches", "pi.getAllTools().find((tool: any) => tool.name === 'router').reachesTools({})")}
         } });
       }`,
    );
    const started = await startSession(world, { paths: [badFlag, tools] });
    await started.session.prompt("/pick");
    expect(messagesOf(started.problems).join("\n")).toMatch(/--count is a boolean flag, but its default is a string/);
    expect(seen.__pith16).toEqual({ active: ["router"], reaches: "all" });
  });

  it("sendUserMessage with expandPromptTemplates expands a template and runs a command; without it the text goes as it is", async () => {
    await world.write("agent/prompts/greet.md", "Say hello to $1");
    const path = await world.write(
      "ext/send.ts",
      `export default function (pi: any) {
         pi.registerCommand("ping", { handler: async () => { ${record("pinged", "true")} } });
         pi.registerCommand("send", { handler: async (args: string) => pi.sendUserMessage(args, { expandPromptTemplates: true }) });
         pi.registerCommand("raw", { handler: async (args: string) => pi.sendUserMessage(args) });
       }`,
    );
    const started = await startSession(world, { paths: [path], turns: [{ text: "a" }, { text: "b" }] });
    const userTexts = () => started.scripted.requests.map((request) => JSON.stringify(request.messages.filter((message) => message.role === "user").at(-1)));
    // a command waits for the messages it sent; the command a message runs must not wait for that message itself
    await started.session.prompt("/send /greet Ada");
    await started.session.prompt("/send /ping");
    await started.session.prompt("/raw /greet Bo");
    expect(messagesOf(started.problems)).toEqual([]);
    expect(seen.__pith16!.pinged).toBe(true);
    expect(userTexts()).toHaveLength(2);
    expect(userTexts()[0]).toContain("Say hello to Ada");
    expect(userTexts()[1]).toContain("/greet Bo");
  });
});

describe("ctx members", () => {
  it("getSystemPrompt answers the built prompt from session_start on, before any request", async () => {
    const path = await world.write(
      "ext/prompt.ts",
      `export default function (pi: any) {
         pi.on("session_start", (_event: any, ctx: any) => { ${record("atStart", "ctx.getSystemPrompt()")} });
         pi.registerCommand("look", { handler: async (_args: string, ctx: any) => { ${record("inCommand", "ctx.getSystemPrompt()")} } });
       }`,
    );
    await world.write("project/AGENTS.md", "Project rules for the probe.");
    const started = await startSession(world, { paths: [path], tools: ["read"] });
    await started.session.prompt("/look");
    expect(started.scripted.requests).toHaveLength(0);
    const { atStart, inCommand } = seen.__pith16! as { atStart: string; inCommand: string };
    expect(atStart).toContain("Project rules for the probe.");
    expect(atStart).toContain(world.project);
    expect(inCommand).toBe(atStart);
    expect(started.session.systemPrompt).toBe(atStart);
  });

  it("scopedModels follows enabledModels; getSystemPromptOptions describes the prompt's parts", async () => {
    await world.write("agent/settings.json", JSON.stringify({ enabledModels: ["local/m1:high"] }));
    const local = { baseUrl: "http://127.0.0.1:9", api: "openai-completions", apiKey: "k", models: [{ id: "m1", reasoning: true }, { id: "m2" }] };
    await world.write("agent/models.json", JSON.stringify({ providers: { local } }));
    await world.write("agent/APPEND_SYSTEM.md", "Always be brief.");
    await world.write("project/AGENTS.md", "Project rules.");
    const path = await world.write(
      "ext/ctx.ts",
      `export default function (pi: any) {
         pi.registerCommand("look", { handler: async (_args: string, ctx: any) => {
           ${record("scoped", "ctx.scopedModels.map((scoped: any) => [scoped.model.provider + '/' + scoped.model.id, scoped.thinkingLevel])")}
           const options = ctx.getSystemPromptOptions();
           ${record("tools", "options.selectedTools")}
           ${record("append", "options.appendSystemPrompt")}
           ${record("files", "options.contextFiles.map((file: any) => file.content)")}
           ${record("sections", "options.sections")}
           ${record("shape", "[options.hiddenTools, typeof options.toolGuidelines, options.cwd === ctx.cwd]")}
         } });
       }`,
    );
    const started = await startSession(world, { paths: [path], tools: ["read"] });
    await started.session.prompt("/look");
    expect(messagesOf(started.problems)).toEqual([]);
    expect(seen.__pith16).toEqual({
      scoped: [["local/m1", "high"]],
      tools: ["read"],
      append: "Always be brief.",
      files: ["Project rules."],
      sections: {},
      shape: [[], "object", true],
    });
  });
});

describe("ctx.sessionManager and ctx.modelRegistry", () => {
  it("buildContextEntries and buildSessionProjection follow the branch; the registry answers by model type and auth source", async () => {
    const local = { baseUrl: "http://127.0.0.1:9", api: "openai-completions", apiKey: "k", models: [{ id: "m1" }] };
    await world.write("agent/models.json", JSON.stringify({ providers: { local } }));
    const path = await world.write(
      "ext/views.ts",
      `export default function (pi: any) {
         pi.registerProvider("extra", { baseUrl: "http://127.0.0.1:9", api: "openai-completions", apiKey: "k", models: [{ id: "x" }] });
         pi.registerCommand("views", { handler: async (_args: string, ctx: any) => {
           const projection = ctx.sessionManager.buildSessionProjection();
           ${record("entries", "ctx.sessionManager.buildContextEntries().map((entry: any) => entry.type)")}
           ${record("projected", "projection.entries.map((entry: any) => entry.messages.map((message: any) => message.role).join())")}
           ${record("messages", "projection.messages.map((message: any) => message.role)")}
           const registry = ctx.modelRegistry;
           ${record("types", "[registry.getModelOfType('chat', 'local', 'm1')?.id, registry.getModelsOfType('image').length, (await registry.getAvailableOfType('chat', 'local')).length]")}
           ${record("auth", "[registry.getProviderAuthStatus('local'), registry.getProviderAuthStatus('nobody'), registry.isUsingOAuth(registry.find('local', 'm1'))]")}
           ${record("registered", "registry.getRegisteredProviderIds()")}
         } });
       }`,
    );
    const started = await startSession(world, { paths: [path], sessionDir: `${world.root}/sessions`, turns: [{ text: "answer" }] });
    await started.session.prompt("hello");
    await started.session.prompt("/views");
    expect(messagesOf(started.problems)).toEqual([]);
    expect(seen.__pith16!.entries).toEqual(expect.arrayContaining(["message"]));
    expect((seen.__pith16!.projected as string[]).filter(Boolean)).toEqual(["system", "user", "assistant"]);
    expect(seen.__pith16!.messages).toEqual(["system", "user", "assistant"]);
    // pi 1.6.0 lists 74 image models (OpenRouter's)
    expect(seen.__pith16!.types).toEqual(["m1", 74, 1]);
    expect(seen.__pith16!.auth).toEqual([{ configured: true, source: "models_json_key" }, { configured: false }, false]);
    expect(seen.__pith16!.registered).toEqual(["extra"]);
  });
});
