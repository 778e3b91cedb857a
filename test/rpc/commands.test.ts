// Every RPC command against the built CLI and the mock model server, with pi's response shapes.
import { existsSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { blockingBash, spawnRpc, waitUntil, writeTwoModels, type RpcChild, closeRpcWorld } from "./rpc-harness.js";

let world: CliWorld;
let rpc: RpcChild | undefined;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(async () => {
  await closeRpcWorld(world, rpc);
  rpc = undefined;
});

type Data = Record<string, unknown>;
async function ok(command: Record<string, unknown>): Promise<Data> {
  const response = await rpc!.peer.request(command);
  expect(response, JSON.stringify(response)).toMatchObject({ type: "response", command: command.type, success: true });
  return (response.data ?? {}) as Data;
}

async function promptAndWait(message: string): Promise<void> {
  const from = rpc!.peer.records.length;
  await ok({ type: "prompt", message });
  await rpc!.peer.waitForEvent("agent_end", from);
}

describe("model and thinking commands", () => {
  it("lists, sets and cycles models and thinking levels, and sets the queue modes", async () => {
    await writeTwoModels(world);
    rpc = spawnRpc(world);
    const available = (await ok({ type: "get_available_models" })).models as { id: string }[];
    expect(available.map((model) => model.id)).toEqual(["mock-model", "mock-think"]);

    const before = await ok({ type: "get_state" });
    expect(before).toMatchObject({ thinkingLevel: "off", model: { id: "mock-model" }, isStreaming: false, messageCount: 0 });

    const set = await ok({ type: "set_model", provider: "mock", modelId: "mock-think" });
    expect(set).toMatchObject({ id: "mock-think", provider: "mock", reasoning: true, contextWindow: 100000 });
    // Without a defaultThinkingLevel setting the current level ("off") carries over, as in pi 1.6.0
    expect(await ok({ type: "get_state" })).toMatchObject({ model: { id: "mock-think" }, thinkingLevel: "off" });

    expect(await ok({ type: "cycle_thinking_level" })).toEqual({ level: "minimal" });
    await ok({ type: "set_thinking_level", level: "low" });
    expect((await ok({ type: "get_state" })).thinkingLevel).toBe("low");
    const levels = rpc.peer.ofType("thinking_level_changed").map((event) => event.level);
    expect(levels).toEqual(["minimal", "low"]);

    const cycled = await ok({ type: "cycle_model" });
    expect(cycled).toMatchObject({ model: { id: "mock-model" }, thinkingLevel: "off", isScoped: false });
    const noLevels = await rpc.peer.request({ type: "cycle_thinking_level" });
    expect(noLevels).toMatchObject({ success: true, data: null });

    await ok({ type: "set_steering_mode", mode: "all" });
    await ok({ type: "set_follow_up_mode", mode: "all" });
    expect(await ok({ type: "get_state" })).toMatchObject({ steeringMode: "all", followUpMode: "all" });
  });

  it("answers cycle_model with null when only one model has a key", async () => {
    rpc = spawnRpc(world);
    expect(await rpc.peer.request({ type: "cycle_model" })).toMatchObject({ success: true, data: null });
  });
});

describe("conversation and session commands", () => {
  it("prompts, reports messages, stats and the last answer, names, forks, clones, switches and starts sessions", async () => {
    world.mock.enqueue({ text: "one", usage: { input: 10, output: 5 } }, { text: "two", usage: { input: 30, output: 7 } });
    rpc = spawnRpc(world);
    await promptAndWait("first");
    const messages = (await ok({ type: "get_messages" })).messages as { role: string }[];
    // the system prompt leads the conversation, as in pi 1.6.0
    expect(messages.map((message) => message.role)).toEqual(["system", "user", "assistant"]);
    expect(await ok({ type: "get_last_assistant_text" })).toEqual({ text: "one" });

    const stats = await ok({ type: "get_session_stats" });
    expect(stats).toMatchObject({
      userMessages: 1,
      assistantMessages: 1,
      toolCalls: 0,
      toolResults: 0,
      totalMessages: 3,
      tokens: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, total: 15 },
      cost: 0,
      contextUsage: { tokens: 15, contextWindow: 200000, percent: (15 / 200000) * 100 },
    });
    const firstFile = stats.sessionFile as string;
    expect(existsSync(firstFile)).toBe(true);

    await ok({ type: "set_session_name", name: "  feature work  " });
    expect(rpc.peer.ofType("session_info_changed").at(-1)).toEqual({ type: "session_info_changed", name: "feature work" });
    expect(await ok({ type: "get_state" })).toMatchObject({ sessionName: "feature work", sessionFile: firstFile, messageCount: 3 });

    await promptAndWait("second");
    const forkPoints = (await ok({ type: "get_fork_messages" })).messages as { entryId: string; text: string }[];
    expect(forkPoints.map((point) => point.text)).toEqual(["first", "second"]);

    const forked = await ok({ type: "fork", entryId: forkPoints[1]!.entryId });
    expect(forked).toEqual({ text: "second", cancelled: false });
    const afterFork = await ok({ type: "get_state" });
    expect(afterFork.sessionFile).not.toBe(firstFile);
    expect(((await ok({ type: "get_messages" })).messages as { role: string }[]).map((m) => m.role)).toEqual(["system", "user", "assistant"]);

    expect(await ok({ type: "clone" })).toEqual({ cancelled: false });
    expect((await ok({ type: "get_state" })).sessionFile).not.toBe(afterFork.sessionFile);

    expect(await ok({ type: "switch_session", sessionPath: firstFile })).toEqual({ cancelled: false });
    expect(await ok({ type: "get_state" })).toMatchObject({ sessionFile: firstFile, messageCount: 5, sessionName: "feature work" });
    expect(await ok({ type: "get_last_assistant_text" })).toEqual({ text: "two" });

    const previousId = (await ok({ type: "get_state" })).sessionId;
    expect(await ok({ type: "new_session" })).toEqual({ cancelled: false });
    const fresh = await ok({ type: "get_state" });
    expect(fresh.sessionId).not.toBe(previousId);
    expect(fresh.messageCount).toBe(0);
    expect(await ok({ type: "get_last_assistant_text" })).toEqual({ text: null });

    rpc.peer.end();
    expect((await rpc.exited).code).toBe(0);
    const stored = readFileSync(firstFile, "utf8");
    expect(stored).toContain('"type":"session_info"');
    expect(stored).toContain('"text":"two"');
  });

  it("lists prompt templates as commands", async () => {
    const { mkdir } = await import("node:fs/promises");
    await mkdir(join(world.project, ".pi", "prompts"), { recursive: true });
    await writeFile(join(world.project, ".pi", "prompts", "review.md"), "Review the change in $1\n");
    rpc = spawnRpc(world, ["--approve"]);
    const commands = (await ok({ type: "get_commands" })).commands as { name: string; source: string; description?: string; sourceInfo: Data }[];
    expect(commands).toEqual([
      {
        name: "review",
        source: "prompt",
        description: "Review the change in $1",
        sourceInfo: expect.objectContaining({ path: join(world.project, ".pi", "prompts", "review.md"), scope: "project" }),
      },
    ]);
  });
});

