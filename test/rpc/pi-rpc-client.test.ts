// pi 1.6.0's own RpcClient (@earendil-works/pi-coding-agent, dist/modes/rpc/rpc-client.js; it needs only Node's
// child_process) drives the built pith CLI, every one of its methods: what works with pi's client works with pith.
// Skipped, with the reason in its title, when pi 1.6.0 is not installed.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PITH_BIN, createCliWorld, writeMockModels, type CliWorld } from "../cli/cli-harness.js";
import { blockingBash } from "./rpc-harness.js";

const clientPath = [fileURLToPath(new URL("../../node_modules/@earendil-works/pi-coding-agent/dist/modes/rpc/rpc-client.js", import.meta.url))].find(existsSync);

type PiEvent = { type: string } & Record<string, unknown>;
type Message = { role: string } & Record<string, unknown>;

/** The part of pi's RpcClient this test uses. */
interface PiRpcClient {
  start(): Promise<void>;
  stop(): Promise<void>;
  onEvent(listener: (event: PiEvent) => void): () => void;
  prompt(message: string, images?: unknown[], streamingBehavior?: "steer" | "followUp"): Promise<"started" | "queued" | "handled">;
  steer(message: string): Promise<"queued" | "handled">;
  followUp(message: string): Promise<"queued" | "handled">;
  abort(): Promise<void>;
  clearQueue(): Promise<{ steering: string[]; followUp: string[] }>;
  setModel(provider: string, modelId: string): Promise<Record<string, unknown>>;
  cycleModel(): Promise<Record<string, unknown> | null>;
  getAvailableModels(): Promise<Record<string, unknown>[]>;
  setThinkingLevel(level: string): Promise<void>;
  cycleThinkingLevel(): Promise<{ level: string } | null>;
  getAvailableThinkingLevels(): Promise<string[]>;
  setSteeringMode(mode: "all" | "one-at-a-time"): Promise<void>;
  setFollowUpMode(mode: "all" | "one-at-a-time"): Promise<void>;
  setAutoCompaction(enabled: boolean): Promise<void>;
  setAutoRetry(enabled: boolean): Promise<void>;
  abortRetry(): Promise<void>;
  abortBash(): Promise<void>;
  exportHtml(outputPath?: string): Promise<{ path: string }>;
  getEntries(since?: string): Promise<{ entries: { id: string; type: string; parentId: string | null }[]; leafId: string | null }>;
  getTree(): Promise<{ tree: { entry: { id: string }; children: unknown[] }[]; leafId: string | null }>;
  waitForIdle(timeout?: number): Promise<void>;
  getState(): Promise<Record<string, unknown>>;
  getMessages(): Promise<Message[]>;
  getLastAssistantText(): Promise<string | null>;
  getSessionStats(): Promise<Record<string, unknown>>;
  getForkMessages(): Promise<{ entryId: string; text: string }[]>;
  setSessionName(name: string): Promise<void>;
  fork(entryId: string): Promise<{ text: string; cancelled: boolean }>;
  clone(): Promise<{ cancelled: boolean }>;
  switchSession(path: string): Promise<{ cancelled: boolean }>;
  newSession(): Promise<{ cancelled: boolean }>;
  compact(customInstructions?: string): Promise<Record<string, unknown>>;
  bash(command: string): Promise<Record<string, unknown>>;
  getCommands(): Promise<unknown[]>;
  promptAndWait(message: string, images?: unknown[], timeout?: number): Promise<PiEvent[]>;
  getStderr(): string;
}
type PiRpcClientClass = new (options: { cliPath: string; cwd: string; env: Record<string, string>; model: string; args?: string[] }) => PiRpcClient;

const title = clientPath
  ? "pi's RpcClient drives pith"
  : "pi's RpcClient drives pith (skipped: @earendil-works/pi-coding-agent 1.6.0 is not installed)";

