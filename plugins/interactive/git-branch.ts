// The git branch of a folder, read from .git/HEAD (no git process): undefined outside a repository and on a
// detached HEAD.
import { readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export function gitBranch(cwd: string): string | undefined {
  for (let folder = cwd; ; folder = dirname(folder)) {
    const head = headFile(join(folder, ".git"));
    if (head) {
      const match = /^ref: refs\/heads\/(.+)$/m.exec(readOptional(head) ?? "");
      return match?.[1]?.trim();
    }
    if (dirname(folder) === folder) return undefined;
  }
}

function headFile(gitPath: string): string | undefined {
  try {
    // most folders have no .git: no exception (and its stack trace) for each of them
    const stat = statSync(gitPath, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (stat.isDirectory()) return join(gitPath, "HEAD");
    // a worktree or submodule: ".git" is a file naming the real folder
    const match = /^gitdir: (.+)$/m.exec(readFileSync(gitPath, "utf8"));
    return match ? join(resolve(dirname(gitPath), match[1]!.trim()), "HEAD") : undefined;
  } catch {
    return undefined;
  }
}

function readOptional(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
