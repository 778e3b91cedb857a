// Output truncation shared by the built-in tools and by extensions (pi exports the same helpers).
// Two independent limits apply, lines and bytes; whichever is hit first wins.

export const DEFAULT_MAX_LINES = 2000;
export const DEFAULT_MAX_BYTES = 50 * 1024;
/** grep shortens each printed line to this many characters */
export const GREP_MAX_LINE_LENGTH = 500;

export interface TruncationOptions {
  maxLines?: number;
  maxBytes?: number;
}

export interface TruncationResult {
  content: string;
  truncated: boolean;
  truncatedBy: "lines" | "bytes" | null;
  totalLines: number;
  totalBytes: number;
  outputLines: number;
  outputBytes: number;
  /** truncateTail only: the kept text starts inside a line longer than maxBytes */
  lastLinePartial: boolean;
  /** truncateHead only: the first line alone is longer than maxBytes, so nothing is kept */
  firstLineExceedsLimit: boolean;
  maxLines: number;
  maxBytes: number;
}

/** `<1024 → "NB"`, `<1 MiB → "X.YKB"`, else `"X.YMB"`: the models read these numbers, keep pi's format. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf-8");
}

function untouched(content: string, totalLines: number, totalBytes: number, maxLines: number, maxBytes: number) {
  return {
    content,
    truncated: false,
    truncatedBy: null,
    totalLines,
    totalBytes,
    outputLines: totalLines,
    outputBytes: totalBytes,
    lastLinePartial: false,
    firstLineExceedsLimit: false,
    maxLines,
    maxBytes,
  } satisfies TruncationResult;
}

/** Keeps whole leading lines (file reads: the beginning matters). */
export function truncateHead(content: string, options: TruncationOptions = {}): TruncationResult {
  return truncate(content, options, "head");
}

/** Keeps whole trailing lines (command output: the end matters); a single huge last line keeps its tail. */
export function truncateTail(content: string, options: TruncationOptions = {}): TruncationResult {
  return truncate(content, options, "tail");
}

/** Walks lines from the kept end, whole lines only, until either limit is reached. */
function truncate(content: string, options: TruncationOptions, keep: "head" | "tail"): TruncationResult {
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalBytes = byteLength(content);
  const lines = content.split("\n");
  const totalLines = lines.length;
  if (totalLines <= maxLines && totalBytes <= maxBytes) {
    return untouched(content, totalLines, totalBytes, maxLines, maxBytes);
  }

  const ordered = keep === "head" ? lines : lines.reverse();
  const kept: string[] = [];
  let keptBytes = 0;
  let truncatedBy: "lines" | "bytes" = "lines";
  let lastLinePartial = false;
  for (const line of ordered) {
    if (kept.length >= maxLines) break;
    const cost = byteLength(line) + (kept.length > 0 ? 1 : 0);
    if (keptBytes + cost > maxBytes) {
      truncatedBy = "bytes";
      // Output whose last line alone is too long still shows that line's end.
      if (keep === "tail" && kept.length === 0) {
        kept.push(utf8Tail(line, maxBytes));
        lastLinePartial = true;
      }
      break;
    }
    kept.push(line);
    keptBytes += cost;
  }
  if (keep === "tail") kept.reverse();
  const output = kept.join("\n");
  return {
    content: output,
    truncated: true,
    truncatedBy,
    totalLines,
    totalBytes,
    outputLines: kept.length,
    outputBytes: byteLength(output),
    lastLinePartial,
    firstLineExceedsLimit: keep === "head" && kept.length === 0 && truncatedBy === "bytes",
    maxLines,
    maxBytes,
  };
}

/** The last `maxBytes` bytes of `text`, starting on a character boundary. */
function utf8Tail(text: string, maxBytes: number): string {
  const buffer = Buffer.from(text, "utf-8");
  if (buffer.length <= maxBytes) return text;
  let start = buffer.length - maxBytes;
  // skip UTF-8 continuation bytes (10xxxxxx) so the cut never splits a character
  while (start < buffer.length && (buffer[start]! & 0xc0) === 0x80) start++;
  return buffer.subarray(start).toString("utf-8");
}

/** Shortens one line to `maxChars` characters, marking the cut. */
export function truncateLine(line: string, maxChars = GREP_MAX_LINE_LENGTH): { text: string; wasTruncated: boolean } {
  if (line.length <= maxChars) return { text: line, wasTruncated: false };
  return { text: `${line.slice(0, maxChars)}... [truncated]`, wasTruncated: true };
}
