// Runs npm and git for the package manager: no shell, output captured, and a failure that names the command,
// its exit code and its stderr, so the user can run it by hand.
import { spawn } from "node:child_process";
import { PithError } from "../../../kernel/index.js";

export interface CommandOptions {
  cwd: string;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
}

export function runCommand(argv: readonly string[], options: CommandOptions): Promise<{ stdout: string; stderr: string }> {
  const [command, ...args] = argv;
  if (command === undefined) return Promise.reject(new PithError("PACKAGE_COMMAND_FAILED", "No command to run."));
  const display = argv.map(quoteForDisplay).join(" ");
  return new Promise((resolve, reject) => {
    options.signal?.throwIfAborted();
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
      signal: options.signal,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.name === "AbortError") return reject(error);
      const why = error.code === "ENOENT" ? `${command} was not found on PATH` : error.message;
      reject(new PithError("PACKAGE_COMMAND_FAILED", `\`${display}\` could not start: ${why}.`, { cause: error }));
    });
    child.on("close", (code, signal) => {
      if (code === 0) return resolve({ stdout, stderr });
      if (options.signal?.aborted) return; // the "error" event already rejected with the abort
      const status = signal ? `was killed by ${signal}` : `failed (exit ${code})`;
      const detail = stderr.trim() || stdout.trim();
      reject(new PithError("PACKAGE_COMMAND_FAILED", `\`${display}\` ${status} in ${options.cwd}${detail ? `:\n${detail}` : "."}`));
    });
  });
}

function quoteForDisplay(word: string): string {
  return /^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
