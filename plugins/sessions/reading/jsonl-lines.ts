// Splits a session file's bytes into parsed lines. The lines are found first; then they are read from the last one
// up, along the path to the last entry: the entries a resume's context is built from (back to the latest
// compaction's first kept entry) are parsed at once, other message lines that start the usual way are known by
// their prefix (id, parent, role) and parsed only if something reads them (lazy-entry.ts), any other line is parsed
// at once. A bad line becomes a warning naming its line number (a line left for later: when it is read), never an
// exception.
import { isAscii } from "node:buffer";
import { LAZY_LINE_BYTES, PREFIX_BYTES, deferredMessageEntry, lazyMessageEntry, messagePrefixAt, wholeLineMessage, type LazyReport, type StoredLines } from "./lazy-entry.js";
import { ContextPath } from "./context-path.js";
import type { FileLine, PiecewiseFile } from "./file-pieces.js";
import { CURRENT_SESSION_VERSION, warning, type SessionWarning } from "../format/types.js";

/** V8 strings top out near 512 M characters; longer lines could not be parsed at all. */
export const DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024;

const NEWLINE = 0x0a;
/**
 * Files up to this size are decoded once, whole, as latin1 (a byte offset is a character offset): prefixes are
 * matched in place, and an ASCII file's lines are slices sharing its memory (a third cheaper to parse than decoding
 * each line). Bigger files are mostly big lines, better left undecoded until read.
 */
const WHOLE_TEXT_MAX_BYTES = 32 * 1024 * 1024;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

export interface ParsedRecord {
  /** 1-based line number in the file */
  line: number;
  value: unknown;
}

export interface ParsedLines {
  records: ParsedRecord[];
  warnings: SessionWarning[];
  /** bytes up to and including the last newline */
  completeBytes: number;
  /** the bytes after the last newline did not form a complete JSON value */
  torn: boolean;
}

export interface ParseOptions {
  maxLineBytes?: number;
  /** parse message lines off the resumed context only when their message is read (default true) */
  lazy?: boolean;
  /** told when a lazily parsed line turns out to be damaged, at the moment it is read */
  onWarning?(warning: SessionWarning): void;
}

/** The non-blank lines: each one's number, first byte and end (its newline, or the end of the file). */
interface Lines {
  numbers: number[];
  starts: number[];
  ends: number[];
  /** whether a line starts as a compaction entry does */
  compaction: boolean;
}

/** How a compaction entry's line starts (as pith and pi write them). */
const COMPACTION_HEAD = Buffer.from('{"type":"compaction",');

export function parseJsonlBuffer(buffer: Buffer, location: string, options: ParseOptions = {}): ParsedLines {
  return parseLines(new LineReader(buffer, location, options), options);
}

/** The same for a file read in pieces (file-pieces.ts): its big lines are read from the file when something reads them. */
export function parseJsonlPieces(file: PiecewiseFile, location: string, options: ParseOptions = {}): ParsedLines {
  const reader = new LineReader(file.buffer, location, options, file.inFile);
  reader.warnings.push(...file.warnings);
  return { ...parseLines(reader, options), completeBytes: file.completeBytes };
}