describe.skipIf(!clientPath)(title, () => {
  let world: CliWorld;
  let client: PiRpcClient;
  beforeEach(async () => {
    world = await createCliWorld();
    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ compaction: { reserveTokens: 1000, keepRecentTokens: 300 } }));
    await writeMockModels(world, [
      { id: "mock-model", contextWindow: 200000, maxTokens: 8192 },
      { id: "mock-thinker", reasoning: true, contextWindow: 200000, maxTokens: 8192 },
    ]);
    const { RpcClient } = (await import(pathToFileURL(clientPath!).href)) as { RpcClient: PiRpcClientClass };
    const env = Object.fromEntries(Object.entries(world.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
    // the client starts "node" from PATH: the Node that runs the tests (under npm, node_modules/.bin has Node 22)
    env.PATH = [dirname(process.execPath), env.PATH].join(delimiter);
    client = new RpcClient({ cliPath: PITH_BIN, cwd: world.project, env, model: "mock/mock-model" });
    await client.start();
  });
  afterEach(async () => {
    await client.stop();
    await world.close();
  });

  const nextEvent = (type: string) =>
    new Promise<PiEvent>((resolve) => {
      const stop = client.onEvent((event) => {
        if (event.type !== type) return;
        stop();
        resolve(event);
      });
    });
  const runEndingWith = (text: string) =>
    new Promise<PiEvent>((resolve) => {
      const stop = client.onEvent((event) => {
        if (event.type !== "agent_end" || !JSON.stringify(event.messages).includes(text)) return;
        stop();
        resolve(event);
      });
    });

  it("prompts, steers, queues a follow-up, aborts, and reads state and messages", async () => {
    world.mock.enqueue({ toolCalls: [blockingBash("go")] }, { text: "steered" }, { text: "followed" }, { toolCalls: [blockingBash("never")] });
    const toolStarted = nextEvent("tool_execution_start");
    const finished = runEndingWith("followed");
    expect(await client.prompt("start")).toBe("started");
    await toolStarted;
    expect(await client.steer("steer now")).toBe("queued");
    expect(await client.followUp("after that")).toBe("queued");
    expect(await client.getState()).toMatchObject({ isStreaming: true, pendingMessageCount: 2, model: { id: "mock-model" } });
    await writeFile(join(world.project, "go"), "");
    await finished;
    expect((await client.getMessages()).map((message) => message.role)).toEqual([
      "system", "user", "assistant", "toolResult", "user", "assistant", "user", "assistant",
    ]);
    expect(await client.getLastAssistantText()).toBe("followed");

    const hanging = nextEvent("tool_execution_start");
    const aborted = nextEvent("agent_end");
    await client.prompt("hang");
    await hanging;
    await client.abort();
    const end = await aborted;
    expect(JSON.stringify(end.messages)).toContain("aborted");
    expect(await client.getState()).toMatchObject({ isStreaming: false });
    expect(client.getStderr()).toBe("");
  });

  it("runs bash, names, forks, clones, switches and starts sessions, compacts, and reports stats and commands", async () => {
    const long = "describe the parser module in detail. ".repeat(60);
    world.mock.enqueue({ text: "Answer 1." }, { text: "Answer 2." }, { text: "Answer 3." }, { text: "## Goal\nSummary from the client test." });
    const bash = await client.bash("echo from-client");
    expect(bash).toMatchObject({ output: "from-client\n", exitCode: 0, cancelled: false, truncated: false });
    for (let step = 1; step <= 3; step++) await client.promptAndWait(`Step ${step}: ${long}`);
    expect((await client.getMessages()).map((message) => message.role)).toEqual([
      "bashExecution", "system", "user", "assistant", "user", "assistant", "user", "assistant",
    ]);

    await client.setSessionName("client session");
    const state = await client.getState();
    expect(state).toMatchObject({ sessionName: "client session", messageCount: 8 });
    const file = state.sessionFile as string;
    const stats = await client.getSessionStats();
    expect(stats).toMatchObject({ sessionFile: file, userMessages: 3, assistantMessages: 3, contextUsage: { contextWindow: 200000 } });

    const compacted = await client.compact();
    expect(compacted).toMatchObject({ summary: expect.stringContaining("Summary from the client test."), tokensBefore: expect.any(Number) });
    // the compaction's checkpoint of the system prompt and tools leads the compacted context (pi 1.6.0)
    expect((await client.getMessages()).slice(0, 2).map((message) => message.role)).toEqual(["system", "compactionSummary"]);

    const forkPoints = await client.getForkMessages();
    expect(forkPoints.map((point) => point.text.slice(0, 7))).toEqual(["Step 1:", "Step 2:", "Step 3:"]);
    expect(await client.fork(forkPoints[2]!.entryId)).toEqual({ text: forkPoints[2]!.text, cancelled: false });
    expect((await client.getState()).sessionFile).not.toBe(file);
    expect(await client.clone()).toEqual({ cancelled: false });
    expect(await client.switchSession(file)).toEqual({ cancelled: false });
    expect(await client.getState()).toMatchObject({ sessionFile: file, sessionName: "client session" });
    expect(await client.newSession()).toEqual({ cancelled: false });
    expect(await client.getMessages()).toEqual([]);
    expect(await client.getCommands()).toEqual([]);
  });

  it("pi 1.6.0's additions and the remaining methods: queue clearing, entries and tree, models, thinking levels, modes, export", async () => {
    world.mock.enqueue({ toolCalls: [blockingBash("go")] }, { text: "done" });
    const toolStarted = nextEvent("tool_execution_start");
    expect(await client.prompt("start")).toBe("started");
    await toolStarted;
    expect(await client.prompt("later", undefined, "followUp")).toBe("queued");
    expect(await client.steer("now")).toBe("queued");
    expect(await client.clearQueue()).toEqual({ steering: ["now"], followUp: ["later"] });
    const idle = client.waitForIdle();
    await writeFile(join(world.project, "go"), "");
    await idle;
    expect(world.mock.requests).toHaveLength(2);

    const { entries, leafId } = await client.getEntries();
    expect(entries.some((entry) => entry.type === "session")).toBe(false);
    expect(leafId).toBe(entries.at(-1)!.id);
    expect(await client.getEntries(entries.at(-2)!.id)).toEqual({ entries: [entries.at(-1)], leafId });
    await expect(client.getEntries("no-such-entry")).rejects.toThrow(/no-such-entry/);
    const tree = await client.getTree();
    expect(tree.leafId).toBe(leafId);
    expect(tree.tree.map((node) => node.entry.id)).toEqual([entries[0]!.id]);

    expect((await client.getAvailableModels()).map((model) => model.id).sort()).toEqual(["mock-model", "mock-thinker"]);
    expect(await client.getAvailableThinkingLevels()).toEqual(["off"]);
    expect(await client.cycleThinkingLevel()).toBeNull();
    expect(await client.setModel("mock", "mock-thinker")).toMatchObject({ provider: "mock", id: "mock-thinker", reasoning: true });
    expect(await client.getAvailableThinkingLevels()).toEqual(["off", "minimal", "low", "medium", "high"]);
    await client.setThinkingLevel("low");
    expect(await client.cycleThinkingLevel()).toEqual({ level: "medium" });
    expect(await client.cycleModel()).toMatchObject({ model: { id: "mock-model" }, thinkingLevel: "off", isScoped: false });

    await client.setSteeringMode("all");
    await client.setFollowUpMode("all");
    await client.setAutoCompaction(false);
    await client.setAutoRetry(false);
    await client.abortRetry();
    await client.abortBash();
    expect(await client.getState()).toMatchObject({ steeringMode: "all", followUpMode: "all", autoCompactionEnabled: false, thinkingLevel: "off" });
    const exported = await client.exportHtml(join(world.project, "session.html"));
    expect(exported).toEqual({ path: join(world.project, "session.html") });
    expect(existsSync(exported.path)).toBe(true);
    expect(client.getStderr()).toBe("");
  });
});
