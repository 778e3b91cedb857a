// Sessions kept in memory only (`--no-session`). Lines are stored serialized, so what a reader gets back is
// exactly what a file would hold.
import { PithError } from "../../../kernel/index.js";
import { isHeader } from "../reading/load-entries.js";
import { addLine, emptyStats, toSessionInfo } from "../listing/session-stats.js";
import type { ListQuery, SessionStore, SessionWriter, StoredSession } from "./store.js";
import type { FileEntry, SessionHeader, SessionInfo } from "../format/types.js";

interface MemorySession {
  lines: string[];
  changed: Date;
  writing: boolean;
}

export class MemorySessionStore implements SessionStore {
  readonly persistent = false;
  private readonly sessions = new Map<string, MemorySession>();
  /** originals kept by migrations; readable, never listed */
  private readonly backups = new Map<string, string[]>();

  locate(header: SessionHeader): string {
    return `memory:${header.id}`;
  }

  read(location: string): StoredSession | undefined {
    const lines = this.sessions.get(location)?.lines ?? this.backups.get(location);
    if (!lines) return undefined;
    return { records: lines.map((line, i) => ({ line: i + 1, value: JSON.parse(line) as unknown })), warnings: [] };
  }

  create(location: string, lines: readonly FileEntry[]): SessionWriter {
    if (this.sessions.has(location)) {
      throw new PithError("SESSION_EXISTS", `Session ${location} already exists; a new session needs a new location.`);
    }
    const session: MemorySession = { lines: lines.map((line) => JSON.stringify(line)), changed: new Date(), writing: false };
    this.sessions.set(location, session);
    return this.writerFor(location, session);
  }

  openWriter(location: string): SessionWriter | undefined {
    const session = this.sessions.get(location);
    return session ? this.writerFor(location, session) : undefined;
  }

  async list(query: ListQuery): Promise<SessionInfo[]> {
    const infos: SessionInfo[] = [];
    for (const [location, session] of this.sessions) {
      query.signal?.throwIfAborted();
      const values = session.lines.map((line) => JSON.parse(line) as unknown);
      const header = values[0];
      if (!isHeader(header) || (!query.all && header.cwd !== query.cwd)) continue;
      const stats = emptyStats();
      for (const value of values.slice(1)) addLine(stats, value);
      infos.push(toSessionInfo(location, header, stats, session.changed, true));
    }
    return infos.sort((a, b) => b.modified.getTime() - a.modified.getTime());
  }

  private writerFor(location: string, session: MemorySession): SessionWriter {
    if (session.writing) throw new PithError("SESSION_LOCKED", `Session ${location} is already open for writing in this process.`);
    session.writing = true;
    let open = true;
    const backups = this.backups;
    return {
      location,
      append(line) {
        if (!open) throw new PithError("SESSION_CLOSED", `Session ${location} was closed; open it again to write.`);
        session.lines.push(JSON.stringify(line));
        session.changed = new Date();
      },
      replace(lines, backupTag) {
        const backup = `${location}.${backupTag}.bak`;
        backups.set(backup, session.lines);
        session.lines = lines.map((line) => JSON.stringify(line));
        return backup;
      },
      close() {
        if (!open) return;
        open = false;
        session.writing = false;
      },
    };
  }
}
