// find through fd (or Debian's fdfind), when it is on PATH.
import { relative, sep } from "node:path";
import { PithError } from "../../../kernel/index.js";
import { runLineProcess } from "./line-process.js";
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

export async function findWithFd(fdPath: string, query: FindQuery): Promise<string[]> {
  const results: string[] = [];
  const result = await runLineProcess(fdPath, fdArguments(query), {
    name: "fd",
    errorCode: "TOOL_FIND_FAILED",
    signal: query.signal,
    onLine(line) {
      const trimmed = line.replace(/\r$/, "").trim();
      if (trimmed) results.push(toRelative(trimmed, query.searchPath));
    },
  });
  if (result.code !== 0 && results.length === 0) {
    const message = result.stderr.trim() || `fd exited with code ${result.code}`;
    // fd before 8.7 (Debian and Ubuntu ship 8.6) has no --no-require-git and refuses the whole call
    if (/no-require-git/.test(message)) throw new PithError("TOOL_FD_TOO_OLD", `${fdPath} is older than fd 8.7: ${message}`);
    throw new PithError("TOOL_FIND_FAILED", message);
  }
  return results;
}
