// The process side of pi's `RpcClient`: a CLI child in RPC mode (pith's own unless `cliPath` names another), its
// JSON-lines stdout split into responses (matched to their request by id) and events (to every listener), its
// stderr kept and passed on. A request fails when the child exits, cannot be written to, or does not answer in time.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";
import { readJsonlLines } from "../../../rpc/protocol/jsonl-reader.js";
import { getPackageDir } from "./coding-agent-helpers.js";

export interface RpcClientOptions {
  /** the CLI to run with Node (default: pith's) */
  cliPath?: string;
  cwd?: string;
  env?: Record<string, string>;
  provider?: string;
  model?: string;
  /** more CLI arguments */
  args?: string[];
}

export type RpcEvent = { type: string } & Record<string, unknown>;
export type RpcEventListener = (event: RpcEvent) => void;
export type RpcResponse = { type: "response"; id?: string; command: string; success: boolean; data?: unknown; error?: string };

/** pi gives the child this long to fail at once before `start` resolves */
const START_GRACE_MS = 100;
const RESPONSE_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 1000;
/** how long a broken stdin waits for the child's exit to report instead */
const EXIT_AFTER_BROKEN_PIPE_MS = 1000;

interface Pending {
  resolve(response: RpcResponse): void;
  reject(error: Error): void;
}

export class RpcConnection {
  private child: ChildProcessWithoutNullStreams | null = null;
  private stopReading: (() => void) | null = null;
  private readonly listeners: RpcEventListener[] = [];
  private readonly pending = new Map<string, Pending>();
  private lastRequest = 0;
  private stderr = "";
  private exitError: Error | null = null;

  constructor(private readonly options: RpcClientOptions = {}) {}

  async start(): Promise<void> {
    if (this.child) throw new Error("Client already started");
    this.exitError = null;
    const { cliPath = join(getPackageDir(), "bin", "pith.cjs"), provider, model, args = [] } = this.options;
    const cliArgs = ["--mode", "rpc", ...(provider ? ["--provider", provider] : []), ...(model ? ["--model", model] : []), ...args];
    const child = spawn(process.execPath, [cliPath, ...cliArgs], { cwd: this.options.cwd, env: { ...process.env, ...this.options.env }, stdio: ["pipe", "pipe", "pipe"] });
    this.child = child;
    child.stderr.on("data", (data: Buffer) => {
      this.stderr += data.toString();
      process.stderr.write(data);
    });
    const failWith = (error: Error) => {
      if (this.child !== child) return;
      this.exitError ??= error;
      this.rejectPending(this.exitError);
    };
    child.once("exit", (code, signal) => failWith(this.exitedError(code, signal)));
    child.once("error", (error) => failWith(new Error(`Agent process error: ${error.message}. Stderr: ${this.stderr}`)));
    child.stdin.on("error", (error) => {
      // a pipe breaks because the child is ending: its exit (code, signal) is what a caller can act on, and it is
      // seen right after; the pipe's error stands only when no exit follows
      const broken = new Error(`Agent process stdin error: ${error.message}. Stderr: ${this.stderr}`);
      if (child.exitCode !== null || child.signalCode !== null) return failWith(this.exitedError(child.exitCode, child.signalCode));
      const fallback = setTimeout(() => failWith(broken), EXIT_AFTER_BROKEN_PIPE_MS);
      child.once("exit", () => clearTimeout(fallback));
    });
    this.stopReading = readJsonlLines(child.stdout, { onLine: (line) => this.handleLine(line), onEnd: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, START_GRACE_MS));
    if (child.exitCode !== null) {
      this.exitError ??= this.exitedError(child.exitCode, child.signalCode);
      throw this.exitError;
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.stopReading?.();
    this.stopReading = null;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          child.kill("SIGKILL");
          resolve();
        }, STOP_GRACE_MS);
        child.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
      });
      child.kill("SIGTERM");
      await exited;
    }
    this.child = null;
    this.pending.clear();
  }

  onEvent(listener: RpcEventListener): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index !== -1) this.listeners.splice(index, 1);
    };
  }

  /** what the child wrote to stderr so far */
  getStderr(): string {
    return this.stderr;
  }

  /** sends one command and resolves its response, successful or not */
  protected send(command: { type: string } & Record<string, unknown>): Promise<RpcResponse> {
    const child = this.child;
    if (!child) return Promise.reject(new Error("Client not started"));
    if (this.exitError) return Promise.reject(this.exitError);
    if (child.exitCode !== null) return Promise.reject((this.exitError = this.exitedError(child.exitCode, child.signalCode)));
    if (child.stdin.destroyed || !child.stdin.writable) return Promise.reject((this.exitError = new Error(`Agent process stdin is not writable. Stderr: ${this.stderr}`)));
    const id = `req_${++this.lastRequest}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`Timeout waiting for response to ${command.type}. Stderr: ${this.stderr}`));
      }, RESPONSE_TIMEOUT_MS);
      const settle = <T>(finish: (value: T) => void) => (value: T) => {
        clearTimeout(timer);
        finish(value);
      };
      this.pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
      try {
        child.stdin.write(`${JSON.stringify({ ...command, id })}\n`);
      } catch (error) {
        this.pending.get(id)?.reject(error instanceof Error ? error : new Error(String(error)));
        this.pending.delete(id);
      }
    });
  }

  private handleLine(line: string): void {
    let record: RpcEvent;
    try {
      record = JSON.parse(line) as RpcEvent;
    } catch {
      return; // not a protocol record
    }
    const request = record.type === "response" && typeof record.id === "string" ? this.pending.get(record.id) : undefined;
    if (request) {
      this.pending.delete(record.id as string);
      request.resolve(record as unknown as RpcResponse);
      return;
    }
    // a listener may unsubscribe while the event is handed out: the others still get it; as in pi, a listener
    // that throws ends the event's delivery and the client reads on
    try {
      for (const listener of [...this.listeners]) listener(record);
    } catch {
      // the listener's own failure
    }
  }

  private exitedError(code: number | null, signal: NodeJS.Signals | null): Error {
    return new Error(`Agent process exited (code=${code} signal=${signal}). Stderr: ${this.stderr}`);
  }

  private rejectPending(error: Error): void {
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
  }
}
