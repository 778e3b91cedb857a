// A lock file beside the file it guards, so two pith processes never interleave a read-modify-write. The lock
// names its owner; a lock whose owner died, or that is older than `staleMs`, is taken over. pi locks the same
// path as a directory (proper-lockfile); such a lock is respected too, and taken over only when stale.
import { randomUUID } from "node:crypto";
import { link, mkdir, readFile, rename, rmdir, stat, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PithError } from "../../kernel/index.js";
import { processExists } from "../../lib/process/process-exists.js";

export interface FileLockOptions {
  signal?: AbortSignal;
  /** give up after this long; default 15 s */
  timeoutMs?: number;
  /** a lock older than this is abandoned; default 10 s (a settings write holds it for milliseconds) */
  staleMs?: number;
  /** pause between attempts; default 25 ms */
  retryMs?: number;
}

interface LockOwner {
  pid: number;
  host: string;
  token: string;
}

export async function withFileLock<T>(target: string, action: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const lockPath = `${target}.lock`;
  const owner: LockOwner = { pid: process.pid, host: hostname(), token: randomUUID() };
  const ownerText = JSON.stringify(owner);
  await acquire(lockPath, ownerText, options);
  try {
    return await action();
  } finally {
    await release(lockPath, ownerText);
  }
}

async function acquire(lockPath: string, ownerText: string, options: FileLockOptions): Promise<void> {
  const { signal, timeoutMs = 15_000, staleMs = 10_000, retryMs = 25 } = options;
  const deadline = Date.now() + timeoutMs;
  await mkdir(dirname(lockPath), { recursive: true });
  for (;;) {
    signal?.throwIfAborted();
    try {
      await writeFile(lockPath, ownerText, { flag: "wx" });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (await takeOverIfStale(lockPath, staleMs)) continue;
    if (Date.now() >= deadline) {
      const holder = parseOwner(await readFile(lockPath, "utf8").catch(() => ""));
      throw new PithError(
        "SETTINGS_LOCKED",
        `${lockPath} is held by ${holder ? `process ${holder.pid} on ${holder.host}` : "another process"}; ` +
          "if no pith or pi process is running, delete that lock file and try again",
      );
    }
    await sleep(retryMs, undefined, { signal });
  }
}

/** true when the lock is gone (or was taken aside) and acquiring may be retried at once */
async function takeOverIfStale(lockPath: string, staleMs: number): Promise<boolean> {
  let text: string;
  let modifiedAt: number;
  try {
    const stats = await stat(lockPath);
    if (stats.isDirectory()) return takeOverStaleDirectory(lockPath, stats.mtimeMs, staleMs);
    modifiedAt = stats.mtimeMs;
    text = await readFile(lockPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
  const owner = parseOwner(text);
  const ownerDied = owner !== undefined && owner.host === hostname() && !processExists(owner.pid);
  if (!ownerDied && Date.now() - modifiedAt < staleMs) return false;

  // Rename is atomic, so of several processes judging the same lock stale only one moves it. If what was moved
  // is not what was judged (a fresh lock replaced the stale one meanwhile), it is put back.
  const aside = `${lockPath}.${process.pid}.${randomUUID()}.stale`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
  const moved = await readFile(aside, "utf8").catch(() => text);
  if (moved !== text) await link(aside, lockPath).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
  return true;
}

async function takeOverStaleDirectory(lockPath: string, modifiedAt: number, staleMs: number): Promise<boolean> {
  if (Date.now() - modifiedAt < staleMs) return false;
  await rmdir(lockPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  return true;
}

async function release(lockPath: string, ownerText: string): Promise<void> {
  const current = await readFile(lockPath, "utf8").catch(() => undefined);
  // a lock taken over as stale belongs to someone else now
  if (current === ownerText) await unlink(lockPath).catch(() => undefined);
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return undefined;
    const { pid, host, token } = value as Record<string, unknown>;
    if (typeof pid === "number" && typeof host === "string" && typeof token === "string") return { pid, host, token };
  } catch {
    // a lock being written right now is empty for a moment
  }
  return undefined;
}
