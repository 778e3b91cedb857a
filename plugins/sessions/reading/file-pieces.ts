// A session file too big to decode whole (mostly big tool outputs) is read in pieces through one reused buffer:
// small lines are copied out, a big line keeps only its first and last bytes in memory and stays in the file until
// something reads it (lazy-entry.ts parses its message from those ends; its content, or its bytes sent as they are
// in a request, come from the file then). On a machine where memory touched for the first time is what reading a
// file costs, only the small lines are paid for before the first request.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { PithError } from "../../../kernel/index.js";
import { warning, type SessionWarning } from "../format/types.js";

/** files bigger than this are read in pieces (smaller ones are read whole and decoded once: see jsonl-lines.ts) */
export const PIECEWISE_FILE_BYTES = 32 * 1024 * 1024;
/** the reused buffer the file passes through */
const PIECE_BYTES = 1024 * 1024;
/** lines at least this long stay in the file */
export const FILE_LINE_BYTES = 16 * 1024;
/**
 * Bytes of a big line kept in memory from its start and from its end: room for the members around its content (a
 * line with more there is read whole from the file when its message is read). Each kept byte is fresh memory.
 */
export const HEAD_BYTES = 1024;
export const TAIL_BYTES = 512;
const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;
const QUOTE = 0x22;
const OBJECT_START = Buffer.from('{"');

/** Which file, as it was when read: a line is read later only from the same file, not shorter than it was. */
export interface FileIdentity {
  path: string;
  dev: number;
  ino: number;
  size: number;
}

/** A big line left in the file: its two ends in memory, the rest read when asked for. */
export class FileLine {
  readonly #file: FileIdentity;

  constructor(
    file: FileIdentity,
    /** the line's first byte in the file */
    readonly position: number,
    readonly length: number,
    readonly head: Buffer,
    readonly tail: Buffer,
    /** a newline follows it */
    readonly terminated: boolean,
    /** where the first `{"` starting past the head's last byte but one is (-1: none), noted while the line was read */
    readonly objectAfterHead: number,
  ) {
    this.#file = file;
  }

  /** whether `{"` may start between `from` and `to` (offsets in the line; false only when it surely does not) */
  mayHaveObjectFrom(from: number, to: number): boolean {
    const inHead = this.head.indexOf(OBJECT_START, from);
    if (inHead !== -1) return inHead < to;
    if (from >= this.head.length && this.objectAfterHead !== -1 && this.objectAfterHead < from) return true; // not known
    return this.objectAfterHead !== -1 && this.objectAfterHead < to;
  }

