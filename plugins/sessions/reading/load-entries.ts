// Turns the parsed lines of a stored session into a header and checked entries. Every problem becomes a
// warning with its line number; loading itself never throws.
import { EntryIndex } from "../tree/entry-index.js";
import type { ParsedRecord } from "./jsonl-lines.js";
import { isLazyMessageEntry, messageRole } from "./lazy-entry.js";
import { migrateLines } from "../format/migrate.js";
import { repairMessageContent, repairUsage } from "../format/repair-content.js";
import {
  CURRENT_SESSION_VERSION,
  ENTRY_TYPES,
  warning,
  type SessionEntry,
  type SessionHeader,
  type SessionWarning,
} from "../format/types.js";

export interface LoadedSession {
  header: SessionHeader;
  entries: SessionEntry[];
  /** the entries' tree (its `entries` are `entries`) */
  index: EntryIndex;
  warnings: SessionWarning[];
  /** set when the stored lines were older than version 3 and were upgraded in memory */
  migratedFrom?: number;
}

export type LoadResult =
  | { ok: true; session: LoadedSession }
  /** the first line is not a usable header: the file must be left exactly as it is */
  | { ok: false; warnings: SessionWarning[] };

type Line = Record<string, unknown>;

export function isHeader(value: unknown): value is SessionHeader {
  return isObject(value) && value.type === "session" && typeof value.id === "string";
}

export function loadSessionRecords(
  records: readonly ParsedRecord[],
  location: string,
  parseWarnings: readonly SessionWarning[] = [],
): LoadResult {
  const warnings = [...parseWarnings];
  const first = records[0];
  const brokenBeforeFirst = parseWarnings.some((w) => w.line !== undefined && (first === undefined || w.line < first.line));
  if (!first || brokenBeforeFirst || !isHeader(first.value)) {
    warnings.push(
      warning("bad_header", location, first?.line ?? 1, "the first line is not a session header; the file is left untouched"),
    );
    return { ok: false, warnings };
  }

  const header = first.value;
  const version = typeof header.version === "number" ? header.version : 1;
  let body = records;
  let migratedFrom: number | undefined;
  if (version < CURRENT_SESSION_VERSION) {
    body = objectRecords(records, location, warnings);
    migratedFrom = migrateLines(body.map((record) => record.value as Line));
  } else if (version > CURRENT_SESSION_VERSION) {
    warnings.push(
      warning("newer_version", location, first.line, `written by a newer format (version ${version}); unknown parts are kept as they are`),
    );
  }

  const index = checkEntries(body, location, warnings);
  return { ok: true, session: { header, entries: index.entries, index, warnings, migratedFrom } };
}

/** The header and the lines that are objects (what a migration can upgrade), each other line a warning. */
function objectRecords(records: readonly ParsedRecord[], location: string, warnings: SessionWarning[]): ParsedRecord[] {
  const kept = [records[0]!];
  for (let i = 1; i < records.length; i++) {
    if (isObject(records[i]!.value)) kept.push(records[i]!);
    else warnings.push(warning("not_an_object", location, records[i]!.line, "not a JSON object; line skipped"));
  }
  return kept;
}

/**
 * Checks the entries after the header in one pass, building their tree as it goes (a resume's every entry passes
 * here once). Each problem becomes a warning with its line number.
 */
function checkEntries(records: readonly ParsedRecord[], location: string, warnings: SessionWarning[]): EntryIndex {
  // where each id first appears: only a damaged file asks, so it is gathered then
  let allIds: Map<string, number> | undefined;
  const lineOf = (id: string): number | undefined => {
    if (!allIds) {
      allIds = new Map();
      for (let i = 1; i < records.length; i++) {
        const value = records[i]!.value;
        const seenId = isObject(value) ? value.id : undefined;
        if (typeof seenId === "string" && !allIds.has(seenId)) allIds.set(seenId, records[i]!.line);
      }
    }
    return allIds.get(id);
  };

  const index = new EntryIndex();
  /** per position in the index, the entry's line */
  const lines: number[] = [];
  for (let i = 1; i < records.length; i++) {
    const { value: entry, line } = records[i]!;
    if (!isObject(entry)) {
      warnings.push(warning("not_an_object", location, line, "not a JSON object; line skipped"));
      continue;
    }
    const problem = shapeProblem(entry);
    if (problem) {
      warnings.push(warning(problem.code, location, line, `${problem.text}; line skipped`));
      continue;
    }
    const repaired = repairEntry(entry);
    if (repaired) warnings.push(warning("malformed_content", location, line, `${repaired}; repaired`));
    const id = entry.id as string;
    const firstAt = index.positionOf(id);
    if (firstAt !== undefined) {
      warnings.push(warning("duplicate_id", location, line, `id ${id} was already used on line ${lines[firstAt]}; line skipped`));
      continue;
    }
    if (!ENTRY_TYPES.has(entry.type as string)) {
      warnings.push(warning("unknown_type", location, line, `unknown entry type "${String(entry.type)}"; kept, but ignored for the context`));
    }
    const parentId = entry.parentId;
    if (typeof parentId === "string" && !index.has(parentId)) {
      const parentLine = lineOf(parentId);
      warnings.push(
        parentLine === undefined
          ? warning("unknown_parent", location, line, `parent ${parentId} does not exist; the entry is treated as a root`)
          : warning(
              "forward_parent",
              location,
              line,
              `parent ${parentId} comes later (line ${parentLine}), which would make a cycle; the entry is treated as a root`,
            ),
      );
    }
    index.add(entry as unknown as SessionEntry);
    lines.push(line);
  }
  return index;
}

function shapeProblem(entry: Line): { code: SessionWarning["code"]; text: string } | undefined {
  if (typeof entry.type !== "string") return { code: "malformed_entry", text: "entry has no type" };
  if (typeof entry.id !== "string" || entry.id === "") return { code: "missing_id", text: "entry has no id" };
  if (entry.parentId !== undefined && entry.parentId !== null && typeof entry.parentId !== "string") {
    return { code: "malformed_entry", text: "parentId is neither a string nor null" };
  }
  if (entry.type === "message" && typeof messageRole(entry) !== "string") {
    return { code: "malformed_entry", text: "message entry without a message role" };
  }
  if (entry.type === "label" && typeof entry.targetId !== "string") {
    return { code: "malformed_entry", text: "label entry without targetId" };
  }
  return undefined;
}

/**
 * A message entry's message, repaired when its content or usage has the wrong shape (a lazy entry repairs its own
 * when read); the usage of a usage entry or a summary.
 */
function repairEntry(entry: Line): string | undefined {
  if (entry.type === "usage") return repairUsage(entry, "the usage entry", true);
  if (entry.type === "compaction" || entry.type === "branch_summary") return repairUsage(entry, `the ${entry.type} entry`, false);
  if (entry.type !== "message" || isLazyMessageEntry(entry)) return undefined;
  return repairMessageContent(entry.message);
}

function isObject(value: unknown): value is Line {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
