// Runs a search program (rg, fd) and hands its stdout to the caller line by line; the caller may stop it early
// once it has enough. Abort kills the program; a program that cannot start is an error naming it.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { PithError, type PithErrorCode } from "../../../kernel/index.js";
import { abortedError } from "../abort.js";

export interface LineProcessResult {
  code: number | null;
  stderr: string;
  /** the caller asked to stop before the program ended */
  stoppedEarly: boolean;
}

export interface LineProcessOptions {
  /** the program's name in messages, e.g. "ripgrep" */
  name: string;
  /** the error code for a program that cannot start */
  errorCode: PithErrorCode;
  signal?: AbortSignal;
  /** return "stop" to end the program early */
  onLine(line: string): "stop" | void;
}

export function runLineProcess(command: string, args: string[], options: LineProcessOptions): Promise<LineProcessResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortedError());
      return;
    }
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const lines = createInterface({ input: child.stdout });
    let stderr = "";
    let stoppedEarly = false;
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      child.kill();
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf-8");
    });
    lines.on("line", (line) => {
      if (stoppedEarly) return;
      if (options.onLine(line) === "stop") {
        stoppedEarly = true;
        child.kill();
      }
    });
    child.once("error", (error) => {
      options.signal?.removeEventListener("abort", onAbort);
      reject(new PithError(options.errorCode, `Failed to run ${options.name}: ${error.message}`, { cause: error }));
    });
    child.once("close", (code) => {
      lines.close();
      options.signal?.removeEventListener("abort", onAbort);
      if (aborted) reject(abortedError());
      else resolve({ code, stderr, stoppedEarly });
    });
  });
}
