// The process-level names pith serves under `@earendil-works/pi-coding-agent`, through real processes against the
// mock LLM: a tool wrapped by `wrapRegisteredTool` and pi's PowerShell tool inside `pith -p`, beside pi 1.6.0 itself
// running the same extension; and `RpcClient` (as an extension imports it) starting pith's own CLI in RPC mode,
// answering as pi 1.6.0's own client does against the same CLI.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { delimiter, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createExtensionModuleLoader } from "../../plugins/extensions/loading/module-loader.js";
import { PITH_BIN, createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { blockingBash, waitUntil } from "../rpc/rpc-harness.js";
import { NODE22, PI16_CLI, PI16_PACKAGE, runPiCli } from "../support/pi-node22.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);

type RpcEvent = { type: string } & Record<string, unknown>;
/** the part of pi's `RpcClient` these tests use */
interface Client {
  start(): Promise<void>;
  stop(): Promise<void>;
  onEvent(listener: (event: RpcEvent) => void): () => void;
  prompt(message: string): Promise<string>;
  promptAndWait(message: string): Promise<RpcEvent[]>;
  abort(): Promise<void>;
  getState(): Promise<Record<string, unknown>>;
  getAvailableModels(): Promise<Record<string, unknown>[]>;
  setSessionName(name: string): Promise<void>;
  setModel(provider: string, modelId: string): Promise<unknown>;
  getMessages(): Promise<{ role: string }[]>;
  bash(command: string): Promise<Record<string, unknown>>;
  getStderr(): string;
}
type ClientClass = new (options: { cliPath?: string; cwd?: string; env?: Record<string, string>; model?: string }) => Client;

const TOOLS_EXTENSION = `import { createPowerShellToolDefinition, wrapRegisteredTool } from "@earendil-works/pi-coding-agent";
export default function (pi: any) {
  const definition = {
    name: "shout", label: "Shout", description: "Shouts the text back",
    parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    async execute(_id: string, params: { text: string }, _signal: unknown, _onUpdate: unknown, ctx: { cwd: string }) {
      return { content: [{ type: "text", text: params.text.toUpperCase() + " from " + ctx.cwd }], details: {} };
    },
  };
  pi.registerTool(wrapRegisteredTool({ definition }, { createToolContext: () => { throw new Error("the agent gives the context"); } }));
  pi.registerTool(createPowerShellToolDefinition(process.cwd()));
}
`;

type ToolResult = { content: unknown; is_error?: boolean };

/** the tool results the model got back after the first reply */
function toolResults(world: CliWorld): ToolResult[] {
  const messages = world.mock.requests[1]!.body.messages as { role: string; content: ({ type: string } & ToolResult)[] | string }[];
  const last = messages.at(-1)!;
  if (typeof last.content === "string") return [];
  return last.content.filter((block) => block.type === "tool_result").map(({ content, is_error }) => ({ content, is_error: is_error ?? false }));
}

describe.skipIf(!available)("served tools inside a print run, beside pi 1.6.0", () => {
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
  });
  afterEach(() => world.close());

  it("a wrapped tool gets the agent's context and pi's PowerShell tool fails as pi's does without PowerShell", { timeout: 120_000 }, async () => {
    const extension = join(world.home, "tools.ts");
    await writeFile(extension, TOOLS_EXTENSION);
    const run = async (side: "pi" | "pith") => {
      world.mock.requests.length = 0;
      world.mock.enqueue({ toolCalls: [{ name: "shout", arguments: { text: "hi" } }, { name: "powershell", arguments: { command: "Get-Date" } }] }, { text: "done" });
      const args = ["-ne", "-e", extension, "--model", "mock/mock-model", "-p", "use the tools"];
      const result = side === "pi" ? await runPiCli(world, args) : await world.run(args);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.trim()).toBe("done");
      return toolResults(world);
    };
    const pi = await run("pi");
    const pith = await run("pith");
    expect(pith).toEqual(pi);
    expect(JSON.stringify(pith)).toContain(`HI from ${world.project}`);
    expect(pith[1]).toMatchObject({ is_error: true });
    expect(JSON.stringify(pith[1])).toContain("The powershell tool is only available on Windows.");
  });
});

