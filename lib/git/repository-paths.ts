// Where the git repository a folder belongs to keeps its files, read from `.git` (no git process): the nearest
// folder holding `.git`, the shared git folder (a linked worktree's `.git` file names its own git folder, whose
// `commondir` names the main repository's), and the HEAD file. pi 1.6.0 reads them the same way.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export interface RepositoryPaths {
  /** the folder holding `.git`: the repository's or the linked worktree's top folder */
  repoDir: string;
  /** the git folder shared by every worktree of the repository */
  commonGitDir: string;
  headPath: string;
}

/** The repository `cwd` is in; undefined outside one (or when the nearest `.git` is not one git could use). */
export function findRepositoryPaths(cwd: string): RepositoryPaths | undefined {
  for (let folder = resolve(cwd); ; folder = dirname(folder)) {
    const gitPath = join(folder, ".git");
    // most folders have no .git: no exception (and its stack trace) for each of them
    const stat = statSync(gitPath, { throwIfNoEntry: false });
    if (stat) return repositoryAt(folder, gitPath, stat.isDirectory());
    if (dirname(folder) === folder) return undefined;
  }
}

function repositoryAt(repoDir: string, gitPath: string, isFolder: boolean): RepositoryPaths | undefined {
  try {
    if (isFolder) return withHead(repoDir, gitPath, gitPath);
    // a linked worktree or a submodule: ".git" is a file naming its git folder
    const match = /^gitdir: (.+)$/m.exec(readFileSync(gitPath, "utf8"));
    if (!match) return undefined;
    const gitDir = resolve(repoDir, match[1]!.trim());
    const commonDirFile = join(gitDir, "commondir");
    const commonGitDir = existsSync(commonDirFile) ? resolve(gitDir, readFileSync(commonDirFile, "utf8").trim()) : gitDir;
    return withHead(repoDir, commonGitDir, gitDir);
  } catch {
    return undefined;
  }
}

function withHead(repoDir: string, commonGitDir: string, gitDir: string): RepositoryPaths | undefined {
  const headPath = join(gitDir, "HEAD");
  return existsSync(headPath) ? { repoDir, commonGitDir, headPath } : undefined;
}
