// The path a resume's context is built from, found while the lines are read from the last one up: from the last
// entry to the root, or to the latest compaction's first kept entry (buildSessionContext's rule). The lines on it are
// parsed at once; a line off it is parsed only if something reads it.

interface PathEntry {
  id: string;
  type?: unknown;
  parentId?: unknown;
  firstKeptEntryId?: unknown;
}

export class ContextPath {
  private wanted: string | null | undefined;
  /** after the latest compaction on the path: the id it keeps from (null: it keeps nothing before itself) */
  private keptFrom: string | null | undefined;

  /** The id of the next entry up the path; undefined before the last entry is met, null once the context is whole. */
  next(): string | null | undefined {
    return this.wanted;
  }

  /** Whether `value` is the next entry up the path (any entry, while the last one is not met yet). */
  isNext(value: unknown): value is PathEntry {
    if (typeof value !== "object" || value === null) return false;
    const { id } = value as { id?: unknown };
    return typeof id === "string" && id !== "" && (this.wanted === undefined || id === this.wanted);
  }

  /** Takes the next entry up the path. */
  visit(entry: PathEntry): void {
    if (this.keptFrom === undefined && entry.type === "compaction") {
      this.keptFrom = typeof entry.firstKeptEntryId === "string" ? entry.firstKeptEntryId : null;
      if (this.keptFrom === null) return this.stop();
    } else if (this.keptFrom !== undefined && entry.id === this.keptFrom) {
      return this.stop();
    }
    this.wanted = typeof entry.parentId === "string" && entry.parentId !== entry.id ? entry.parentId : null;
  }

  private stop(): void {
    this.wanted = null;
  }
}
