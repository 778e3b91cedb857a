// Session files as pi's SessionManager writes them for extensions: pi holds no lock on a file between writes, so
// an extension may open any session, the running one included, to read it. This store takes pith's lock for each
// write only; a write to a file another writer holds (the running session) fails with SESSION_LOCKED instead of
// mixing two writers' entries into one tree.
import { existsSync } from "node:fs";
import { PithError } from "../../../../kernel/index.js";
import type { JsonlSessionStore, ListQuery, SessionStore, SessionWriter, StoreOptions } from "../../../sessions/index.js";
import type { FileEntry, SessionHeader } from "../../../sessions/index.js";

export class SharedFileStore implements SessionStore {
  readonly persistent = true;

  constructor(private readonly files: JsonlSessionStore) {}

  locate(header: SessionHeader, near?: string): string {
    return this.files.locate(header, near);
  }

  read(location: string, options?: StoreOptions) {
    return this.files.read(location, options);
  }

  list(query: ListQuery) {
    return this.files.list(query);
  }

  create(location: string, lines: readonly FileEntry[], options?: StoreOptions): SessionWriter {
    this.files.create(location, lines, options).close();
    return this.writerFor(location, options);
  }

  openWriter(location: string, options?: StoreOptions): SessionWriter | undefined {
    return existsSync(location) ? this.writerFor(location, options) : undefined;
  }

  private writerFor(location: string, options: StoreOptions | undefined): SessionWriter {
    const withLock = <T>(write: (writer: SessionWriter) => T): T => {
      const writer = this.files.openWriter(location, options);
      if (!writer) throw new PithError("SESSION_NOT_FOUND", `Session file ${location} was removed; open or create the session again to write.`);
      try {
        return write(writer);
      } finally {
        writer.close();
      }
    };
    return {
      location,
      append: (line) => withLock((writer) => writer.append(line)),
      replace: (lines, backupTag) => withLock((writer) => writer.replace(lines, backupTag)),
      close: () => {},
    };
  }
}
