// What an export reads: a session's header, the entries of one branch, root first, and the tree of all its entries.
// Entries come one at a time, so a writer can let each go before the next is read.

/** A line of a session file as read: anything JSON; the renderers check every field they use. */
export type RawEntry = Record<string, unknown>;

/** An entry in the session's tree, as the export's navigation lists it. */
export interface TreeNode {
  id: string;
  parentId: string | null;
  /** what the entry is (`user`, `assistant`, `toolResult`, `compaction`, …); nodes without a label are not listed */
  kind: string;
  /** one line for the tree; undefined for entries the tree leaves out (settings, labels, hidden messages) */
  label?: string;
}

export interface BranchSource {
  /** the session header (`type: "session"`, id, timestamp, cwd) */
  header: RawEntry;
  /** the latest `session_info` name on the branch */
  name: string | undefined;
  /** the branch, root to leaf */
  entries(signal?: AbortSignal): AsyncIterable<RawEntry>;
  /** lines that could not be read, with file and line */
  warnings: readonly string[];
  /** the last entry of the branch */
  leafId: string | undefined;
  /** every entry of the session, in file order */
  tree: readonly TreeNode[];
  /** entries by id, in the order asked (for the other branches) */
  read(ids: readonly string[], signal?: AbortSignal): AsyncIterable<RawEntry>;
}

export function isRecord(value: unknown): value is RawEntry {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The branch ending at `leafId` (default: the last entry) among entries in file order; ids must be unique. */
export function branchOf<T extends { id: string; parentId: string | null }>(entries: readonly T[], leafId?: string | null): T[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const branch: T[] = [];
  let current = leafId === undefined ? entries.at(-1) : leafId === null ? undefined : byId.get(leafId);
  const seen = new Set<string>();
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    branch.push(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return branch.reverse();
}
