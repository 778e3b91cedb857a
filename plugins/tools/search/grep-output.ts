// Turns grep matches (from rg or the built-in search) into the text the model reads:
// `path:N: line` for matches, `path-N- line` for context, and the limit notices pi uses.
import { readFile } from "node:fs/promises";
import { basename, relative, sep } from "node:path";
import { renderListing } from "./listing.js";
import { GREP_MAX_LINE_LENGTH, truncateLine, type TruncationResult } from "../truncate.js";

export interface GrepMatch {
  filePath: string;
  lineNumber: number;
  /** the matched line when the engine already has it */
  lineText?: string;
}

export type GrepDetails = {
  truncation?: TruncationResult;
  /** the match limit that was hit (pi reports the number) */
  matchLimitReached?: number;
  linesTruncated?: boolean;
};

export interface GrepOutputOptions {
  searchPath: string;
  isDirectory: boolean;
  context: number;
  limit: number;
  /** more matches existed beyond `limit` */
  limitReached: boolean;
  /** file lines already read by the engine, by absolute path */
  fileLines: Map<string, string[]>;
}

/** Lines as rg numbers them: a final line break does not start another line. */
export function splitLines(text: string): string[] {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

async function linesOf(filePath: string, cache: Map<string, string[]>): Promise<string[]> {
  let lines = cache.get(filePath);
  if (!lines) {
    lines = await readFile(filePath, "utf-8").then(splitLines, () => []);
    cache.set(filePath, lines);
  }
  return lines;
}

function displayPath(filePath: string, options: GrepOutputOptions): string {
  if (options.isDirectory) {
    const path = relative(options.searchPath, filePath);
    if (path && !path.startsWith("..")) return sep === "/" ? path : path.split(sep).join("/");
  }
  return basename(filePath);
}

/** Matches grouped per file in order of first appearance, each file's line numbers ascending. */
function groupByFile(matches: readonly GrepMatch[]): Map<string, GrepMatch[]> {
  const groups = new Map<string, GrepMatch[]>();
  for (const match of matches) {
    const group = groups.get(match.filePath);
    if (group) group.push(match);
    else groups.set(match.filePath, [match]);
  }
  for (const group of groups.values()) group.sort((a, b) => a.lineNumber - b.lineNumber);
  return groups;
}

export async function formatGrepOutput(
  matches: readonly GrepMatch[],
  options: GrepOutputOptions,
): Promise<{ text: string; details?: GrepDetails }> {
  if (matches.length === 0) return { text: "No matches found" };
  let linesTruncated = false;
  const rows: string[] = [];
  const row = (path: string, lineNumber: number, text: string, isMatch: boolean) => {
    const shortened = truncateLine(text.replace(/\r/g, ""), GREP_MAX_LINE_LENGTH);
    if (shortened.wasTruncated) linesTruncated = true;
    rows.push(isMatch ? `${path}:${lineNumber}: ${shortened.text}` : `${path}-${lineNumber}- ${shortened.text}`);
  };

  for (const [filePath, fileMatches] of groupByFile(matches)) {
    const path = displayPath(filePath, options);
    const needsFile = options.context > 0 || fileMatches.some((match) => match.lineText === undefined);
    const lines = needsFile ? await linesOf(filePath, options.fileLines) : [];
    if (options.context === 0 || lines.length === 0) {
      for (const match of fileMatches) {
        const text = match.lineText ?? lines[match.lineNumber - 1] ?? "";
        row(path, match.lineNumber, text.replace(/\r?\n$/, ""), true);
      }
      continue;
    }
    // Context windows of nearby matches are merged so no line is printed twice.
    const matched = new Set(fileMatches.map((match) => match.lineNumber));
    let printedUpTo = 0;
    for (const match of fileMatches) {
      const from = Math.max(match.lineNumber - options.context, printedUpTo + 1, 1);
      const to = Math.min(match.lineNumber + options.context, lines.length);
      for (let lineNumber = from; lineNumber <= to; lineNumber++) {
        row(path, lineNumber, lines[lineNumber - 1]!, matched.has(lineNumber));
      }
      printedUpTo = Math.max(printedUpTo, to);
    }
  }

  const { text, truncation } = renderListing(
    rows,
    options.limitReached
      ? [`${options.limit} matches limit reached. Use limit=${options.limit * 2} for more, or refine pattern`]
      : [],
    linesTruncated ? [`Some lines truncated to ${GREP_MAX_LINE_LENGTH} chars. Use read tool to see full lines`] : [],
  );
  const details: GrepDetails = {
    ...(truncation ? { truncation } : {}),
    ...(options.limitReached ? { matchLimitReached: options.limit } : {}),
    ...(linesTruncated ? { linesTruncated: true } : {}),
  };
  return { text, details: Object.keys(details).length > 0 ? details : undefined };
}
