// Drives pith's RPC mode the way a client does: JSON lines in, JSON lines out, matched by id. The same peer
// talks to the built CLI (a child process) or to RPC mode in this process over real streams.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { PassThrough, type Readable, type Writable } from "node:stream";
import { PITH_BIN, writeMockModels, type CliWorld } from "../cli/cli-harness.js";
import { createAgentSession } from "../../sdk/create-agent-session.js";
import { rpcMode } from "../../plugins/rpc/index.js";
import type { PithPlugin } from "../../kernel/plugin.js";
import type { AgentSession } from "../../kernel/agent-session.js";
import type { BuiltinPluginName } from "../../sdk/builtin-plugins.js";
import { NODE22, PI16_CLI } from "../support/pi-node22.js";
import { recordedRpcProcess } from "../support/pi-runs/recorded-rpc.js";
import { keyedEnvironment } from "../support/pi-runs/recording-key.js";

export type RpcRecord = Record<string, unknown> & { type?: string };
export type RpcResponseRecord = RpcRecord & { type: "response"; command: string; success: boolean; data?: unknown; error?: string };

export class RpcPeer {
  readonly records: RpcRecord[] = [];
  /** stdout lines that were not JSON: there must never be any */
  readonly strayLines: string[] = [];
  private waiters: { predicate: (record: RpcRecord) => boolean; resolve: (record: RpcRecord) => void }[] = [];
  private nextId = 0;

  constructor(
    private readonly input: Writable,
    output: Readable,
  ) {
    // Pieces of the current line; each chunk is searched once, so a 10 MB record costs no more than its size.
    let pieces: string[] = [];
    output.setEncoding("utf8");
    output.on("data", (chunk: string) => {
      let start = 0;
      for (let newline = chunk.indexOf("\n"); newline !== -1; newline = chunk.indexOf("\n", start)) {
        pieces.push(chunk.slice(start, newline));
        const line = pieces.join("");
        pieces = [];
        start = newline + 1;
        this.accept(line);
      }
      if (start < chunk.length) pieces.push(chunk.slice(start));
    });
  }

  /** Writes one line: an object as JSON, a string verbatim (a newline is added unless `raw`). */
  send(command: object | string, options: { raw?: boolean } = {}): void {
    const text = typeof command === "string" ? command : JSON.stringify(command);
    this.input.write(options.raw ? text : `${text}\n`);
  }

  /** Sends the command with a fresh id and resolves with its response. */
  request(command: Record<string, unknown>): Promise<RpcResponseRecord> {
    const id = `t${++this.nextId}`;
    this.send({ ...command, id });
    return this.response(id);
  }

  response(id: string | number): Promise<RpcResponseRecord> {
    return this.waitFor((record) => record.type === "response" && record.id === id) as Promise<RpcResponseRecord>;
  }

  /** The first record (already read or still to come) that matches, searching from index `from`. */
  waitFor(predicate: (record: RpcRecord) => boolean, from = 0): Promise<RpcRecord> {
    const seen = this.records.slice(from).find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ predicate, resolve }));
  }

  waitForEvent(type: string, from = 0): Promise<RpcRecord> {
    return this.waitFor((record) => record.type === type, from);
  }

  /** Index of the record matching `predicate`, -1 if none. */
  indexOf(predicate: (record: RpcRecord) => boolean): number {
    return this.records.findIndex(predicate);
  }

  ofType(type: string): RpcRecord[] {
    return this.records.filter((record) => record.type === type);
  }

  end(): void {
    this.input.end();
  }

  private accept(line: string): void {
    let record: RpcRecord;
    try {
      record = JSON.parse(line) as RpcRecord;
    } catch {
      this.strayLines.push(line);
      return;
    }
    this.records.push(record);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.predicate(record)) return true;
      waiter.resolve(record);
      return false;
    });
  }
}

