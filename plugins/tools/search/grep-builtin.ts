// grep without ripgrep: a JavaScript regular expression over the files an rg-like walk yields.
import { readFile, stat } from "node:fs/promises";
import ignore from "ignore";
import { PithError } from "../../../kernel/index.js";
import { throwIfAborted } from "../abort.js";
import { splitLines, type GrepMatch } from "./grep-output.js";
import type { GrepQuery } from "./grep-query.js";
import { walk } from "./ignore-walk.js";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Unicode-aware when the pattern allows it (rg's regexes are); plain otherwise. */
function compilePattern(pattern: string, literal: boolean, ignoreCase: boolean): RegExp {
  const source = literal ? escapeRegExp(pattern) : pattern;
  const flags = ignoreCase ? "i" : "";
  try {
    return new RegExp(source, `${flags}u`);
  } catch {
    try {
      return new RegExp(source, flags);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PithError(
        "TOOL_GREP_PATTERN",
        `Invalid regex pattern: ${reason}. Fix the pattern, or set literal: true to search for the text as written.`,
      );
    }
  }
}

/**
 * rg's `--glob`: gitignore-style, relative to the search folder, case-sensitive (`ignore` defaults to ignoring
 * case); a leading `!` excludes. Gitignore rules are not a plain glob, so this stays on `ignore`, not lib/glob.
 */
function globFilter(glob: string | undefined): (relativePath: string) => boolean {
  if (!glob) return () => true;
  const excluding = glob.startsWith("!");
  const matcher = ignore({ ignorecase: false }).add(excluding ? glob.slice(1) : glob);
  return (relativePath) => matcher.ignores(relativePath) !== excluding;
}

// Keeps one file's text well below V8's string size limit; bigger files are not searched.
const MAX_FILE_BYTES = 100 * 1024 * 1024;

// rg skips files it recognizes as binary by a NUL byte.
function isBinary(data: Buffer): boolean {
  return data.subarray(0, 8192).includes(0);
}

async function* candidateFiles(query: GrepQuery): AsyncGenerator<{ absolutePath: string; relativePath: string }> {
  if (!query.isDirectory) {
    yield { absolutePath: query.searchPath, relativePath: "" };
    return;
  }
  const accepts = globFilter(query.glob);
  for await (const entry of walk(query.searchPath, query.signal)) {
    if (entry.kind === "file" && accepts(entry.relativePath)) yield entry;
  }
}

export async function grepBuiltin(query: GrepQuery): Promise<GrepMatch[]> {
  const regex = compilePattern(query.pattern, query.literal, query.ignoreCase);
  const matches: GrepMatch[] = [];
  for await (const file of candidateFiles(query)) {
    throwIfAborted(query.signal);
    let data: Buffer;
    try {
      if ((await stat(file.absolutePath)).size > MAX_FILE_BYTES) continue;
      data = await readFile(file.absolutePath);
    } catch {
      continue;
    }
    if (isBinary(data)) continue;
    const lines = splitLines(data.toString("utf-8"));
    let found = false;
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index]!;
      if (!regex.test(line)) continue;
      found = true;
      matches.push({ filePath: file.absolutePath, lineNumber: index + 1, lineText: line });
      if (matches.length >= query.maxMatches) break;
    }
    if (found) query.fileLines.set(file.absolutePath, lines);
    if (matches.length >= query.maxMatches) break;
  }
  return matches;
}
