// `pi.exec(command, args, {signal, timeout, cwd})`: runs a program without a shell and collects its output.
// A timeout (milliseconds) or an abort sends SIGTERM, then SIGKILL after 5 s; a program that cannot start
// resolves with code 1 and the reason on stderr, as in pi.
import { spawn } from "node:child_process";
import type { ExecOptions, ExecResult } from "../contract/types.js";

const KILL_GRACE_MS = 5000;

export function execProgram(command: string, args: readonly string[], cwd: string, options: ExecOptions = {}): Promise<ExecResult> {
  return new Promise((resolve) => {
    let stdout = "";
    let stderr = "";
    let killed = false;
    let settled = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const child = spawn(command, [...args], { cwd: options.cwd ?? cwd, shell: false, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));

    const stop = () => {
      if (killed || child.exitCode !== null) return;
      killed = true;
      child.kill("SIGTERM");
      graceTimer = setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS);
      graceTimer.unref();
    };
    const timer = options.timeout && options.timeout > 0 ? setTimeout(stop, options.timeout) : undefined;
    if (options.signal?.aborted) stop();
    else options.signal?.addEventListener("abort", stop, { once: true });

    const finish = (result: ExecResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(graceTimer);
      options.signal?.removeEventListener("abort", stop);
      resolve(result);
    };
    child.on("error", (error) => finish({ stdout, stderr: stderr + error.message, code: 1, killed }));
    child.on("close", (code) => finish({ stdout, stderr, code: code ?? 1, killed }));
  });
}
