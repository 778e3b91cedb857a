// Runs one clipboard program (wl-paste, xclip, wl-copy...) and collects what it prints. Clipboard writers may stay
// behind to serve the selection: they run detached (out of pith's process group, so ctrl+z does not stop them)
// and from `/` (they ignore the folder, and must not keep the project's folder busy).
import { spawn } from "node:child_process";

export interface ProgramOptions {
  /** written to the program's standard input (its output is then not collected) */
  input?: string;
  /** a program still running after this is killed and counts as failed */
  timeoutMs?: number;
}

const MAX_OUTPUT_BYTES = 50 * 1024 * 1024;

/** What the program printed; undefined when it could not start, failed, ran too long or printed too much. */
export function runClipboardProgram(program: string, args: readonly string[], options: ProgramOptions = {}): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const collect = options.input === undefined;
    const child = spawn(program, args, { stdio: ["pipe", collect ? "pipe" : "ignore", "ignore"], cwd: "/", detached: process.platform !== "win32" });
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: Buffer | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const kill = () => {
      child.kill("SIGKILL");
      finish(undefined);
    };
    const timer = setTimeout(kill, options.timeoutMs ?? 3000);
    child.on("error", () => finish(undefined));
    child.on("close", (code) => finish(code === 0 ? Buffer.concat(chunks, size) : undefined));
    child.stdout?.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) kill();
      else chunks.push(chunk);
    });
    child.stdin?.on("error", () => {}); // a writer may exit before reading everything
    child.stdin?.end(options.input);
  });
}