function parseLines(reader: LineReader, options: ParseOptions): ParsedLines {
  const lines = findLines(reader.buffer, reader, options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
  // Deferring pays where a compaction starts the context: the lines before it are never parsed. Without one, every
  // line on the path is read at once anyway, and reading them in file order costs less than walking up to them.
  const lazy = options.lazy !== false;
  const records = lazy && lines.compaction ? readUpThePath(lines, reader) : readInOrder(lines, reader, lazy);
  reader.warnings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { records, warnings: reader.warnings, completeBytes: reader.completeBytes, torn: reader.torn };
}

/** Every line parsed, in file order (big message lines lazily when `lazy`). */
function readInOrder({ numbers, starts, ends }: Lines, reader: LineReader, lazy: boolean): ParsedRecord[] {
  const records: ParsedRecord[] = [];
  for (let i = 0; i < numbers.length; i++) {
    const line = numbers[i]!;
    const value = (lazy ? reader.bigEntry(line, starts[i]!, ends[i]!) : undefined) ?? reader.parse(line, starts[i]!, ends[i]!);
    if (value !== SKIPPED) records.push({ line, value });
  }
  return records;
}

/** The lines from the last one up, parsing those on the context's path at once and deferring other message lines. */
function readUpThePath({ numbers, starts, ends }: Lines, reader: LineReader): ParsedRecord[] {
  const values: unknown[] = new Array(numbers.length).fill(SKIPPED);
  // an older file is upgraded in memory, which rewrites its lines: it is read whole
  if (numbers.length > 0) values[0] = reader.parse(numbers[0]!, starts[0]!, ends[0]!);
  const deferring = isCurrentHeader(values[0]);
  const path = new ContextPath();
  for (let i = numbers.length - 1; i >= 1; i--) {
    const line = numbers[i]!;
    const start = starts[i]!;
    const end = ends[i]!;
    const next = path.next();
    let value: unknown;
    if (!deferring || (typeof next === "string" && reader.startsWithMessage(start, end, next))) {
      value = reader.bigEntry(line, start, end) ?? reader.parse(line, start, end);
    } else {
      value = reader.deferredEntry(line, start, end, next === undefined) ?? reader.parse(line, start, end);
    }
    values[i] = value;
    if (path.isNext(value)) path.visit(value);
  }
  const records: ParsedRecord[] = [];
  values.forEach((value, i) => {
    if (value !== SKIPPED) records.push({ line: numbers[i]!, value });
  });
  return records;
}

/**
 * The non-blank lines, and whether one of them is a compaction (a search of the lines' starts: a search of the
 * whole file for it costs about what reading the file does).
 */
function findLines(buffer: Buffer, reader: LineReader, maxLineBytes: number): Lines {
  const lines: Lines = { numbers: [], starts: [], ends: [], compaction: false };
  forEachLine(buffer, reader, maxLineBytes, (line, start, end) => {
    lines.numbers.push(line);
    lines.starts.push(start);
    lines.ends.push(end);
    if (!lines.compaction && buffer[start + COMPACTION_HEAD.length - 1] === 0x2c && end - start > COMPACTION_HEAD.length) {
      lines.compaction = buffer.compare(COMPACTION_HEAD, 0, COMPACTION_HEAD.length, start, start + COMPACTION_HEAD.length) === 0;
    }
  });
  return lines;
}

/** Each non-blank line, in order; a line longer than the limit is skipped with a warning. */
function forEachLine(buffer: Buffer, reader: LineReader, maxLineBytes: number, take: (line: number, start: number, end: number) => void): void {
  let start = hasBom(buffer) ? 3 : 0;
  let line = 0;
  while (start < buffer.length) {
    line++;
    const newline = buffer.indexOf(NEWLINE, start);
    const end = newline === -1 ? buffer.length : newline;
    if (newline !== -1) reader.completeBytes = newline + 1;
    const length = end - start;
    if (length > maxLineBytes) {
      reader.warnings.push(warning("line_too_long", reader.location, line, `line of ${length} bytes exceeds ${maxLineBytes}; skipped`));
    } else if (length > 0 && (buffer[start] === OPEN_BRACE || !isBlank(buffer, start, end))) {
      take(line, start, end);
    }
    start = end + 1;
  }
}

/** what `LineReader.parse` gives for a line that is not JSON (it is reported, and left out) */
const SKIPPED: unique symbol = Symbol("skipped");

/** Reads lines of one file: parsed at once, or entries parsed when read. */
class LineReader implements StoredLines {
  readonly warnings: SessionWarning[] = [];
  /** bytes up to and including the last newline */
  completeBytes = 0;
  torn = false;
  /** the file, one character per byte (see WHOLE_TEXT_MAX_BYTES) */
  private readonly scan: string | undefined;
  private readonly ascii: boolean;

  constructor(
    readonly buffer: Buffer,
    readonly location: string,
    private readonly options: ParseOptions,
    /** big lines left in the file, by line number: `buffer` holds only their heads */
    private readonly inFile?: Map<number, FileLine>,
  ) {
    this.scan = buffer.length <= WHOLE_TEXT_MAX_BYTES ? buffer.toString("latin1") : undefined;
    this.ascii = this.scan !== undefined && isAscii(buffer);
  }

  /** The line's value; SKIPPED, with a warning, when it is not JSON. */
  parse(line: number, start: number, end: number): unknown {
    const inFile = this.inFile?.get(line);
    try {
      return JSON.parse(inFile ? inFile.bytes().toString("utf8") : this.text(start, end));
    } catch {
      if (end < this.buffer.length) {
        this.warnings.push(warning("invalid_json", this.location, line, "not valid JSON; line skipped"));
      } else {
        this.torn = true;
        const text = `incomplete last line (${inFile?.length ?? end - start} bytes, no newline), probably cut by a crash; skipped (the next write keeps it in ${this.location}.torn)`;
        this.warnings.push(warning("torn_line", this.location, line, text));
      }
      return SKIPPED;
    }
  }

  /** whether the line is a message entry with this id, written the usual way (the id is its second member) */
  startsWithMessage(start: number, end: number, id: string): boolean {
    const head = `{"type":"message","id":"${id}","parentId":`;
    if (end - start < head.length) return false;
    if (this.scan !== undefined) return this.scan.startsWith(head, start);
    return this.buffer.toString("latin1", start, start + head.length) === head;
  }

  /** A big message line's entry (its content parsed when read); undefined for any other line. */
  bigEntry(line: number, start: number, end: number): Record<string, unknown> | undefined {
    const inFile = this.inFile?.get(line);
    if (inFile) return inFile.terminated ? lazyMessageEntry(inFile, this.reporter(line)) : undefined;
    if (end - start < LAZY_LINE_BYTES || !this.closed(end)) return undefined;
    return lazyMessageEntry(this.buffer.subarray(start, end), this.reporter(line));
  }

  /**
   * The entry of a message line that starts the usual way, parsed when its message is read (a big line: see
   * bigEntry); undefined for any other line, and for a small line when `unlessSmall` (the caller parses it now).
   */
  deferredEntry(line: number, start: number, end: number, unlessSmall: boolean): Record<string, unknown> | undefined {
    if (end - start >= LAZY_LINE_BYTES || this.inFile?.has(line)) return this.bigEntry(line, start, end);
    if (unlessSmall || !this.closed(end)) return undefined;
    const prefix =
      this.scan !== undefined
        ? messagePrefixAt(this.scan, start)
        : messagePrefixAt(this.buffer.toString("latin1", start, Math.min(end, start + PREFIX_BYTES)), 0);
    return prefix ? deferredMessageEntry(prefix, this, line, start, end) : undefined;
  }

  /** a deferred small line's message, read (StoredLines) */
  message(line: number, start: number, end: number): unknown {
    return wholeLineMessage(this.text(start, end), this.reporter(line));
  }

  private text(start: number, end: number): string {
    return this.ascii ? this.scan!.slice(start, end) : this.buffer.toString("utf8", start, end);
  }

  /** a line cut short (no newline, or not ending its object) is never deferred: its parse reports it now */
  private closed(end: number): boolean {
    return end < this.buffer.length && this.buffer[end - 1] === CLOSE_BRACE;
  }

  /** a problem found when a deferred line was read (StoredLines) */
  report(line: number, ...[code, text]: Parameters<LazyReport>): void {
    this.options.onWarning?.(warning(code, this.location, line, text));
  }

  private reporter(line: number): LazyReport {
    return (code, text) => this.report(line, code, text);
  }
}

export function isCurrentHeader(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { type, version } = value as { type?: unknown; version?: unknown };
  return type === "session" && typeof version === "number" && version >= CURRENT_SESSION_VERSION;
}

function hasBom(buffer: Buffer): boolean {
  return buffer.length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf;
}

function isBlank(buffer: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const byte = buffer[i];
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  }
  return true;
}