describe("bash", () => {
  it("runs in the session folder, records a bashExecution message the next prompt sends, and cuts long output; abort_bash stops a running command at once", { timeout: 40_000 }, async () => {
    world.mock.enqueue({ text: "seen" });
    rpc = spawnRpc(world);
    const result = await ok({ type: "bash", command: "pwd; echo err 1>&2; exit 3" });
    expect(result).toEqual({ output: `${world.project}\nerr\n`, exitCode: 3, cancelled: false, truncated: false });
    const recorded = ((await ok({ type: "get_messages" })).messages as Data[]).at(-1);
    expect(recorded).toMatchObject({ role: "bashExecution", command: "pwd; echo err 1>&2; exit 3", exitCode: 3, cancelled: false });

    await promptAndWait("what happened?");
    const sent = JSON.stringify(world.mock.requests[0]!.body);
    expect(sent).toContain("Ran `pwd; echo err 1>&2; exit 3`");

    const long = await ok({ type: "bash", command: "seq 1 5000" });
    expect(long.truncated).toBe(true);
    expect((long.output as string).endsWith("5000\n")).toBe(true);
    expect(readFileSync(long.fullOutputPath as string, "utf8")).toContain("\n1\n2\n3\n".slice(1));

    // abort_bash stops a running command at once, even though bash holds the command line
    const running = rpc.peer.request({ type: "bash", command: "touch started; sleep 30" });
    const state = rpc.peer.request({ type: "get_state" });
    await waitUntil(() => existsSync(join(world.project, "started")));
    await ok({ type: "abort_bash" });
    const aborted = await running;
    expect(aborted.data).toMatchObject({ cancelled: true });
    expect(aborted.data).not.toHaveProperty("exitCode");
    // get_state waited for bash (commands run in order) and is answered after it.
    expect((await state).success).toBe(true);
    expect(rpc.peer.records.indexOf(aborted)).toBeLessThan(rpc.peer.records.indexOf(await state));
  });

  it("defers the bashExecution message while a reply streams, then adds it after the run", async () => {
    world.mock.enqueue({ toolCalls: [blockingBash("go")] }, { text: "done" });
    rpc = spawnRpc(world);
    await ok({ type: "prompt", message: "work" });
    await rpc.peer.waitForEvent("tool_execution_start");
    const side = await ok({ type: "bash", command: "echo side" });
    expect(side.output).toBe("side\n");
    const during = (await ok({ type: "get_messages" })).messages as { role: string }[];
    expect(during.map((message) => message.role)).not.toContain("bashExecution");
    await writeFile(join(world.project, "go"), "");
    await rpc.peer.waitForEvent("agent_end");
    const after = (await ok({ type: "get_messages" })).messages as { role: string }[];
    expect(after.map((message) => message.role)).toEqual(["system", "user", "assistant", "toolResult", "assistant", "bashExecution"]);
  });
});
