// The same lock as ./file-lock.ts, taken and released at once, for pi's synchronous APIs that extensions call
// (pi's `ProjectTrustStore`, whose every read and write holds `trust.json.lock`). A held lock is waited for in short
// blocking pauses, as pi does, up to `timeoutMs`.
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { PithError } from "../../kernel/index.js";
import type { FileLockOptions } from "./file-lock.js";

const requireHere = createRequire(import.meta.url);
const PAUSE_MS = 20;

type LockSync = (file: string, options: { realpath: boolean; stale: number; onCompromised: () => void }) => () => void;

/** Runs `action` while holding `target`'s lock (`<target>.lock`); `target`'s folder is made when missing. */
export function withFileLockSync<T>(target: string, action: () => T, options: Pick<FileLockOptions, "timeoutMs" | "staleMs" | "lockedCode"> = {}): T {
  const { timeoutMs = 15_000, staleMs = 10_000, lockedCode = "FILE_LOCKED" } = options;
  const { lockSync } = requireHere("proper-lockfile") as { lockSync: LockSync };
  const file = resolve(target);
  mkdirSync(dirname(file), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  let release: () => void;
  for (;;) {
    try {
      release = lockSync(file, { realpath: false, stale: staleMs, onCompromised: () => undefined });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
      if (Date.now() >= deadline) {
        throw new PithError(lockedCode, `${file}.lock is held by another process; if no pith or pi process is running, delete it and try again`);
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, PAUSE_MS);
    }
  }
  try {
    return action();
  } finally {
    try {
      release();
    } catch (error) {
      // compromised (taken over as stale while held): it is someone else's lock now
      if ((error as NodeJS.ErrnoException).code !== "ERELEASED") throw error;
    }
  }
}
