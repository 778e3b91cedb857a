// The default store: pi-compatible JSONL files under `<agentDir>/sessions/--<cwd>--/` (or one flat folder).
import { closeSync, fstatSync, openSync, readFileSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { PithError, errorMessage } from "../../../kernel/index.js";
import { parseJsonlBuffer } from "../reading/jsonl-lines.js";
import { boundaryBefore, exactRecord, listSessionDirs } from "../listing/jsonl-listing.js";
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
}

export class JsonlSessionStore implements SessionStore {
  readonly persistent = true;
  readonly agentDir: string;
  readonly sessionDir: string | undefined;
  private readonly maxLineBytes: number | undefined;

  constructor(options: JsonlSessionStoreOptions = {}) {
    this.agentDir = options.agentDir ?? resolveAgentDir();
    this.sessionDir = options.sessionDir;
    this.maxLineBytes = options.maxLineBytes;
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
    let buffer: Buffer;
    let mtimeMs: number;
    try {
      const fd = openSync(location, "r");
      try {
        mtimeMs = fstatSync(fd).mtimeMs;
        buffer = readFileSync(fd);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw new PithError("SESSION_READ_FAILED", `Could not read session file ${location}: ${errorMessage(error)}`, { cause: error });
    }
    const parsed = parseJsonlBuffer(buffer, location, { maxLineBytes: this.maxLineBytes, onWarning: options.onWarning });
    const first = parsed.records[0]?.value;
    if (isHeader(first)) {
      // the file was read whole anyway: let the next listing show exact figures without reading it
      const boundary = boundaryBefore(buffer, parsed.completeBytes);
      const { records, completeBytes } = parsed;
      const fileSize = buffer.length;
      rememberRecord(dirname(location), basename(location), () => {
        const record = exactRecord(first, records.map((r) => r.value), fileSize, mtimeMs, boundary);
        record.scannedTo = completeBytes;
        return record;
      });
    }
    return { records: parsed.records, warnings: parsed.warnings, empty: buffer.length === 0 };
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
