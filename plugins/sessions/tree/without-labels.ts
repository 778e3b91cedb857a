// A path copied into a new session without its label entries (the copy writes the labels again at its end).
// Labels are entries of the tree, so an entry may hang from one: it then hangs from the entry before the label,
// and a compaction that kept from a label keeps from the entry after it (pi 1.6.0's fork).
import type { SessionEntry } from "../format/types.js";

export function withoutLabels(path: readonly SessionEntry[]): SessionEntry[] {
  const kept: SessionEntry[] = [];
  /** a removed label's id -> the entry that took its place */
  const replacedBy = new Map<string, string>();
  const pending: string[] = [];
  let parentId: string | null = null;
  for (const entry of path) {
    if (entry.type === "label") {
      pending.push(entry.id);
      continue;
    }
    for (const label of pending) replacedBy.set(label, entry.id);
    pending.length = 0;
    let copy = entry.parentId === parentId ? entry : { ...entry, parentId };
    if (copy.type === "compaction" && replacedBy.has(copy.firstKeptEntryId)) copy = { ...copy, firstKeptEntryId: replacedBy.get(copy.firstKeptEntryId)! };
    kept.push(copy);
    parentId = entry.id;
  }
  return kept;
}
