// The persistence contract the session manager writes through. A store knows where sessions live and how
// their lines are kept; the manager owns the format (ids, tree, migration, context).
import type { ParsedRecord } from "../reading/jsonl-lines.js";
import type { FileEntry, SessionHeader, SessionInfo, SessionWarning } from "../format/types.js";

export interface StoredSession {
  /** the stored lines, parsed, in order (line numbers are 1-based) */
  records: readonly ParsedRecord[];
  /** lines the store could not parse */
  warnings: readonly SessionWarning[];
  /** nothing at all is stored there (a file of zero bytes) */
  empty?: boolean;
}

/** Exclusive write access to one stored session; `close` gives it up. */
export interface SessionWriter {
  readonly location: string;
  /** adds one line; when this returns the line survives a crash of the process */
  append(line: FileEntry): void;
  /**
   * Replaces all lines at once (after a format migration). The previous content stays available under the
   * returned backup location, named with `backupTag` (e.g. "v1").
   */
  replace(lines: readonly FileEntry[], backupTag: string): string;
  close(): void;
}

export interface StoreOptions {
  /** told about problems found later than loading: repairs before the first append, damaged lazy lines */
  onWarning?(warning: SessionWarning): void;
}

export interface ListQuery {
  /** sessions of this project; omitted with `all` */
  cwd?: string;
  /** every session the store knows */
  all?: boolean;
  /** read whole files where needed so every count is exact (slow on big folders; see docs/sessions.md) */
  exact?: boolean;
  signal?: AbortSignal;
}

export interface SessionStore {
  /** false for stores that end with the process (`--no-session`): the manager then reports no session file */
  readonly persistent: boolean;
  /** where a new session with this header goes; `near` is a location whose place (folder) to reuse */
  locate(header: SessionHeader, near?: string): string;
  /** undefined when nothing is stored there */
  read(location: string, options?: StoreOptions): StoredSession | undefined;
  /** creates the session with these lines (header first); throws if something is already stored there */
  create(location: string, lines: readonly FileEntry[], options?: StoreOptions): SessionWriter;
  /** exclusive access to an existing session; undefined when nothing is stored there; throws when another writer holds it */
  openWriter(location: string, options?: StoreOptions): SessionWriter | undefined;
  /** newest activity first */
  list(query: ListQuery): Promise<SessionInfo[]>;
}
