// Commands served by other plugins' services (the built-in compaction, retry, settings, skills and templates), in
// this process; and the clear error a command gives when the service it needs is not loaded.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { definePlugin } from "../../kernel/plugin.js";
import { PithError } from "../../kernel/errors.js";
import { BUILTIN_PLUGIN_NAMES } from "../../sdk/builtin-plugins.js";
import { startInProcess, type InProcessRpc, type RpcResponseRecord, closeRpcWorld } from "./rpc-harness.js";

let world: CliWorld;
let rpc: InProcessRpc | undefined;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(async () => {
  await closeRpcWorld(world, rpc);
  rpc = undefined;
});

async function settings(value: object): Promise<void> {
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify(value));
}

async function promptAndWait(message: string): Promise<void> {
  const from = rpc!.peer.records.length;
  expect((await rpc!.peer.request({ type: "prompt", message })).success).toBe(true);
  await rpc!.peer.waitForEvent("agent_end", from);
}

it("compact summarises through the compaction service, with compaction_start/end events around it", async () => {
  await settings({ compaction: { reserveTokens: 1000, keepRecentTokens: 300 } });
  const long = "explain the parser module in detail. ".repeat(60);
  world.mock.enqueue({ text: "Answer 1." }, { text: "Answer 2." }, { text: "Answer 3." }, { text: "## Goal\nParser summary." });
  rpc = await startInProcess(world);
  for (let step = 1; step <= 3; step++) await promptAndWait(`Step ${step}: ${long}`);

  const compacted = await rpc.peer.request({ type: "compact", customInstructions: "Focus on the parser" });
  expect(compacted).toMatchObject({ success: true, command: "compact" });
  expect(compacted.data).toMatchObject({ summary: expect.stringContaining("Parser summary."), firstKeptEntryId: expect.any(String), tokensBefore: expect.any(Number) });
  expect(JSON.stringify(world.mock.requests.at(-1)!.body)).toContain("Focus on the parser");
  expect(rpc.peer.ofType("compaction_start")).toEqual([{ type: "compaction_start", reason: "manual" }]);
  expect(rpc.peer.ofType("compaction_end")[0]).toMatchObject({ reason: "manual", aborted: false, willRetry: false, result: compacted.data });

  const messages = (await rpc.peer.request({ type: "get_messages" })).data as { messages: { role: string }[] };
  expect(messages.messages.slice(0, 2).map((message) => message.role)).toEqual(["system", "compactionSummary"]);
  // Right after a compaction the context size is unknown until a reply reports usage (pi's rule).
  const stats = (await rpc.peer.request({ type: "get_session_stats" })).data as { contextUsage: unknown };
  expect(stats.contextUsage).toEqual({ tokens: null, contextWindow: 200000, percent: null });
});

it("abort_retry ends a pending retry wait, and set_auto_retry false turns retrying off in the settings file", async () => {
  await settings({ retry: { baseDelayMs: 60000 } });
  world.mock.enqueue({ error: { status: 529, type: "overloaded_error", message: "Overloaded" } }, { error: { status: 529, type: "overloaded_error", message: "Overloaded" } });
  rpc = await startInProcess(world);
  await rpc.peer.request({ type: "prompt", message: "hello" });
  expect(await rpc.peer.waitForEvent("auto_retry_start")).toMatchObject({ attempt: 1, delayMs: 60000 });
  expect((await rpc.peer.request({ type: "abort_retry" })).success).toBe(true);
  expect(await rpc.peer.waitForEvent("auto_retry_end")).toMatchObject({ success: false, finalError: "Retry cancelled" });
  await rpc.peer.waitForEvent("agent_end");

  expect((await rpc.peer.request({ type: "set_auto_retry", enabled: false })).success).toBe(true);
  expect(JSON.parse(await readFile(join(world.agentDir, "settings.json"), "utf8"))).toMatchObject({ retry: { enabled: false, baseDelayMs: 60000 } });
  const from = rpc.peer.records.length;
  await promptAndWait("again");
  expect(rpc.peer.records.slice(from).some((record) => record.type === "auto_retry_start")).toBe(false);
  expect(world.mock.requests).toHaveLength(2);
});

it("set_auto_compaction persists compaction.enabled and get_state reports it", async () => {
  rpc = await startInProcess(world);
  expect((await rpc.peer.request({ type: "get_state" })).data).toMatchObject({ autoCompactionEnabled: true, isCompacting: false });
  expect((await rpc.peer.request({ type: "set_auto_compaction", enabled: false })).success).toBe(true);
  expect((await rpc.peer.request({ type: "get_state" })).data).toMatchObject({ autoCompactionEnabled: false });
  expect(JSON.parse(await readFile(join(world.agentDir, "settings.json"), "utf8"))).toEqual({ compaction: { enabled: false } });
});

it("get_commands lists registered commands, then prompt templates, then skills", async () => {
  await mkdir(join(world.project, ".pi", "prompts"), { recursive: true });
  await writeFile(join(world.project, ".pi", "prompts", "review.md"), "---\ndescription: Review a change\n---\nReview $1\n");
  await mkdir(join(world.project, ".pi", "skills", "deploy"), { recursive: true });
  await writeFile(join(world.project, ".pi", "skills", "deploy", "SKILL.md"), "---\nname: deploy\ndescription: Ship it safely\n---\nSteps.\n");
  const commands = definePlugin({
    name: "commands",
    setup: (context) => context.registerCommand({ name: "hello", description: "Say hello", source: "/ext/hello.ts", handler: () => undefined }),
  });
  rpc = await startInProcess(world, { plugins: [commands], discovery: true });
  const listed = (await rpc.peer.request({ type: "get_commands" })).data as { commands: { name: string; source: string; description?: string; sourceInfo: { path: string } }[] };
  expect(listed.commands.map(({ name, source, description }) => ({ name, source, description }))).toEqual([
    { name: "hello", source: "extension", description: "Say hello" },
    { name: "review", source: "prompt", description: "Review a change" },
    { name: "skill:deploy", source: "skill", description: "Ship it safely" },
  ]);
  expect(listed.commands[0]!.sourceInfo.path).toBe("/ext/hello.ts");
  expect(listed.commands[2]!.sourceInfo.path).toBe(join(world.project, ".pi", "skills", "deploy", "SKILL.md"));
});