export interface RpcChild {
  peer: RpcPeer;
  /** the process (pith's is a real ChildProcess; pi's may be a replayed one: test/support/pi-runs/recorded-rpc.ts) */
  child: { kill(signal?: NodeJS.Signals): boolean; readonly pid?: number; readonly stdout?: Readable | null };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

/** `pith --mode rpc --model mock/mock-model ...args` in the world's project. */
export function spawnRpc(world: CliWorld, args: string[] = [], env: NodeJS.ProcessEnv = {}): RpcChild {
  return spawnRpcOf(process.execPath, PITH_BIN, world, args, env);
}

/**
 * pi 1.6.0 itself (on the Node 22 binary, offline unless `env` sets PI_OFFLINE) as `spawnRpc` starts pith: to compare
 * the two. Recorded and replayed (test/support/pi-runs/recorded-rpc.ts) unless `live`: for a test whose moves depend
 * on time or on files pi writes as it runs.
 */
export function spawnPiRpc(world: CliWorld, args: string[] = [], env: NodeJS.ProcessEnv = {}, options: { live?: boolean } = {}): RpcChild {
  if (options.live) return spawnRpcOf(NODE22, PI16_CLI, world, args, { PI_OFFLINE: "1", ...env });
  const input = { rpc: args, cwd: world.project, env: keyedEnvironment({ ...world.env, PI_OFFLINE: "1", ...env }) };
  const piProcess = recordedRpcProcess(`pi --mode rpc ${args.join(" ")}`, input, [HARNESS], () => {
    const { child, exited } = spawnRpcOf(NODE22, PI16_CLI, world, args, { PI_OFFLINE: "1", ...env });
    return { stdin: child.stdin!, stdout: child.stdout!, stderr: child.stderr!, pid: child.pid, kill: (signal) => child.kill(signal), exited };
  });
  let stderr = "";
  piProcess.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return { peer: new RpcPeer(piProcess.stdin, piProcess.stdout), child: piProcess, exited: piProcess.exited, stderr: () => stderr };
}

const HARNESS = fileURLToPath(import.meta.url);

function spawnRpcOf(node: string, cli: string, world: CliWorld, args: string[], env: NodeJS.ProcessEnv): RpcChild & { child: ChildProcess } {
  const child = spawn(node, [cli, "--mode", "rpc", "--model", "mock/mock-model", ...args], {
    cwd: world.project,
    env: { ...world.env, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal })),
  );
  return { peer: new RpcPeer(child.stdin!, child.stdout!), child, exited, stderr: () => stderr };
}

export interface InProcessRpc {
  peer: RpcPeer;
  session: AgentSession;
  /** serve's exit code */
  exited: Promise<number>;
  stderr(): string;
}

export interface InProcessOptions {
  /** loaded after the built-ins */
  plugins?: PithPlugin[];
  /** default: all */
  builtins?: readonly BuiltinPluginName[];
  /** find skills and prompt templates in the project (default off: nothing of the developer's home is read) */
  discovery?: boolean;
}

/** RPC mode in this process over real streams. */
export async function startInProcess(world: CliWorld, options: InProcessOptions = {}): Promise<InProcessRpc> {
  const input = new PassThrough();
  const output = new PassThrough();
  const errors = new PassThrough();
  let stderr = "";
  errors.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const rpc = rpcMode({ input, output, errors });
  const peer = new RpcPeer(input, output);
  const { session } = await createAgentSession({
    cwd: world.project,
    agentDir: world.agentDir,
    model: "mock/mock-model",
    noSkills: !options.discovery,
    projectTrust: { approve: options.discovery === true },
    noPromptTemplates: !options.discovery,
    noContextFiles: true,
    builtins: options.builtins,
    plugins: [rpc.plugin, ...(options.plugins ?? [])],
    onProblem: (error) => rpc.reportProblem(error),
  });
  return { peer, session, exited: rpc.serve(session), stderr: () => stderr };
}

/** Replaces the world's models.json: `mock/mock-model` (no reasoning) plus `mock/mock-think` (reasoning). */
export async function writeTwoModels(world: CliWorld): Promise<void> {
  await writeMockModels(world, [
    { id: "mock-model", contextWindow: 200000, maxTokens: 8192 },
    { id: "mock-think", contextWindow: 100000, maxTokens: 8192, reasoning: true },
  ]);
}

/** A bash tool call that waits until `file` exists in the project: the test decides when the turn may end. */
export function blockingBash(file: string, before = ""): { name: string; arguments: { command: string } } {
  return { name: "bash", arguments: { command: `${before}while [ ! -f ${file} ]; do sleep 0.02; done; echo released` } };
}

/** Polls until `condition` holds (the test's own timeout bounds the wait). */
export async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Ends an RPC peer (if one was started), waits for it to exit, then removes the world. */
export async function closeRpcWorld(world: CliWorld, rpc: { peer: { end(): void }; exited: Promise<unknown> } | undefined): Promise<void> {
  if (rpc) {
    rpc.peer.end();
    await rpc.exited;
  }
  await world.close();
}