describe("RpcClient as an extension imports it", () => {
  let world: CliWorld;
  let RpcClient: ClientClass;
  let env: Record<string, string>;
  beforeEach(async () => {
    world = await createCliWorld();
    const path = join(world.home, "client.ts");
    await writeFile(path, `export { RpcClient } from "@earendil-works/pi-coding-agent";\n`);
    ({ RpcClient } = (await createExtensionModuleLoader({ cacheDir: join(world.home, "jiti") }).load(path)) as { RpcClient: ClientClass });
    env = Object.fromEntries(Object.entries(world.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  });
  afterEach(() => world.close());

  /** one conversation through `client`: what it answers, with what differs by run (ids, times, paths) left out */
  async function converse(client: Client): Promise<unknown[]> {
    world.mock.enqueue({ text: "Hello there." });
    const events = await client.promptAndWait("hi");
    const state = await client.getState();
    const outcome = (promise: Promise<unknown>) => promise.then(() => "resolved", (error: Error) => error.message);
    // pi's client rejects a failed command that answers with data, and resolves one without data either way
    const failures = [await outcome(client.setModel("mock", "missing")), await outcome(client.setSessionName(""))];
    await client.setSessionName("named");
    const bash = await client.bash("echo from-client");
    return [
      events.map((event) => event.type).filter((type) => type !== "message_update"),
      { model: (state.model as { id: string }).id, isStreaming: state.isStreaming, thinkingLevel: state.thinkingLevel, messageCount: state.messageCount },
      (await client.getAvailableModels()).map((model) => [model.provider, model.id]),
      failures,
      ((await client.getState()) as { sessionName?: string }).sessionName,
      { output: bash.output, exitCode: bash.exitCode, cancelled: bash.cancelled },
      (await client.getMessages()).map((message) => message.role),
    ];
  }

  it("starts pith's CLI, prompts, streams events and answers every command as pi's own client does", { timeout: 120_000 }, async () => {
    const { RpcClient: PiRpcClient } = (await import(pathToFileURL(join(PI16_PACKAGE, "dist/modes/rpc/rpc-client.js")).href)) as { RpcClient: ClientClass };
    // pi's client starts "node" from PATH: the Node that runs the tests, as pith's client starts its own
    const piClientEnv = { ...env, PATH: [dirname(process.execPath), env.PATH].join(delimiter) };
    const answers: unknown[][] = [];
    for (const client of [new RpcClient({ cwd: world.project, env, model: "mock/mock-model" }), new PiRpcClient({ cliPath: PITH_BIN, cwd: world.project, env: piClientEnv, model: "mock/mock-model" })]) {
      await client.start();
      try {
        answers.push(await converse(client));
      } finally {
        await client.stop();
      }
    }
    expect(answers[0]![0]).toContain("agent_settled");
    expect(answers[0]![3]).toEqual([expect.stringContaining("missing"), "resolved"]);
    expect(answers[0]).toEqual(answers[1]);
  });

  it("aborts a running prompt, and fails as pi's client does before start, after stop and when the CLI exits", { timeout: 120_000 }, async () => {
    const client = new RpcClient({ cwd: world.project, env, model: "mock/mock-model" });
    await expect(client.getState()).rejects.toThrow("Client not started");
    await client.start();
    await expect(client.start()).rejects.toThrow("Client already started");
    world.mock.enqueue({ toolCalls: [blockingBash("never")] });
    const toolStarted = new Promise<void>((resolve) => client.onEvent((event) => event.type === "tool_execution_start" && resolve()));
    const ended = new Promise<RpcEvent>((resolve) => client.onEvent((event) => event.type === "agent_end" && resolve(event)));
    expect(await client.prompt("hang")).toBe("started");
    await toolStarted;
    expect(await client.getState()).toMatchObject({ isStreaming: true });
    await client.abort();
    expect(JSON.stringify((await ended).messages)).toContain("aborted");
    expect(await client.getState()).toMatchObject({ isStreaming: false });
    await client.stop();
    await expect(client.getState()).rejects.toThrow("Client not started");

    const failing = join(world.home, "failing.cjs");
    await writeFile(failing, `process.stderr.write("no agent here\\n"); process.exit(3);`);
    const broken = new RpcClient({ cliPath: failing, cwd: world.project, env });
    // the client passes the child's stderr on to its own, as pi's does: kept here, out of the test run's output
    const passedOn = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      // the child may exit within the start's grace or after it: either way the next request fails with its exit
      await broken.start().catch(() => undefined);
      await expect(broken.getState()).rejects.toThrow(/^Agent process exited \(code=3 signal=null\)\. Stderr: /);
      // stderr may be read after the exit is seen
      await waitUntil(() => broken.getStderr() !== "");
      expect(broken.getStderr()).toBe("no agent here\n");
      await broken.stop();
      expect(passedOn.mock.calls.map(([chunk]) => String(chunk)).join("")).toContain("no agent here\n");
    } finally {
      passedOn.mockRestore();
    }
  });
});
