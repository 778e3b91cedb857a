// The user's own shell commands (`!cmd` in a terminal, the RPC `bash` command): run in the session's folder with
// the bash tool's process handling, and kept in the conversation as a `bashExecution` message, so the model
// sees the output with the next prompt. While a reply is streaming the message waits until the run is over:
// slipped in mid-turn it would separate a tool call from its result. Plugins hear each command first (the
// `user_bash` hook): one may run it itself (`operations`) or answer in its place (`result`).
import { existsSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import type { BashExecutionMessage } from "../../lib/transcript/pi-messages.js";
import { isTapped, PithError, type HookOf, type HookSignature, type SessionApi } from "../../kernel/index.js";
import { OutputCollector } from "../tools/bash/output-collector.js";
import { DisplayTextStream } from "../../lib/process/display-text.js";
import { runInProcessGroup } from "../tools/bash/process-group.js";
import { resolveShell, shellEnvironment } from "../tools/bash/shell.js";

/** pi's `BashResult`. */
export interface BashResult {
  /** the output's tail (stdout and stderr interleaved), cut like the bash tool's */
  output: string;
  /** undefined when the command was killed */
  exitCode: number | undefined;
  cancelled: boolean;
  truncated: boolean;
  /** the complete output, when it was cut */
  fullOutputPath?: string;
}

/** pi's `BashOperations`: how a `!cmd` runs, for a `user_bash` handler that runs it elsewhere (a container, ssh). */
export interface BashOperations {
  exec(
    command: string,
    cwd: string,
    options: { onData: (data: Buffer) => void; signal?: AbortSignal; timeout?: number; env?: NodeJS.ProcessEnv },
  ): Promise<{ exitCode: number | null }>;
}

export interface UserBashEvent {
  command: string;
  excludeFromContext: boolean;
  cwd: string;
}

/** The first handler that gives either decides: run through its `operations`, or take its `result` as is. */
export interface UserBashDecision {
  operations?: BashOperations;
  result?: BashResult;
}

declare module "../../kernel/index.js" {
  interface HookSignatures {
    /** series bail · the user ran `!cmd` · return `{operations}` or `{result}`, or nothing to run it here */
    user_bash: HookSignature<UserBashEvent, UserBashDecision | undefined>;
  }
}

export interface UserBashOptions {
  /** `!!cmd`: kept in the session but not sent to the model */
  excludeFromContext?: boolean;
  signal?: AbortSignal;
  /** every piece of output as it arrives (stdout and stderr interleaved, whole characters) */
  onOutput?(delta: string): void;
}

export interface UserBashService {
  execute(command: string, options?: UserBashOptions): Promise<BashResult>;
  /** stops the running command (its whole process group); does nothing when none runs */
  abort(): void;
  readonly isRunning: boolean;
}

declare module "../../kernel/index.js" {
  interface PithServices {
    userBash: UserBashService;
  }
}

export interface UserBashConfig {
  session: Pick<SessionApi, "cwd" | "isStreaming" | "appendMessage" | "waitForIdle">;
  hook?: HookOf<"user_bash">;
  /** read per command, so settings changes apply */
  shell(): { shellPath?: string; commandPrefix?: string };
  killGraceMs?: number;
}

const DEFAULT_KILL_GRACE_MS = 2000;

export class UserBash implements UserBashService {
  private running: AbortController | undefined;
  private deferred: BashExecutionMessage[] = [];

  constructor(private readonly config: UserBashConfig) {}

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  async execute(command: string, options: UserBashOptions = {}): Promise<BashResult> {
    if (this.running) throw new PithError("BASH_BUSY", "A bash command is already running; wait for it or stop it with abort_bash.");
    const { cwd } = this.config.session;
    if (!existsSync(cwd)) throw new PithError("BASH_CWD_MISSING", `The session folder ${cwd} does not exist; bash commands cannot run.`);
    const controller = new AbortController();
    const stop = () => controller.abort();
    options.signal?.addEventListener("abort", stop, { once: true });
    if (options.signal?.aborted) stop();
    this.running = controller;
    try {
      const decision = await this.ask(command, options.excludeFromContext === true);
      const result = decision?.result ?? (await this.run(command, controller.signal, options.onOutput, decision?.operations));
      const message: BashExecutionMessage = { role: "bashExecution", command, ...result, timestamp: Date.now() };
      if (options.excludeFromContext) message.excludeFromContext = true;
      await this.record(message);
      return result;
    } finally {
      this.running = undefined;
      options.signal?.removeEventListener("abort", stop);
    }
  }

  abort(): void {
    this.running?.abort();
  }

  /** Adds the messages that waited for a run to end; call when the run is over (the `agent_settled` hook). */
  async flushDeferred(): Promise<void> {
    const messages = this.deferred;
    this.deferred = [];
    for (const message of messages) await this.config.session.appendMessage(message);
  }

  private ask(command: string, excludeFromContext: boolean): Promise<UserBashDecision | undefined> {
    const { hook } = this.config;
    if (!hook || !isTapped(hook)) return Promise.resolve(undefined);
    return hook.promise({ command, excludeFromContext, cwd: this.config.session.cwd });
  }

  private async run(command: string, signal: AbortSignal, onOutput: ((delta: string) => void) | undefined, operations?: BashOperations): Promise<BashResult> {
    const { shellPath, commandPrefix } = this.config.shell();
    const full = commandPrefix ? `${commandPrefix}\n${command}` : command;
    const output = new OutputCollector({ tempFilePrefix: "pith-bash" });
    // a character split between two chunks is held back until it is whole; as pi keeps a command the user ran, the
    // output is kept, shown and given to the model without its escape sequences (colours, cursor moves)
    const decoder = new StringDecoder("utf8");
    const sanitizer = new DisplayTextStream();
    const take = (text: string) => {
      if (!text) return;
      output.append(Buffer.from(text));
      onOutput?.(text);
    };
    const onData = (chunk: Buffer) => take(sanitizer.write(decoder.write(chunk)));
    const { cwd } = this.config.session;
    const running = operations ? runElsewhere(operations, full, cwd, signal, onData) : runHere(full, shellPath, cwd, signal, onData, this.config.killGraceMs);
    const outcome = await running.finally(() => {
      take(sanitizer.write(decoder.end()) + sanitizer.end());
      output.finish();
    });
    const snapshot = output.snapshot();
    await output.close();
    const result: BashResult = {
      output: snapshot.text,
      exitCode: outcome.exitCode ?? undefined,
      cancelled: outcome.cancelled,
      truncated: snapshot.truncation.truncated,
    };
    if (snapshot.fullOutputPath) result.fullOutputPath = snapshot.fullOutputPath;
    return result;
  }

  private async record(message: BashExecutionMessage): Promise<void> {
    if (!this.config.session.isStreaming) {
      await this.config.session.appendMessage(message);
      return;
    }
    this.deferred.push(message);
    // Normally the run's end flushes it; this catches a command that finished after that point.
    void this.config.session.waitForIdle().then(() => {
      if (!this.config.session.isStreaming) return this.flushDeferred();
    });
  }
}

interface Outcome {
  exitCode: number | null | undefined;
  cancelled: boolean;
}

async function runHere(command: string, shellPath: string | undefined, cwd: string, signal: AbortSignal, onData: (chunk: Buffer) => void, killGraceMs = DEFAULT_KILL_GRACE_MS): Promise<Outcome> {
  const outcome = await runInProcessGroup({ file: resolveShell(shellPath), args: ["-c", command], cwd, env: shellEnvironment(), signal, killGraceMs, onData });
  return { exitCode: outcome.exitCode, cancelled: outcome.stoppedBy === "abort" };
}

/** A handler's operations run the command; a throw after an abort counts as cancelled, any other is the failure. */
async function runElsewhere(operations: BashOperations, command: string, cwd: string, signal: AbortSignal, onData: (chunk: Buffer) => void): Promise<Outcome> {
  try {
    const { exitCode } = await operations.exec(command, cwd, { onData, signal, env: shellEnvironment() });
    return { exitCode, cancelled: signal.aborted };
  } catch (error) {
    if (signal.aborted) return { exitCode: undefined, cancelled: true };
    throw new PithError("BASH_OPERATIONS_FAILED", `The user_bash handler's operations failed to run the command: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
