// Appends session lines to a file: each line is one `write` on an O_APPEND descriptor, so a crash leaves at
// most one incomplete last line. Before the first append such a line is set aside in `<file>.torn` and cut
// off, so the file stays valid JSONL.
import {
  appendFileSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { PithError, errorMessage } from "../../../kernel/index.js";
import { FileLock } from "./file-lock.js";
import type { SessionWriter, StoreOptions } from "./store.js";
import { warning, type FileEntry } from "../format/types.js";

const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND;
const TAIL_CHUNK = 64 * 1024;

export class JsonlWriter implements SessionWriter {
  private closed = false;
  /** set when the end of the file may not be a complete line (opened an existing file, or a write failed) */
  private checkTail: boolean;

  private constructor(
    readonly location: string,
    private fd: number,
    private readonly lock: FileLock,
    checkTail: boolean,
    private readonly options: StoreOptions,
  ) {
    this.checkTail = checkTail;
  }

  static create(location: string, lines: readonly FileEntry[], options: StoreOptions = {}): JsonlWriter {
    mkdirSync(dirname(location), { recursive: true });
    const lock = FileLock.acquire(location);
    let fd: number;
    try {
      fd = openSync(location, APPEND_FLAGS | constants.O_CREAT | constants.O_EXCL, 0o644);
    } catch (error) {
      lock.release();
      if ((error as NodeJS.ErrnoException).code === "EEXIST") {
        throw new PithError("SESSION_EXISTS", `Session file ${location} already exists; a new session needs a new file.`);
      }
      throw writeError(location, error);
    }
    const writer = new JsonlWriter(location, fd, lock, false, options);
    writer.write(lines.map(serialize).join(""));
    return writer;
  }

  static open(location: string, options: StoreOptions = {}): JsonlWriter | undefined {
    if (!existsSync(location)) return undefined;
    const lock = FileLock.acquire(location);
    try {
      return new JsonlWriter(location, openSync(location, APPEND_FLAGS), lock, true, options);
    } catch (error) {
      lock.release();
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw writeError(location, error);
    }
  }

  append(line: FileEntry): void {
    this.ensureOpen();
    if (this.checkTail) this.repairTail();
    this.write(serialize(line));
  }

  replace(lines: readonly FileEntry[], backupTag: string): string {
    this.ensureOpen();
    const backup = freeName(`${this.location}.${backupTag}.bak`);
    const temporary = `${this.location}.rewrite-${process.pid}`;
    try {
      copyFileSync(this.location, backup, constants.COPYFILE_EXCL);
      writeFileSync(temporary, lines.map(serialize).join(""));
      const fd = openSync(temporary, "r");
      fsyncSync(fd);
      closeSync(fd);
      renameSync(temporary, this.location);
    } catch (error) {
      throw writeError(this.location, error);
    }
    closeSync(this.fd);
    this.fd = openSync(this.location, APPEND_FLAGS);
    this.checkTail = false;
    return backup;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      closeSync(this.fd);
    } finally {
      this.lock.release();
    }
  }

  private write(text: string): void {
    const data = Buffer.from(text, "utf8");
    try {
      let offset = 0;
      // one write; the loop only continues after a short write (a full disk), which the next append repairs
      while (offset < data.length) offset += writeSync(this.fd, data, offset, data.length - offset);
    } catch (error) {
      this.checkTail = true;
      throw writeError(this.location, error);
    }
  }

  private ensureOpen(): void {
    if (this.closed) throw new PithError("SESSION_CLOSED", `Session file ${this.location} was closed; open it again to write.`);
  }

  private repairTail(): void {
    this.checkTail = false;
    const size = fstatSync(this.fd).size;
    if (size === 0) return;
    const readFd = openSync(this.location, "r");
    try {
      const lineStart = lastLineStart(readFd, size);
      if (lineStart === size) return;
      const tail = Buffer.alloc(size - lineStart);
      readSync(readFd, tail, 0, tail.length, lineStart);
      if (isCompleteJson(tail)) {
        this.write("\n"); // a complete last line that only lacks its newline (edited by hand)
        return;
      }
      appendFileSync(`${this.location}.torn`, Buffer.concat([tail, Buffer.from("\n")]));
      ftruncateSync(this.fd, lineStart);
      this.options.onWarning?.(
        warning(
          "repaired",
          this.location,
          undefined,
          `cut off an incomplete last line of ${tail.length} bytes; its bytes are kept in ${this.location}.torn`,
        ),
      );
    } finally {
      closeSync(readFd);
    }
  }
}

function serialize(line: FileEntry): string {
  return `${JSON.stringify(line)}\n`;
}

/** offset just past the last newline (0 when there is none) */
function lastLineStart(fd: number, size: number): number {
  const chunk = Buffer.alloc(Math.min(TAIL_CHUNK, size));
  let end = size;
  while (end > 0) {
    const start = Math.max(0, end - chunk.length);
    const length = end - start;
    readSync(fd, chunk, 0, length, start);
    const newline = chunk.subarray(0, length).lastIndexOf(0x0a);
    if (newline !== -1) return start + newline + 1;
    end = start;
  }
  return 0;
}

function isCompleteJson(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}

function freeName(path: string): string {
  if (!existsSync(path)) return path;
  for (let n = 1; ; n++) if (!existsSync(`${path}.${n}`)) return `${path}.${n}`;
}

function writeError(location: string, error: unknown): PithError {
  return new PithError("SESSION_WRITE_FAILED", `Could not write session file ${location}: ${errorMessage(error)}`, { cause: error });
}
