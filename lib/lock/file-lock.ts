// The lock pi takes on a file it shares with pith (settings.json, trust.json, auth.json): proper-lockfile's folder
// `<file>.lock`, made with mkdir and kept fresh by its holder; one not refreshed for `staleMs` belongs to a process
// that died and is taken over. Both taking the same lock, pith and pi running side by side never undo each
// other's read-modify-write. proper-lockfile is loaded on the first write, never at start-up.
import { mkdir, realpath, stat, unlink } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PithError } from "../../kernel/index.js";
import type { ErrorCode } from "../errors/error-codes.js";
import { commonJsExports } from "../loading/commonjs-exports.js";

export interface FileLockOptions {
  signal?: AbortSignal;
  /** give up after this long; default 15 s */
  timeoutMs?: number;
  /** a lock its holder stopped refreshing this long ago is taken over; default 10 s (proper-lockfile's and pi's) */
  staleMs?: number;
  /** lock the file a symlink points to, as pi does for auth.json (the file must then exist) */
  resolveSymlinks?: boolean;
  /** the error code when the lock stays held past `timeoutMs`; default `FILE_LOCKED` */
  lockedCode?: ErrorCode;
}

const FIRST_PAUSE_MS = 10;
const LONGEST_PAUSE_MS = 200;

/** Runs `action` while holding `target`'s lock. */
export async function withFileLock<T>(target: string, action: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const release = await acquire(target, options);
  try {
    return await action();
  } finally {
    await release().catch((error: NodeJS.ErrnoException) => {
      // compromised (taken over as stale while held): it is someone else's lock now
      if (error.code !== "ERELEASED") throw error;
    });
  }
}

async function acquire(target: string, options: FileLockOptions): Promise<() => Promise<void>> {
  const { signal, timeoutMs = 15_000, staleMs = 10_000, resolveSymlinks = false, lockedCode = "FILE_LOCKED" } = options;
  const { lock } = commonJsExports(await import("proper-lockfile"));
  // the first write of a file may also be the first in its folder
  if (!resolveSymlinks) await mkdir(dirname(resolve(target)), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    signal?.throwIfAborted();
    try {
      // A compromised lock is noticed at release; proper-lockfile's default would throw from a timer instead.
      return await lock(target, { realpath: resolveSymlinks, stale: staleMs, retries: 0, onCompromised: () => undefined });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // a stale lock file (not folder), as earlier pith builds made: proper-lockfile's rmdir cannot remove it
      if (code === "ENOTDIR" && (await removeStaleLockFile(await lockPathOf(target, resolveSymlinks), staleMs))) continue;
      if (code !== "ELOCKED" && code !== "ENOTDIR") throw error;
    }
    if (Date.now() >= deadline) {
      const lockPath = await lockPathOf(target, resolveSymlinks);
      throw new PithError(
        lockedCode,
        `${lockPath} is held by another process; if no pith or pi process is running, delete it and try again`,
      );
    }
    // jittered, so two waiting processes do not retry in step
    await sleep(pause * (0.5 + Math.random()), undefined, { signal });
  }
}

async function lockPathOf(target: string, resolveSymlinks: boolean): Promise<string> {
  const file = resolveSymlinks ? await realpath(target).catch(() => resolve(target)) : resolve(target);
  return `${file}.lock`;
}

async function removeStaleLockFile(lockPath: string, staleMs: number): Promise<boolean> {
  const stats = await stat(lockPath).catch(() => undefined);
  if (!stats?.isFile() || Date.now() - stats.mtimeMs < staleMs) return false;
  await unlink(lockPath).catch(() => undefined);
  return true;
}
