// Reads the part of a text file that read's paging and truncation can show, in bounded memory: a 2 GB log
// or a file that grows while it is read costs one chunk of memory, and an abort stops the reading.
import type { FileHandle } from "node:fs/promises";
import { throwIfAborted } from "../abort.js";

const CHUNK_BYTES = 1024 * 1024;

export interface WindowRequest {
  /** 0-based index of the first line wanted */
  startIndex: number;
  /** lines wanted from startIndex on; undefined for all */
  limit: number | undefined;
  /** enough of the wanted lines for truncation to decide: stop keeping text past either bound */
  keepLines: number;
  keepBytes: number;
  /** bytes read at a time; tests make it small to put chunk edges inside lines and characters */
  chunkBytes?: number;
}

export interface FileWindow {
  /** lines in the whole file, as `text.split("\n").length` counts them */
  totalLines: number;
  /** the wanted lines, cut after keepLines + 1 lines or once past keepBytes (a line kept last may be cut too) */
  kept: string;
  /** UTF-8 bytes of all wanted lines joined with "\n" */
  wantedBytes: number;
  /** UTF-8 bytes of the first wanted line */
  firstLineBytes: number;
}

/**
 * Decodes `handle` from byte `start` (after any BOM the caller skipped) chunk by chunk and keeps only what
 * `request` needs. `head` is the already read beginning of the file, reused instead of read again.
 */
export async function readFileWindow(
  handle: FileHandle,
  encoding: "utf-8" | "utf-16le",
  head: Buffer,
  request: WindowRequest,
  signal: AbortSignal | undefined,
): Promise<FileWindow> {
  const decoder = new TextDecoder(encoding);
  const endIndex = request.limit === undefined ? Infinity : request.startIndex + request.limit;
  const keptParts: string[] = [];
  let keptChars = 0;
  let keptLines = 0;
  let keeping = true;
  let lineIndex = 0;
  let wantedBytes = 0;
  let firstLineBytes = 0;

  let lineStarted = false;
  const take = (piece: string, endsLine: boolean) => {
    if (lineIndex >= request.startIndex && lineIndex < endIndex) {
      if (!lineStarted && lineIndex > request.startIndex) {
        wantedBytes += 1;
        if (keeping) {
          keptParts.push("\n");
          keptChars += 1;
        }
      }
      const bytes = Buffer.byteLength(piece, "utf-8");
      wantedBytes += bytes;
      if (lineIndex === request.startIndex) firstLineBytes += bytes;
      if (keeping) {
        // a character is at least one byte: keepBytes + 1 characters prove the byte limit is passed
        const room = request.keepBytes + 1 - keptChars;
        const kept = piece.length > room ? piece.slice(0, room) : piece;
        keptParts.push(kept);
        keptChars += kept.length;
        if (endsLine) keptLines++;
        if (keptLines > request.keepLines || keptChars > request.keepBytes) keeping = false;
      }
    }
    lineStarted = !endsLine;
    if (endsLine) lineIndex++;
  };
  const feed = (text: string) => {
    let from = 0;
    for (let newline = text.indexOf("\n"); newline !== -1; newline = text.indexOf("\n", from)) {
      take(text.slice(from, newline), true);
      from = newline + 1;
    }
    if (from < text.length) take(text.slice(from), false);
  };

  feed(decoder.decode(head, { stream: true }));
  const chunkBytes = request.chunkBytes ?? CHUNK_BYTES;
  const buffer = Buffer.allocUnsafe(chunkBytes);
  for (;;) {
    throwIfAborted(signal);
    const { bytesRead } = await handle.read(buffer, 0, chunkBytes, null);
    if (bytesRead === 0) break;
    feed(decoder.decode(buffer.subarray(0, bytesRead), { stream: true }));
  }
  feed(decoder.decode());
  take("", false); // the last line: empty after a final newline, and still one of split("\n")'s lines

  return { totalLines: lineIndex + 1, kept: keptParts.join(""), wantedBytes, firstLineBytes };
}
