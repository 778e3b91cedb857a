// The session files of one folder as pi's SessionManager finds them without reading them whole: by the header on
// each file's first line (pi's `continueRecent` and `findById`).
import { closeSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { isHeader, type SessionHeader } from "../../../sessions/index.js";

/** pi reads at most this much of a file looking for its header line */
const HEADER_SCAN_BYTES = 1 << 20;

function headerOf(path: string): SessionHeader | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const bytes = Buffer.alloc(HEADER_SCAN_BYTES);
    const read = readSync(fd, bytes, 0, bytes.length, 0);
    const text = bytes.subarray(0, read).toString("utf8");
    const line = text.split("\n").find((candidate) => candidate.trim() !== "");
    const value: unknown = line === undefined ? undefined : JSON.parse(line);
    return isHeader(value) ? value : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

interface FoundSession {
  path: string;
  header: SessionHeader;
}

/** the `.jsonl` files of `dir` that start with a session header (of `cwd` only, when given) */
function sessionsIn(dir: string, cwd: string | undefined): FoundSession[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".jsonl"));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    const header = headerOf(path);
    return header && (cwd === undefined || header.cwd === cwd) ? [{ path, header }] : [];
  });
}

/** The session file of `dir` changed last, if any. */
export function newestSession(dir: string, cwd?: string): string | undefined {
  let newest: { path: string; changed: number } | undefined;
  for (const { path } of sessionsIn(dir, cwd)) {
    const changed = statSync(path).mtimeMs;
    if (!newest || changed > newest.changed) newest = { path, changed };
  }
  return newest?.path;
}

export function sessionWithId(dir: string, id: string, cwd?: string): string | undefined {
  return sessionsIn(dir, cwd).find((found) => found.header.id === id)?.path;
}
