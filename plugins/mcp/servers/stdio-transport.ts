// The stdio transport of an MCP server, as the leader of its own process group: servers are often started
// through wrappers (`npx`, `uvx`, a shell script) whose children would outlive a plain kill. Stopping closes
// stdin, sends SIGTERM to the group, then SIGKILL; pith's exit kills what is left. A line on stdout that is not
// JSON-RPC is reported and skipped; the server keeps running.
import { spawn, type ChildProcess } from "node:child_process";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

export interface StdioCodec {
  ReadBuffer: new () => { append(chunk: Buffer): void; readMessage(): JSONRPCMessage | null; clear(): void };
  serializeMessage(message: JSONRPCMessage): string;
}

export interface StdioServerProcess {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  onStderr(text: string): void;
}

const KILL_GRACE_MS = 2000;
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(process.platform === "win32" ? pid : -pid, signal);
  } catch {
    // already gone
  }
}

function trackGroup(pid: number): void {
  liveGroups.add(pid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const group of liveGroups) signalGroup(group, "SIGKILL");
  });
}

export class ProcessGroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child: ChildProcess | undefined;
  private readonly buffer: InstanceType<StdioCodec["ReadBuffer"]>;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    private readonly server: StdioServerProcess,
    private readonly codec: StdioCodec,
  ) {
    this.buffer = new codec.ReadBuffer();
  }

  /** the server's process id while it runs */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.server.command, this.server.args, {
        cwd: this.server.cwd,
        env: this.server.env,
        detached: process.platform !== "win32",
        stdio: ["pipe", "pipe", "pipe"],
        windowsHide: true,
      });
      this.child = child;
      this.exited = new Promise((done) => child.once("close", () => done()));
      child.once("error", (error) => {
        const failure = new Error(`cannot start ${this.server.command}: ${error.message}`);
        reject(failure);
        this.onerror?.(failure);
      });
      child.once("spawn", () => {
        if (child.pid !== undefined) trackGroup(child.pid);
        resolve();
      });
      child.once("close", (code, signal) => {
        if (child.pid !== undefined) liveGroups.delete(child.pid);
        this.child = undefined;
        if (code !== 0 && code !== null) this.onerror?.(new Error(`the server exited with code ${code}`));
        else if (signal) this.onerror?.(new Error(`the server was stopped by ${signal}`));
        this.onclose?.();
      });
      child.stdin?.on("error", () => undefined); // EPIPE when the server died: reported through "close"
      child.stdout?.on("data", (chunk: Buffer) => this.read(chunk));
      child.stderr?.setEncoding("utf8").on("data", (text: string) => this.server.onStderr(text));
    });
  }

  private read(chunk: Buffer): void {
    try {
      this.buffer.append(chunk);
    } catch (error) {
      this.onerror?.(new Error(`the server wrote an over-long line: ${(error as Error).message}`));
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        this.onerror?.(new Error(`the server wrote something that is not a JSON-RPC message: ${(error as Error).message}`));
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed) return Promise.reject(new Error("the server is not running"));
    return new Promise((resolve) => {
      if (stdin.write(this.codec.serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    const pid = child.pid;
    child.stdin?.end();
    signalGroup(pid, "SIGTERM");
    const timer = setTimeout(() => signalGroup(pid, "SIGKILL"), KILL_GRACE_MS);
    await this.exited;
    clearTimeout(timer);
    // the leader is gone; members it started may still run
    signalGroup(pid, "SIGKILL");
    liveGroups.delete(pid);
    this.buffer.clear();
  }
}
