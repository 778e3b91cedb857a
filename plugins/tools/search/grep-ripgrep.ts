// grep through ripgrep (`rg --json`), when rg is on PATH.
import { PithError } from "../../../kernel/index.js";
import { runLineProcess } from "./line-process.js";
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

export async function grepWithRipgrep(rgPath: string, query: GrepQuery): Promise<GrepMatch[]> {
  const matches: GrepMatch[] = [];
  const result = await runLineProcess(rgPath, ripgrepArguments(query), {
    name: "ripgrep",
    errorCode: "TOOL_GREP_FAILED",
    signal: query.signal,
    onLine(line) {
      if (!line.trim()) return;
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
      return matches.length >= query.maxMatches ? "stop" : undefined;
    },
  });
  // rg exits 1 when nothing matched; other codes are errors unless we stopped it ourselves.
  if (!result.stoppedEarly && result.code !== 0 && result.code !== 1) {
    throw new PithError("TOOL_GREP_FAILED", result.stderr.trim() || `ripgrep exited with code ${result.code}`);
  }
  return matches;
}
