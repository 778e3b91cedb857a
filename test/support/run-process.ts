// One child process run to its end, its output collected: the CLI harness, pi under Node 22 and a pith copied
// elsewhere all spawn the same way and differ only in the program they start.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Text written to the child's stdin, or a file given as its stdin. */
export type ProcessStdin = string | { file: string };

export interface RunProcessOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdin?: ProcessStdin;
  onSpawn?: (child: ChildProcess) => void;
}

export function runProcess(command: string, args: string[], options: RunProcessOptions): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const { stdin } = options;
    const stdinFd = typeof stdin === "object" ? openSync(stdin.file, "r") : undefined;
    let child: ChildProcess;
    try {
      child = spawn(command, args, {
        cwd: options.cwd,
        env: options.env,
        stdio: [stdinFd ?? (stdin === undefined ? "ignore" : "pipe"), "pipe", "pipe"],
      });
    } finally {
      if (stdinFd !== undefined) closeSync(stdinFd);
    }
    let stdout = "";
    let stderr = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    if (typeof stdin === "string") child.stdin!.end(stdin);
    options.onSpawn?.(child);
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
