// pi writes auth.json and settings.json in place while it holds proper-lockfile's `<file>.lock` folder, so a read
// without the lock can catch such a write half done. A read that does not parse is tried again after a pause,
// and again while the lock is held (pi holds it for milliseconds), before the file counts as broken.
import { existsSync, realpathSync } from "node:fs";

const PAUSE_MS = 20;

/** `read()`'s result; a SyntaxError it throws is thrown only when `path` still does not parse once pi is done. */
export function readSettled<T>(path: string, read: () => T, waitMs = 1_000): T {
  const deadline = Date.now() + waitMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return read();
    } catch (error) {
      const mayBeMidWrite = attempt === 1 || lockHeld(path);
      if (!(error instanceof SyntaxError) || !mayBeMidWrite || Date.now() >= deadline) throw error;
      sleepSync(PAUSE_MS);
    }
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
