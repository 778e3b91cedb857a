// pi 1.6.0's functions over session entries, as `@earendil-works/pi-coding-agent` serves them: a file's text into
// entries, older versions upgraded, and the context a branch of entries gives (pi's projection), all over the
// sessions plugin's format and context rules.
import { migrateLines } from "../../../sessions/format/migrate.js";
import type { FileEntry, SessionContext, SessionEntry, SessionHeader } from "../../../sessions/format/types.js";
import { contextEntries, entryContextMessages, sessionProjection, type SessionProjection } from "../../../sessions/tree/session-context.js";

/** pi's reading of a file's text: one JSON value a line, blank and malformed lines skipped, nothing checked. */
export function parseSessionEntries(content: string): FileEntry[] {
  const entries: FileEntry[] = [];
  for (const line of content.trim().split("\n")) {
    if (!line.trim()) continue;
    try {
      entries.push(JSON.parse(line) as FileEntry);
    } catch {
      // pi skips a line it cannot parse
    }
  }
  return entries;
}

/** Upgrades version 1 and 2 entries to version 3 in place (a missing header counts as version 1, as in pi). */
export function migrateSessionEntries(entries: FileEntry[]): void {
  const header = entries.find((entry): entry is SessionHeader => entry.type === "session");
  const lines = [header ?? {}, ...entries.filter((entry) => entry !== header)] as Record<string, unknown>[];
  migrateLines(lines);
}

export const sessionEntryToContextMessages = entryContextMessages;

/**
 * pi's path to a leaf: none for `null`, the last entry for an absent or unknown leaf; parents are looked up in
 * `byId` when given (pi's shortcut for callers that keep one).
 */
function branchTo(entries: readonly SessionEntry[], leafId?: string | null, byId?: ReadonlyMap<string, SessionEntry>): SessionEntry[] {
  if (leafId === null) return [];
  const index = byId ?? new Map(entries.map((entry) => [entry.id, entry]));
  const path: SessionEntry[] = [];
  const seen = new Set<string>();
  let entry: SessionEntry | undefined = (leafId ? index.get(leafId) : undefined) ?? entries[entries.length - 1];
  while (entry && !seen.has(entry.id)) {
    seen.add(entry.id);
    path.push(entry);
    entry = entry.parentId ? index.get(entry.parentId) : undefined;
  }
  return path.reverse();
}

export function buildContextEntries(entries: readonly SessionEntry[], leafId?: string | null, byId?: ReadonlyMap<string, SessionEntry>): SessionEntry[] {
  return contextEntries(branchTo(entries, leafId, byId));
}

export function buildSessionProjection(entries: readonly SessionEntry[], leafId?: string | null, byId?: ReadonlyMap<string, SessionEntry>): SessionProjection {
  return sessionProjection(branchTo(entries, leafId, byId));
}

/** pi 1.6.0's context: the projection's messages and the branch's settings */
export function buildSessionContext(entries: readonly SessionEntry[], leafId?: string | null, byId?: ReadonlyMap<string, SessionEntry>): SessionContext {
  const { messages, thinkingLevel, model } = buildSessionProjection(entries, leafId, byId);
  return { messages, thinkingLevel, model };
}