it("a command whose service is not loaded answers an error naming the service, and the process goes on", async () => {
  const without = new Set(["sessions", "retry", "compaction"]);
  rpc = await startInProcess(world, { builtins: BUILTIN_PLUGIN_NAMES.filter((name) => !without.has(name)) });
  const expectations: [string, Record<string, unknown>, RegExp][] = [
    ["compact", {}, /compact is not available: no loaded plugin provides the "compaction" service/],
    ["abort_retry", {}, /abort_retry is not available: no loaded plugin provides the "retry" service/],
    ["new_session", {}, /"sessions" service/],
    ["switch_session", { sessionPath: "/nowhere.jsonl" }, /"sessions" service/],
    ["fork", { entryId: "x" }, /"sessions" service/],
    ["clone", {}, /"sessions" service/],
    ["get_fork_messages", {}, /"sessions" service/],
    ["set_session_name", { name: "x" }, /"sessions" service/],
  ];
  for (const [type, payload, error] of expectations) {
    const response: RpcResponseRecord = await rpc.peer.request({ type, ...payload });
    expect(response, type).toMatchObject({ command: type, success: false });
    expect(response.error, type).toMatch(error);
  }
  // What does not need a stored session still works.
  expect((await rpc.peer.request({ type: "get_state" })).data).toMatchObject({ isStreaming: false, messageCount: 0 });
  expect((await rpc.peer.request({ type: "get_session_stats" })).data).toMatchObject({ totalMessages: 0 });
});

it("reports a failing plugin handler as an extension_error record and goes on", async () => {
  world.mock.enqueue({ text: "fine" });
  const flaky = definePlugin({
    name: "flaky",
    setup: (context) =>
      context.on("turn_end", () => {
        throw new Error("boom");
      }),
  });
  rpc = await startInProcess(world, { plugins: [flaky] });
  await promptAndWait("hello");
  expect(rpc.peer.ofType("extension_error")).toEqual([
    { type: "extension_error", extensionPath: "flaky", event: "turn_end", error: expect.stringContaining("boom") },
  ]);
  expect(rpc.stderr()).toContain("boom");
  expect((await rpc.peer.request({ type: "get_last_assistant_text" })).data).toEqual({ text: "fine" });
});

it("a prompt refused in preflight gets one failure response with its id, and no run starts", async () => {
  const noKey = definePlugin({
    name: "no-key",
    setup: (context) =>
      // Ahead of the models plugin, whose answer would end this bail hook first.
      context.on(
        "resolve_auth",
        () => {
          throw new PithError("NO_API_KEY", "No API key for mock: set MOCK_API_KEY.");
        },
        { stage: -100 },
      ),
  });
  rpc = await startInProcess(world, { plugins: [noKey] });
  const refused = await rpc.peer.request({ type: "prompt", message: "hello" });
  expect(refused).toMatchObject({ command: "prompt", success: false, error: "No API key for mock: set MOCK_API_KEY." });
  expect((await rpc.peer.request({ type: "get_state" })).data).toMatchObject({ isStreaming: false, messageCount: 0 });
  expect(rpc.peer.ofType("response").filter((record) => record.command === "prompt")).toHaveLength(1);
  expect(rpc.peer.ofType("agent_start")).toEqual([]);
  expect(world.mock.requests).toHaveLength(0);
});

it("get_session_stats follows the session as entries are appended, and counts afresh after new_session and switch_session", async () => {
  rpc = await startInProcess(world);
  const stats = async () => (await rpc!.peer.request({ type: "get_session_stats" })).data;
  const settled = async (message: string) => {
    const from = rpc!.peer.records.length;
    await rpc!.peer.request({ type: "prompt", message });
    await rpc!.peer.waitFor((record) => record.type === "agent_settled", from);
  };
  // the messages count the session's system message too, as pi's
  world.mock.enqueue({ text: "one", usage: { input: 100, output: 10 } });
  await settled("first");
  expect(await stats()).toMatchObject({ totalMessages: 3, userMessages: 1, assistantMessages: 1, tokens: { input: 100, output: 10, total: 110 } });
  world.mock.enqueue({ toolCalls: [{ name: "ls", arguments: {} }], usage: { input: 200, output: 20 } }, { text: "two", usage: { input: 300, output: 30 } });
  await settled("second");
  const whole = { totalMessages: 7, userMessages: 2, assistantMessages: 3, toolCalls: 1, toolResults: 1, tokens: { input: 600, output: 60, total: 660 } };
  expect(await stats()).toMatchObject(whole);
  const first = ((await rpc.peer.request({ type: "get_state" })).data as { sessionFile: string }).sessionFile;

  await rpc.peer.request({ type: "new_session" });
  expect(await stats()).toMatchObject({ totalMessages: 0, tokens: { input: 0, output: 0, total: 0 } });
  world.mock.enqueue({ text: "three", usage: { input: 5, output: 1 } });
  await settled("third");
  expect(await stats()).toMatchObject({ totalMessages: 3, tokens: { input: 5, output: 1, total: 6 } });

  await rpc.peer.request({ type: "switch_session", sessionPath: first });
  expect(await stats()).toMatchObject(whole);
});
