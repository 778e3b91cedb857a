// Crashes of the interactive UI, kept in `<agent dir>/crashes.json` as pi 1.6.0 keeps them: the newest five, each
// with time, version, kind, message, stack, session file and folder. The next start mentions the newest one not
// yet mentioned (once, and only within a week); `/bug` attaches them all and then removes the file.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { replaceFileSync } from "../../../lib/fs/replace-file.js";

export interface CrashRecord {
  /** ISO time */
  timestamp: string;
  version: string;
  /** how it ended: an error nothing caught, or a failure the UI could not go on after */
  kind: "uncaught_exception" | "fatal_error";
  message: string;
  stack: string | null;
  sessionFile: string | null;
  cwd: string;
  /** a start has mentioned it */
  notified?: boolean;
}

const KEPT = 5;
const MENTIONED_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

export function crashLogPath(agentDir: string): string {
  return join(agentDir, "crashes.json");
}

/** the records; a missing or unreadable file, or records of another shape, count as none */
export function readCrashLog(path: string): CrashRecord[] {
  try {
    const records: unknown = JSON.parse(readFileSync(path, "utf8"));
    if (!Array.isArray(records)) return [];
    return records.filter((record): record is CrashRecord => typeof record === "object" && record !== null && typeof record.timestamp === "string" && typeof record.message === "string");
  } catch {
    return [];
  }
}

function writeCrashLog(path: string, records: readonly CrashRecord[]): void {
  mkdirSync(dirname(path), { recursive: true });
  replaceFileSync(path, `${JSON.stringify(records, null, 2)}\n`);
}

/** Adds a record, synchronously (the process is going down); false when it could not be written. */
export function recordCrash(path: string, crash: Omit<CrashRecord, "timestamp" | "message" | "stack"> & { error: unknown }): boolean {
  const { error, ...where } = crash;
  const record: CrashRecord = {
    timestamp: new Date().toISOString(),
    version: where.version,
    kind: where.kind,
    message: error instanceof Error ? error.message || error.name : String(error),
    stack: error instanceof Error && error.stack ? error.stack : null,
    sessionFile: where.sessionFile,
    cwd: where.cwd,
  };
  try {
    writeCrashLog(path, [...readCrashLog(path), record].slice(-KEPT));
    return true;
  } catch {
    return false;
  }
}

/** the newest crash of the last week not mentioned yet; every record is marked mentioned */
export function takeUnmentionedCrash(path: string, now = Date.now()): CrashRecord | undefined {
  const records = readCrashLog(path);
  const crash = [...records].reverse().find((record) => !record.notified && now - Date.parse(record.timestamp) <= MENTIONED_WITHIN_MS);
  if (!crash) return undefined;
  try {
    writeCrashLog(path, records.map((record) => ({ ...record, notified: true })));
  } catch {
    // mentioned again next time: harmless
  }
  return crash;
}

export function clearCrashLog(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // attached again with the next report: harmless
  }
}
