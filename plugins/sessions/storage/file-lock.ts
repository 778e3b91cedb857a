// One writer per session file: a `<file>.lock` created exclusively, naming the holder's pid and host.
// A lock whose process is gone (same host, pid not running) is stale and taken over.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { PithError } from "../../../kernel/index.js";
import { processExists } from "../../../lib/process/process-exists.js";

export interface LockHolder {
  pid: number;
  host: string;
  created: string;
}

/** a lock file still empty this long after creation belonged to a process that died while creating it */
const UNREADABLE_GRACE_MS = 2000;
const held = new Set<string>();
let exitHookInstalled = false;

function lockPathFor(target: string): string {
  return `${target}.lock`;
}

export class FileLock {
  private released = false;

  private constructor(readonly path: string) {}

  static acquire(target: string): FileLock {
    const path = lockPathFor(target);
    for (let attempt = 0; attempt < 3; attempt++) {
      if (tryCreate(path)) {
        held.add(path);
        installExitHook();
        return new FileLock(path);
      }
      const holder = readHolder(path);
      if (!isStale(path, holder)) throw lockedError(target, path, holder);
      removeQuietly(path);
    }
    throw lockedError(target, path, readHolder(path));
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    held.delete(this.path);
    removeQuietly(this.path);
  }
}

function readHolder(path: string): LockHolder | undefined {
  try {
    const value = JSON.parse(readFileSync(path, "utf8")) as Partial<LockHolder>;
    if (typeof value.pid !== "number" || typeof value.host !== "string") return undefined;
    return { pid: value.pid, host: value.host, created: String(value.created ?? "") };
  } catch {
    return undefined;
  }
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    const holder: LockHolder = { pid: process.pid, host: hostname(), created: new Date().toISOString() };
    writeSync(fd, JSON.stringify(holder));
  } finally {
    closeSync(fd);
  }
  return true;
}

function isStale(path: string, holder: LockHolder | undefined): boolean {
  if (!holder) {
    try {
      return Date.now() - statSync(path).mtimeMs > UNREADABLE_GRACE_MS;
    } catch {
      return true; // vanished meanwhile: try again
    }
  }
  if (holder.host !== hostname()) return false; // cannot see other machines' processes
  return !processExists(holder.pid);
}


function lockedError(target: string, path: string, holder: LockHolder | undefined): PithError {
  const who = holder ? `process ${holder.pid} on ${holder.host}` : "another process";
  return new PithError(
    "SESSION_LOCKED",
    `Session file ${target} is being written by ${who} (lock file ${path}). ` +
      "Close that session first; if that process no longer exists, delete the lock file.",
  );
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const path of held) removeQuietly(path);
  });
}
