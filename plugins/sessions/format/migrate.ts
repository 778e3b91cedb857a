// Upgrades the lines of a version 1 or 2 session to version 3, in place.
// v1 → v2: entries get ids and a parent chain in file order; a compaction's `firstKeptEntryIndex` (an index
// into the file's parsed lines, header included) becomes `firstKeptEntryId`.
// v2 → v3: the message role `hookMessage` is now `custom`.
import { newEntryId } from "./entry-id.js";
import { CURRENT_SESSION_VERSION } from "./types.js";

type Line = Record<string, unknown>;

/** Returns the version the lines had; lines[0] must be the header. */
export function migrateLines(lines: Line[]): number {
  const header = lines[0];
  const from = typeof header?.version === "number" ? header.version : 1;
  if (from >= CURRENT_SESSION_VERSION) return from;
  if (from < 2) addTreeIds(lines);
  if (from < 3) renameHookMessages(lines);
  lines[0]!.version = CURRENT_SESSION_VERSION;
  return from;
}

function addTreeIds(lines: Line[]): void {
  const taken = new Set<string>();
  let previous: string | null = null;
  for (let i = 1; i < lines.length; i++) {
    const entry = lines[i]!;
    const id = newEntryId(taken);
    taken.add(id);
    entry.id = id;
    entry.parentId = previous;
    previous = id;
  }
  for (const entry of lines) {
    if (entry.type !== "compaction" || typeof entry.firstKeptEntryIndex !== "number") continue;
    const target = lines[entry.firstKeptEntryIndex];
    if (target && target.type !== "session" && typeof target.id === "string") entry.firstKeptEntryId = target.id;
    delete entry.firstKeptEntryIndex;
  }
}

function renameHookMessages(lines: Line[]): void {
  for (const entry of lines) {
    if (entry.type !== "message") continue;
    const message = entry.message as Line | undefined;
    if (message && message.role === "hookMessage") message.role = "custom";
  }
}
