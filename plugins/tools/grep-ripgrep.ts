// grep through ripgrep (`rg --json`), when rg is on PATH.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { PithError } from "../../kernel/errors.js";
import { abortedError } from "./abort.js";
import type { GrepMatch } from "./grep-output.js";
import type { GrepQuery } from "./grep-query.js";

interface RipgrepEvent {
  type?: string;
  data?: { path?: { text?: string }; line_number?: number; lines?: { text?: string } };
}

function ripgrepArguments(query: GrepQuery): string[] {
  const args = ["--json", "--line-number", "--color=never", "--hidden"];
  if (query.ignoreCase) args.push("--ignore-case");
  if (query.literal) args.push("--fixed-strings");
  if (query.glob) args.push("--glob", query.glob);
  args.push("--", query.pattern, query.searchPath);
  return args;
}

export function grepWithRipgrep(rgPath: string, query: GrepQuery): Promise<GrepMatch[]> {
  return new Promise((resolve, reject) => {
    if (query.signal?.aborted) {
      reject(abortedError());
      return;
    }
    const child = spawn(rgPath, ripgrepArguments(query), { stdio: ["ignore", "pipe", "pipe"] });
    const lines = createInterface({ input: child.stdout });
    const matches: GrepMatch[] = [];
    let stderr = "";
    let stoppedEarly = false;
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      child.kill();
    };
    query.signal?.addEventListener("abort", onAbort, { once: true });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf-8");
    });
    lines.on("line", (line) => {
      if (stoppedEarly || !line.trim()) return;
      let event: RipgrepEvent;
      try {
        event = JSON.parse(line) as RipgrepEvent;
      } catch {
        return;
      }
      if (event.type !== "match") return;
      const filePath = event.data?.path?.text;
      const lineNumber = event.data?.line_number;
      if (!filePath || typeof lineNumber !== "number") return;
      matches.push({ filePath, lineNumber, lineText: event.data?.lines?.text });
      if (matches.length >= query.maxMatches) {
        stoppedEarly = true;
        child.kill();
      }
    });
    child.once("error", (error) => {
      query.signal?.removeEventListener("abort", onAbort);
      reject(new PithError("TOOL_GREP_FAILED", `Failed to run ripgrep: ${error.message}`, { cause: error }));
    });
    child.once("close", (code) => {
      lines.close();
      query.signal?.removeEventListener("abort", onAbort);
      if (aborted) reject(abortedError());
      else if (!stoppedEarly && code !== 0 && code !== 1) {
        reject(new PithError("TOOL_GREP_FAILED", stderr.trim() || `ripgrep exited with code ${code}`));
      } else resolve(matches);
    });
  });
}
