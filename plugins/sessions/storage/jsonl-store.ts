// The default store: pi-compatible JSONL files under `<agentDir>/sessions/--<cwd>--/` (or one flat folder).
import { closeSync, fstatSync, openSync, readFileSync, readSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { PithError, errorMessage } from "../../../kernel/index.js";
import { DEFAULT_MAX_LINE_BYTES, isCurrentHeader, parseJsonlBuffer, parseJsonlPieces, type ParsedLines, type ParseOptions } from "../reading/jsonl-lines.js";
import { PIECEWISE_FILE_BYTES, readInPieces } from "../reading/file-pieces.js";
import { BOUNDARY_BYTES, boundaryBefore, exactRecord, listSessionDirs } from "../listing/jsonl-listing.js";
import { JsonlWriter } from "./jsonl-writer.js";
import { rememberRecord } from "../listing/listing-cache.js";
import { isHeader } from "../reading/load-entries.js";
import { defaultSessionDir, resolveAgentDir, sessionFileName, sessionsRoot } from "./paths.js";
import type { ListQuery, SessionStore, SessionWriter, StoredSession, StoreOptions } from "./store.js";
import type { FileEntry, SessionHeader, SessionInfo } from "../format/types.js";

export interface JsonlSessionStoreOptions {
  /** default: `$PI_CODING_AGENT_DIR` or `~/.pi/agent` */
  agentDir?: string;
  /** one flat folder for every project (`--session-dir`; see `resolveSessionDir`) */
  sessionDir?: string;
  /** longer lines are skipped with a warning (default 256 MiB) */
  maxLineBytes?: number;
  /** bigger files are read in pieces, their big lines left in the file until read (default 32 MiB) */
  piecewiseFileBytes?: number;
}

export class JsonlSessionStore implements SessionStore {
  readonly persistent = true;
  readonly agentDir: string;
  readonly sessionDir: string | undefined;
  private readonly maxLineBytes: number | undefined;
  private readonly piecewiseFileBytes: number;

  constructor(options: JsonlSessionStoreOptions = {}) {
    this.agentDir = options.agentDir ?? resolveAgentDir();
    this.sessionDir = options.sessionDir;
    this.maxLineBytes = options.maxLineBytes;
    this.piecewiseFileBytes = options.piecewiseFileBytes ?? PIECEWISE_FILE_BYTES;
  }

  /** the folder a project's sessions live in */
  dirFor(cwd: string): string {
    return this.sessionDir ?? defaultSessionDir(cwd, this.agentDir);
  }

  locate(header: SessionHeader, near?: string): string {
    const dir = near ? dirname(near) : this.dirFor(header.cwd);
    return join(dir, sessionFileName(header.timestamp, header.id));
  }

  read(location: string, options: StoreOptions = {}): StoredSession | undefined {
    let read: ReadFile;
    try {
      const fd = openSync(location, "r");
      try {
        read = readFile(fd, location, this.piecewiseFileBytes, { maxLineBytes: this.maxLineBytes, onWarning: options.onWarning });
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw new PithError("SESSION_READ_FAILED", `Could not read session file ${location}: ${errorMessage(error)}`, { cause: error });
    }
    const { parsed, fileSize, mtimeMs, boundary } = read;
    const first = parsed.records[0]?.value;
    if (isHeader(first)) {
      // the file was read whole anyway: let the next listing show exact figures without reading it
      const { records, completeBytes } = parsed;
      rememberRecord(dirname(location), basename(location), () => {
        const record = exactRecord(first, records.map((r) => r.value), fileSize, mtimeMs, boundary);
        record.scannedTo = completeBytes;
        return record;
      });
    }
    return { records: parsed.records, warnings: parsed.warnings, empty: fileSize === 0 };
  }

  create(location: string, lines: readonly FileEntry[], options?: StoreOptions): SessionWriter {
    return JsonlWriter.create(location, lines, options);
  }

  openWriter(location: string, options?: StoreOptions): SessionWriter | undefined {
    return JsonlWriter.open(location, options);
  }

  async list(query: ListQuery): Promise<SessionInfo[]> {
    const dirs = query.all ? this.allDirs() : [this.dirFor(query.cwd ?? process.cwd())];
    return listSessionDirs(dirs, { signal: query.signal, exact: query.exact });
  }

  /** every project folder under `<agentDir>/sessions`, plus the flat folder when one is set */
  private allDirs(): string[] {
    const root = sessionsRoot(this.agentDir);
    let dirs: string[] = [];
    try {
      dirs = readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(root, entry.name));
    } catch {
      // no sessions yet
    }
    if (this.sessionDir && !dirs.includes(this.sessionDir)) dirs.push(this.sessionDir);
    return dirs;
  }
}

interface ReadFile {
  parsed: ParsedLines;
  fileSize: number;
  mtimeMs: number;
  /** the listing cache's check of the content (boundaryBefore) */
  boundary: string;
}

/** The open file's lines: read whole, or in pieces when it is big and of the current version (file-pieces.ts). */
function readFile(fd: number, location: string, piecewiseFileBytes: number, options: ParseOptions): ReadFile {
  const stat = fstatSync(fd);
  let parsed: ParsedLines | undefined;
  let buffer: Buffer | undefined;
  if (stat.size > piecewiseFileBytes) {
    const file = readInPieces(fd, { path: location, dev: stat.dev, ino: stat.ino, size: stat.size }, options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
    parsed = parseJsonlPieces(file, location, options);
    // an older file is upgraded and rewritten: it is read whole, while it is still the file it was
    if (!isCurrentHeader(parsed.records[0]?.value)) parsed = undefined;
  }
  if (!parsed) {
    buffer = readFileSync(fd);
    parsed = parseJsonlBuffer(buffer, location, options);
  }
  const boundaryStart = Math.max(0, parsed.completeBytes - BOUNDARY_BYTES);
  const around = buffer ?? readAt(fd, boundaryStart, parsed.completeBytes - boundaryStart);
  const boundary = boundaryBefore(around, buffer ? parsed.completeBytes : around.length);
  return { parsed, fileSize: stat.size, mtimeMs: stat.mtimeMs, boundary };
}

function readAt(fd: number, position: number, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  const read = readSync(fd, bytes, 0, length, position);
  return bytes.subarray(0, read);
}
