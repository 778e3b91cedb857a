// The git branch of a folder, read from .git/HEAD (no git process): undefined outside a repository and on a
// detached HEAD. The footer shows it, so a checkout in another terminal must show at once: HEAD's folder is
// watched (git replaces HEAD by renaming a new file over it, which a watch on the file itself would miss).
import { readFileSync, watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";
import { findRepositoryPaths } from "../../../lib/git/repository-paths.js";

export interface BranchWatch {
  /** the branch now (read once, then kept current by the watch) */
  branch(): string | undefined;
  /** `listener` is called after the branch changed; the returned function removes it */
  onChange(listener: () => void): () => void;
  close(): void;
}

export function watchGitBranch(cwd: string): BranchWatch {
  const head = findHead(cwd);
  let current = head ? branchIn(head) : undefined;
  const listeners = new Set<() => void>();
  let watcher: FSWatcher | undefined;
  if (head) {
    try {
      watcher = watch(dirname(head), { persistent: false }, (_event, file) => {
        if (file !== null && file !== basename(head)) return;
        const next = branchIn(head);
        if (next === current) return;
        current = next;
        for (const listener of listeners) listener();
      });
      // a folder that cannot be watched (gone, too many watches) only loses the live update
      watcher.on("error", () => watcher?.close());
    } catch {
      watcher = undefined;
    }
  }
  return {
    branch: () => current,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      watcher?.close();
      listeners.clear();
    },
  };
}

function branchIn(head: string): string | undefined {
  const match = /^ref: refs\/heads\/(.+)$/m.exec(readOptional(head) ?? "");
  return match?.[1]?.trim();
}

/** the HEAD file of the repository `cwd` is in */
function findHead(cwd: string): string | undefined {
  return findRepositoryPaths(cwd)?.headPath;
}

function readOptional(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
