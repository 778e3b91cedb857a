// find through fd (or Debian's fdfind), when it is on PATH.
import { spawn } from "node:child_process";
import { relative, sep } from "node:path";
import { createInterface } from "node:readline";
import { PithError } from "../../kernel/errors.js";
import { abortedError } from "./abort.js";
import type { FindQuery } from "./find-query.js";

/** pi's fd call: a pattern with a `/` is matched against the full path, anywhere below the search folder. */
function fdArguments(query: FindQuery): string[] {
  const args = ["--glob", "--color=never", "--hidden", "--no-require-git", "--max-results", String(query.maxResults)];
  let pattern = query.pattern;
  if (pattern.includes("/")) {
    args.push("--full-path");
    if (!pattern.startsWith("/") && !pattern.startsWith("**/") && pattern !== "**") pattern = `**/${pattern}`;
  }
  args.push("--", pattern, query.searchPath);
  return args;
}

function toRelative(line: string, searchPath: string): string {
  const isDirectory = line.endsWith("/") || line.endsWith("\\");
  let path = line.startsWith(searchPath + sep) ? line.slice(searchPath.length + 1) : relative(searchPath, line);
  if (sep !== "/") path = path.split(sep).join("/");
  return isDirectory && !path.endsWith("/") ? `${path}/` : path;
}

export function findWithFd(fdPath: string, query: FindQuery): Promise<string[]> {
  return new Promise((resolve, reject) => {
    if (query.signal?.aborted) {
      reject(abortedError());
      return;
    }
    const child = spawn(fdPath, fdArguments(query), { stdio: ["ignore", "pipe", "pipe"] });
    const reader = createInterface({ input: child.stdout });
    const results: string[] = [];
    let stderr = "";
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      child.kill();
    };
    query.signal?.addEventListener("abort", onAbort, { once: true });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf-8");
    });
    reader.on("line", (line) => {
      const trimmed = line.replace(/\r$/, "").trim();
      if (trimmed) results.push(toRelative(trimmed, query.searchPath));
    });
    child.once("error", (error) => {
      query.signal?.removeEventListener("abort", onAbort);
      reject(new PithError("TOOL_FIND_FAILED", `Failed to run fd: ${error.message}`, { cause: error }));
    });
    child.once("close", (code) => {
      reader.close();
      query.signal?.removeEventListener("abort", onAbort);
      if (aborted) reject(abortedError());
      else if (code !== 0 && results.length === 0) {
        reject(new PithError("TOOL_FIND_FAILED", stderr.trim() || `fd exited with code ${code}`));
      } else resolve(results);
    });
  });
}
