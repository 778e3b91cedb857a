// pi writes auth.json and settings.json in place while it holds proper-lockfile's `<file>.lock` folder, so a read
// without the lock can catch such a write half done. A read that does not parse is tried again after a pause,
// and again while the lock is held (pi holds it for milliseconds), before the file counts as broken. The lock is
// looked at before each read as well as after: a read that began under the lock may have read the old half-written
// bytes just before pi finished and let go, and then one more read sees the finished file.
import { existsSync, realpathSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

const PAUSE_MS = 20;
const WAIT_MS = 1_000;

/** `read()`'s result; a SyntaxError it throws is thrown only when `path` still does not parse once pi is done. */
export function readSettled<T>(path: string, read: () => T, waitMs = WAIT_MS): T {
  const deadline = Date.now() + waitMs;
  for (let attempt = 1; ; attempt++) {
    const lockedBefore = lockHeld(path);
    try {
      return read();
    } catch (error) {
      const mayBeMidWrite = attempt === 1 || lockedBefore || lockHeld(path);
      if (!(error instanceof SyntaxError) || !mayBeMidWrite || Date.now() >= deadline) throw error;
      sleepSync(PAUSE_MS);
    }
  }
}

/**
 * The async form, for reads that report a problem instead of throwing: `read()` again while `looksMidWrite` says
 * its result may be pi's write half done (a syntax error: once, then while the lock is held; `lockedOnly`: only
 * while the lock is held, for results such as an empty file that are often real).
 */
export async function readSettledAsync<T>(path: string, read: () => Promise<T>, looksMidWrite: (result: T) => "yes" | "lockedOnly" | "no"): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    const lockedBefore = lockHeld(path);
    const result = await read();
    const verdict = looksMidWrite(result);
    const locked = () => lockedBefore || lockHeld(path);
    const again = verdict === "yes" ? attempt === 1 || locked() : verdict === "lockedOnly" && locked();
    if (!again || Date.now() >= deadline) return result;
    await sleep(PAUSE_MS);
  }
}

function lockHeld(path: string): boolean {
  let real = path;
  try {
    real = realpathSync(path);
  } catch {
    // gone meanwhile: the next read says so
  }
  return existsSync(`${real}.lock`) || existsSync(`${path}.lock`);
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
