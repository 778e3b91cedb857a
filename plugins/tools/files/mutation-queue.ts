// Serializes writes to one file: edit/write calls on the same file run one at a time in call order, while
// calls on other files (and all reads) stay parallel. pi added the same queue in 0.61.
import { realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

const tails = new Map<string, Promise<void>>();

/**
 * The realpath of the file, or for a file that does not exist yet the realpath of its nearest existing
 * ancestor joined with the rest, so a file reached through a symlinked folder gets one key before and
 * after it is created.
 */
function queueKey(path: string): string {
  const resolved = resolve(path);
  const missing: string[] = [];
  let current = resolved;
  for (;;) {
    try {
      return join(realpathSync.native(current), ...missing.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return resolved;
      missing.push(basename(current));
      current = parent;
    }
  }
}

export async function withFileMutationQueue<T>(absolutePath: string, operation: () => Promise<T>): Promise<T> {
  const key = queueKey(absolutePath);
  const previous = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const done = new Promise<void>((resolveDone) => {
    release = resolveDone;
  });
  const tail = previous.then(() => done);
  tails.set(key, tail);
  await previous;
  try {
    return await operation();
  } finally {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  }
}
