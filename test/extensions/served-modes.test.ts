// pi 1.6.0's `runPrintMode`, `runRpcMode` and `main` in a program: the same extension file, loaded with `-e` into
// pith and into pi 1.6.0 itself (Node 22), builds an AgentSessionRuntime of its own (createAgentSessionRuntime over
// createAgentSessionFromServices, in memory, its own system prompt) and runs a mode over it, against the same mock
// server. Compared side by side: what print mode writes and returns, the JSON mode's lines, what `main` writes and
// leaves in process.exitCode, and pi's own RpcClient driving the RPC mode the program serves.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { delimiter, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PITH_BIN, createCliWorld, jsonLines, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI, PI16_PACKAGE, runPiCli } from "../support/pi-node22.js";
import { comparableEvent } from "../output/pi16-json-normalise.js";
import { modeProgram } from "./mode-program.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);

const SCRIPT = [{ toolCalls: [{ name: "read", arguments: { path: "a.txt" } }] }, { text: "It says alpha." }, { text: ["Still ", "alpha."] }];

async function readLog(path: string): Promise<Record<string, unknown>[]> {
  if (!existsSync(path)) return [];
  return (await readFile(path, "utf8")).trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe.skipIf(!available)("pi's runPrintMode, runRpcMode and main in a program, against pi 1.6.0", () => {
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
  });
  afterEach(async () => {
    await world.close();
  });

  let runs = 0;
  async function programFor(side: "pi" | "pith") {
    runs += 1;
    const log = join(world.home, `${side}-program-${runs}.jsonl`);
    await writeFile(join(world.project, "a.txt"), "alpha\n");
    const path = join(world.home, `${side}-program.ts`);
    await writeFile(path, modeProgram(log));
    return { log, path };
  }

  async function run(side: "pi" | "pith", command: string, script: object[]) {
    const { log, path } = await programFor(side);
    const from = world.mock.requests.length;
    world.mock.enqueue(...script);
    const args = ["-ne", "-e", path, "--model", "mock/mock-model", "--no-session", "-p", command];
    const result = side === "pi" ? await runPiCli(world, args) : await world.run(args);
    const requests = world.mock.requests.slice(from).map((request) => {
      const body = request.body as { system?: { text: string }[]; messages: { role: string }[]; tools?: { name: string }[] };
      return { system: (body.system ?? []).map((block) => block.text).join("\n").startsWith("You are the program's agent."), roles: body.messages.map((message) => message.role), tools: (body.tools ?? []).map((tool) => tool.name) };
    });
    return { ...result, log: await readLog(log), requests };
  }

  it("runPrintMode, text: the answer of the last prompt on stdout, 0 returned; a failed answer on stderr, 1", { timeout: 180_000 }, async () => {
    const pi = await run("pi", "/print-text", SCRIPT);
    const pith = await run("pith", "/print-text", SCRIPT);
    expect(pith.code, pith.stderr).toBe(0);
    expect(pith.stdout).toBe("Still alpha.\n");
    expect(pith.log).toEqual([{ mode: "text", code: 0 }]);
    expect(pith.requests.map((request) => request.system)).toEqual([true, true, true]);
    expect(pith.requests.map((request) => request.tools)).toEqual([["read"], ["read"], ["read"]]);
    expect({ stdout: pith.stdout, log: pith.log, requests: pith.requests }).toEqual({ stdout: pi.stdout, log: pi.log, requests: pi.requests });

    // both prompts are sent, the second after the first failed
    const failing = [{ error: { status: 400, message: "bad request" } }, { error: { status: 400, message: "bad request" } }];
    const piFailed = await run("pi", "/print-text", failing);
    const pithFailed = await run("pith", "/print-text", failing);
    expect(pithFailed.log).toEqual([{ mode: "text", code: 1 }]);
    expect(pithFailed.stdout).toBe("");
    expect(pithFailed.stderr).toMatch(/bad request/);
    expect({ stdout: pithFailed.stdout, log: pithFailed.log }).toEqual({ stdout: piFailed.stdout, log: piFailed.log });
  });

  it("runPrintMode, json: the session header, then every event of both prompts, as pi's lines", { timeout: 180_000 }, async () => {
    const pi = await run("pi", "/print-json", SCRIPT);
    const pith = await run("pith", "/print-json", SCRIPT);
    expect(pith.code, pith.stderr).toBe(0);
    expect(pith.log).toEqual([{ mode: "json", code: 0 }]);
    const expected = jsonLines(pi.stdout).map(comparableEvent);
    const actual = jsonLines(pith.stdout).map(comparableEvent);
    expect((actual[0] as { type: string }).type).toBe("session");
    expect(actual.map((event) => (event as { type: string }).type)).toEqual(expected.map((event) => (event as { type: string }).type));
    for (let index = 0; index < expected.length; index++) expect(actual[index], `line ${index}`).toEqual(expected[index]);
    expect(pith.log).toEqual(pi.log);
  });

  // pi's main is its CLI's entry: inside an extension of a running pi it meets the CLI already holding the process
  // (its stdout taken over, --version exiting the process), so pith's in-process run is compared with pi's CLI run
  // with the same words, which is what pi's main does in a program of its own.
  it("main: pith's CLI in the program's process, with pi's CLI's output and exit code for the same words", { timeout: 180_000 }, async () => {
    const words = ["-ne", "--no-session", "--model", "mock/mock-model", "--no-tools", "-p", "hello from main"];
    world.mock.enqueue({ text: "Hello, main." });
    const pi = await runPiCli(world, words);
    const pith = await run("pith", `/main ${JSON.stringify(words)}`, [{ text: "Hello, main." }]);
    expect(pith.code, pith.stderr).toBe(0);
    expect(pith.stdout).toBe("Hello, main.\n");
    expect(pith.log).toEqual([{ main: 0 }]);
    expect(pith.stdout).toBe(pi.stdout);
    expect(pi.code).toBe(0);

    const refused = { error: { status: 400, message: "bad request" } };
    world.mock.enqueue(refused);
    const piFailed = await runPiCli(world, words);
    const pithFailed = await run("pith", `/main ${JSON.stringify(words)}`, [refused]);
    expect(pithFailed.log).toEqual([{ main: 1 }]);
    expect(pithFailed.stdout).toBe("");
    expect(pithFailed.stderr).toMatch(/bad request/);
    expect({ code: piFailed.code, stdout: piFailed.stdout }).toEqual({ code: 1, stdout: "" });
  });

  it("runRpcMode: pi's RpcClient drives the session the program serves (its prompt, tools and answers)", { timeout: 180_000 }, async () => {
    const { RpcClient } = (await import(pathToFileURL(join(PI16_PACKAGE, "dist/modes/rpc/rpc-client.js")).href)) as { RpcClient: PiRpcClientClass };
    const drive = async (side: "pi" | "pith") => {
      const { path } = await programFor(side);
      const from = world.mock.requests.length;
      world.mock.enqueue(...SCRIPT);
      const env = Object.fromEntries(Object.entries(world.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
      // the client starts "node" from PATH: Node 22 for pi, the Node that runs the tests for pith
      env.PATH = [dirname(side === "pi" ? NODE22 : process.execPath), env.PATH].join(delimiter);
      Object.assign(env, { SERVE_PROGRAM_RPC: "1", PI_OFFLINE: "1" });
      const client = new RpcClient({ cliPath: side === "pi" ? PI16_CLI : PITH_BIN, cwd: world.project, env, args: ["-ne", "-e", path] });
      await client.start();
      try {
        const events = await client.promptAndWait("read a.txt", undefined, 60_000);
        const first = await client.getLastAssistantText();
        await client.promptAndWait("and again", undefined, 60_000);
        const state = await client.getState();
        const messages = await client.getMessages();
        return {
          events: [...new Set(events.map((event) => event.type))].sort(),
          answers: [first, await client.getLastAssistantText()],
          roles: messages.map((message) => message.role),
          state: { model: (state.model as { id: string }).id, isStreaming: state.isStreaming, messageCount: state.messageCount, sessionFile: state.sessionFile ?? null },
          systems: world.mock.requests.slice(from).map((request) => ((request.body as { system?: { text: string }[] }).system ?? []).map((block) => block.text).join("\n").startsWith("You are the program's agent.")),
          stderr: client.getStderr(),
        };
      } finally {
        await client.stop();
      }
    };
    const pi = await drive("pi");
    const pith = await drive("pith");
    expect(pith.answers, pith.stderr).toEqual(["It says alpha.", "Still alpha."]);
    expect(pith.systems).toEqual([true, true, true]);
    expect(pith.events).toContain("tool_execution_end");
    expect(pith.state).toMatchObject({ model: "mock-model", isStreaming: false, sessionFile: null });
    const { stderr: _piStderr, ...piSeen } = pi;
    const { stderr: _pithStderr, ...pithSeen } = pith;
    expect(pithSeen).toEqual(piSeen);
  });
});

/** The part of pi's RpcClient this test uses. */
interface PiRpcClient {
  start(): Promise<void>;
  stop(): Promise<void>;
  promptAndWait(message: string, images?: unknown[], timeout?: number): Promise<{ type: string }[]>;
  getLastAssistantText(): Promise<string | null>;
  getState(): Promise<Record<string, unknown>>;
  getMessages(): Promise<{ role: string }[]>;
  getStderr(): string;
}
type PiRpcClientClass = new (options: { cliPath: string; cwd: string; env: Record<string, string>; args?: string[] }) => PiRpcClient;