  /** the bytes from `from` to `to` of the line (default: all); throws when the file no longer holds them */
  bytes(from = 0, to = this.length): Buffer {
    if (to <= this.head.length) return this.head.subarray(from, to);
    const tailStart = this.length - this.tail.length;
    if (from >= tailStart) return this.tail.subarray(from - tailStart, to - tailStart);
    return readRange(this.#file, this.position + from, to - from);
  }
}

/** A big file read in pieces: the small lines' bytes and a big line's head in its place, and the big lines. */
export interface PiecewiseFile {
  /** the file with each big line cut to its head (line numbers are the file's) */
  buffer: Buffer;
  /** big lines by 1-based line number */
  inFile: Map<number, FileLine>;
  /** bytes of the file up to and including its last newline */
  completeBytes: number;
  /** lines over the limit, skipped */
  warnings: SessionWarning[];
}

/** Reads the open file `fd` (identified by `file`) in pieces; lines over `maxLineBytes` are left out with a warning. */
export function readInPieces(fd: number, file: FileIdentity, maxLineBytes: number): PiecewiseFile {
  const piece = Buffer.allocUnsafeSlow(PIECE_BYTES);
  // what is kept goes into two buffers as big as it could ever need: memory is touched only where written
  const kept = new Arena(file.size);
  const tails = new Arena((Math.floor(file.size / FILE_LINE_BYTES) + 1) * TAIL_BYTES);
  const inFile = new Map<number, FileLine>();
  const warnings: SessionWarning[] = [];
  let position = 0;
  let line = 1;
  // the line that runs on from an earlier piece: where it starts, its length so far, where its bytes went in `kept`
  let carried: { start: number; length: number; keptAt: number; small: boolean; object: number; lastByte: number } | undefined;
  let completeBytes = 0;

  const endLine = (start: number, length: number, head: Buffer, tail: Buffer | undefined, terminated: boolean, object: number): void => {
    if (length > maxLineBytes) {
      warnings.push(warning("line_too_long", file.path, line, `line of ${length} bytes exceeds ${maxLineBytes}; skipped`));
      kept.used = head.byteOffset - kept.buffer.byteOffset;
      return;
    }
    const end = tail ?? readRange(file, start + length - TAIL_BYTES, TAIL_BYTES);
    inFile.set(line, new FileLine(file, start, length, head, end, terminated, object));
  };
  const endCarried = (terminated: boolean): void => {
    const { start, length, keptAt, small, object } = carried!;
    if (!small) endLine(start, length, kept.buffer.subarray(keptAt, keptAt + HEAD_BYTES), undefined, terminated, object);
    carried = undefined;
  };

  while (position < file.size) {
    const filled = readSync(fd, piece, 0, Math.min(PIECE_BYTES, file.size - position), position);
    if (filled === 0) break;
    const bytes = piece.subarray(0, filled);
    let at = 0;
    let keepFrom = 0;
    while (at < filled) {
      const newline = bytes.indexOf(NEWLINE, at);
      const end = newline === -1 ? filled : newline;
      if (carried) {
        if (carried.object === -1) carried.object = objectStartIn(bytes, 0, end, carried.length, carried.lastByte);
        carried.length += end;
        if (end > 0) carried.lastByte = bytes[end - 1]!;
        if (carried.small) {
          kept.add(bytes.subarray(0, end));
          if (carried.length >= FILE_LINE_BYTES) {
            carried.small = false;
            kept.used = carried.keptAt + HEAD_BYTES;
          }
        }
        if (newline === -1) break;
        endCarried(true);
        keepFrom = end;
      } else if (newline === -1) {
        kept.add(bytes.subarray(keepFrom, at));
        keepFrom = filled;
        const small = end - at < FILE_LINE_BYTES;
        carried = { start: position + at, length: end - at, keptAt: kept.used, small, object: objectStartIn(bytes, at, end, 0, -1), lastByte: bytes[end - 1]! };
        kept.add(bytes.subarray(at, small ? end : at + HEAD_BYTES));
        break;
      } else if (end - at >= FILE_LINE_BYTES) {
        kept.add(bytes.subarray(keepFrom, at));
        const head = kept.add(bytes.subarray(at, at + HEAD_BYTES));
        const tail = tails.add(bytes.subarray(end - TAIL_BYTES, end));
        endLine(position + at, end - at, head, tail, true, objectStartIn(bytes, at, end, 0, -1));
        keepFrom = end;
      }
      completeBytes = position + end + 1;
      line++;
      at = end + 1;
    }
    kept.add(bytes.subarray(keepFrom, filled));
    position += filled;
  }
  if (carried) endCarried(false);
  return { buffer: kept.buffer.subarray(0, kept.used), inFile, completeBytes, warnings };
}

/** Bytes copied one after another into one buffer, each handed back as a view of its place there. */
class Arena {
  readonly buffer: Buffer;
  used = 0;

  constructor(capacity: number) {
    this.buffer = Buffer.allocUnsafeSlow(capacity);
  }

  add(bytes: Buffer): Buffer {
    const at = this.used;
    this.used += bytes.copy(this.buffer, at);
    return this.buffer.subarray(at, this.used);
  }
}

/**
 * Where in its line the first `{"` starting at or past HEAD_BYTES - 1 is, within the part of the line at
 * `from`..`to` of `bytes` (which starts at `offset` in the line; `previous` is the line's byte before it); -1: none.
 */
function objectStartIn(bytes: Buffer, from: number, to: number, offset: number, previous: number): number {
  const first = HEAD_BYTES - 1;
  if (previous === OPEN_BRACE && from < to && bytes[from] === QUOTE && offset - 1 >= first) return offset - 1;
  const searchFrom = from + Math.max(0, first - offset);
  if (searchFrom + 1 >= to) return -1;
  const found = bytes.indexOf(OBJECT_START, searchFrom);
  return found !== -1 && found + 1 < to ? offset + found - from : -1;
}

/** `length` bytes of the file from `position`, read now; throws when the file is another or shorter than it was. */
function readRange(file: FileIdentity, position: number, length: number): Buffer {
  const fd = openSync(file.path, "r");
  try {
    const now = fstatSync(fd);
    if (now.ino !== file.ino || now.dev !== file.dev || now.size < file.size) {
      throw new PithError("SESSION_READ_FAILED", `Session file ${file.path} was replaced or cut short since it was read`);
    }
    const buffer = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const read = readSync(fd, buffer, done, length - done, position + done);
      if (read === 0) throw new PithError("SESSION_READ_FAILED", `Session file ${file.path} ended early`);
      done += read;
    }
    return buffer;
  } finally {
    closeSync(fd);
  }
}
