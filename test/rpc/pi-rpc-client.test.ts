// pi's own RpcClient (from @mariozechner/pi-coding-agent 0.73.1) drives the built pith CLI: what works with pi's
// client works with pith. Skipped, with the reason in its title, when pi is not installed.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PITH_BIN, createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { blockingBash } from "./rpc-harness.js";

const CLIENT_FILE = "@mariozechner/pi-coding-agent/dist/modes/rpc/rpc-client.js";
const clientPath = [fileURLToPath(new URL(`../../node_modules/${CLIENT_FILE}`, import.meta.url)), `/tmp/pi/node_modules/${CLIENT_FILE}`].find(existsSync);

type PiEvent = { type: string } & Record<string, unknown>;
type Message = { role: string } & Record<string, unknown>;

/** The part of pi's RpcClient this test uses. */
interface PiRpcClient {
  start(): Promise<void>;
  stop(): Promise<void>;
  onEvent(listener: (event: PiEvent) => void): () => void;
  prompt(message: string): Promise<void>;
  steer(message: string): Promise<void>;
  followUp(message: string): Promise<void>;
  abort(): Promise<void>;
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
type PiRpcClientClass = new (options: { cliPath: string; cwd: string; env: Record<string, string>; model: string }) => PiRpcClient;

const title = clientPath
  ? "pi's RpcClient drives pith"
  : "pi's RpcClient drives pith (skipped: @mariozechner/pi-coding-agent 0.73.1 is not installed in node_modules or /tmp/pi)";

describe.skipIf(!clientPath)(title, () => {
  let world: CliWorld;
  let client: PiRpcClient;
  beforeEach(async () => {
    world = await createCliWorld();
    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ compaction: { reserveTokens: 1000, keepRecentTokens: 300 } }));
    const { RpcClient } = (await import(pathToFileURL(clientPath!).href)) as { RpcClient: PiRpcClientClass };
    const env = Object.fromEntries(Object.entries(world.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
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
    await client.prompt("start");
    await toolStarted;
    await client.steer("steer now");
    await client.followUp("after that");
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
});
