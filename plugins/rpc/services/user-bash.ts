// The user's own shell commands (`!cmd` in a terminal, the RPC `bash` command): run in the session's folder with
// the bash tool's process handling, and kept in the conversation as a `bashExecution` message, so the model
// sees the output with the next prompt. While a reply is streaming the message waits until the run is over:
// slipped in mid-turn it would separate a tool call from its result.
import { existsSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { PithError, type BashExecutionMessage, type SessionApi } from "../../../kernel/index.js";
import { OutputCollector } from "../../tools/output-collector.js";
import { runInProcessGroup } from "../../tools/process-group.js";
import { resolveShell, shellEnvironment } from "../../tools/shell.js";

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

declare module "../../../kernel/plugin.js" {
  interface PithServices {
    userBash: UserBashService;
  }
}

export interface UserBashConfig {
  session: Pick<SessionApi, "cwd" | "isStreaming" | "appendMessage" | "waitForIdle">;
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
      const result = await this.run(command, controller.signal, options.onOutput);
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

  private async run(command: string, signal: AbortSignal, onOutput: ((delta: string) => void) | undefined): Promise<BashResult> {
    const { shellPath, commandPrefix } = this.config.shell();
    const output = new OutputCollector({ tempFilePrefix: "pith-bash" });
    // a character split between two chunks is held back until it is whole
    const decoder = new StringDecoder("utf8");
    const forward = (chunk: Buffer) => {
      const delta = decoder.write(chunk);
      if (delta && onOutput) onOutput(delta);
    };
    const outcome = await runInProcessGroup({
      file: resolveShell(shellPath),
      args: ["-c", commandPrefix ? `${commandPrefix}\n${command}` : command],
      cwd: this.config.session.cwd,
      env: shellEnvironment(),
      signal,
      killGraceMs: this.config.killGraceMs ?? DEFAULT_KILL_GRACE_MS,
      onData: (chunk) => {
        output.append(chunk);
        forward(chunk);
      },
    }).finally(() => {
      output.finish();
      const rest = decoder.end();
      if (rest && onOutput) onOutput(rest);
    });
    const snapshot = output.snapshot();
    await output.close();
    const result: BashResult = {
      output: snapshot.text,
      exitCode: outcome.exitCode ?? undefined,
      cancelled: outcome.stoppedBy === "abort",
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
