// Context files (pi 1.6.0: AGENTS.override.md, else AGENTS.md, else CLAUDE.md): the agent directory's first, then one
// per folder from the filesystem root down to the working directory, so the most specific instructions come last.
// A linked git worktree nested inside its main checkout has its own copy of the main checkout's context file; both
// speak for the same repository, so the main checkout's is left out (pi 1.6.0). Read at once: a few small files, and
// pi's `loadProjectContextFiles`, which extensions call, answers synchronously.
import { readFileSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { errorMessage } from "../../kernel/index.js";
import { findRepositoryPaths } from "../../lib/git/repository-paths.js";
import { isUnderPath } from "../../lib/resources/finding/paths.js";

export interface ContextFile {
  path: string;
  content: string;
}

const CANDIDATES = ["AGENTS.override.md", "AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"];

export async function findContextFiles(
  location: { agentDir: string; cwd: string },
  warn: (message: string) => void,
  signal?: AbortSignal,
): Promise<ContextFile[]> {
  signal?.throwIfAborted();
  return findContextFilesSync(location, warn);
}

export function findContextFilesSync(location: { agentDir: string; cwd: string }, warn: (message: string) => void): ContextFile[] {
  const cwd = resolve(location.cwd);
  const folders = [resolve(location.agentDir), ...ancestorsRootFirst(cwd)];
  const shadowed = shadowedByWorktree(cwd, warn);
  const seen = new Set<string>();
  const files: ContextFile[] = [];
  for (const [index, folder] of folders.entries()) {
    const file = contextFileIn(folder, warn);
    if (!file) continue;
    // the agent folder's file is never the main checkout's
    if (index > 0 && shadowed !== undefined && join(realPathOf(folder), basename(file.path)) === shadowed) continue;
    // the agent directory may itself be one of the ancestors, or be reached through a symlink
    const identity = realPathOf(file.path);
    if (seen.has(identity)) continue;
    seen.add(identity);
    files.push(file);
  }
  return files;
}

/** The main checkout's context file that a linked worktree nested in it replaces with its own; undefined when none is. */
function shadowedByWorktree(cwd: string, warn: (message: string) => void): string | undefined {
  const repository = findRepositoryPaths(cwd);
  if (!repository) return undefined;
  const commonGitDir = realPathOf(repository.commonGitDir);
  const worktreeRoot = realPathOf(repository.repoDir);
  const mainRoot = dirname(commonGitDir);
  // an ordinary checkout, a worktree beside the main one, a bare layout or a submodule shadows nothing
  if (worktreeRoot === mainRoot || !isUnderPath(worktreeRoot, mainRoot)) return undefined;
  if (realPathOf(join(mainRoot, ".git")) !== commonGitDir) return undefined;
  const own = contextFileIn(worktreeRoot, warn);
  return own ? join(mainRoot, basename(own.path)) : undefined;
}

function ancestorsRootFirst(folder: string): string[] {
  const chain = [folder];
  for (let current = folder; dirname(current) !== current; current = dirname(current)) chain.push(dirname(current));
  return chain.reverse();
}

function contextFileIn(folder: string, warn: (message: string) => void): ContextFile | undefined {
  for (const name of CANDIDATES) {
    const path = join(folder, name);
    try {
      // a folder of that name is no context file: the next name is tried
      if (!statSync(path, { throwIfNoEntry: false })?.isFile()) continue;
      const text = readFileSync(path, "utf8");
      return { path, content: text.startsWith("\uFEFF") ? text.slice(1) : text };
    } catch (error) {
      warn(`could not read context file ${path}: ${errorMessage(error)}; it is left out of the system prompt`);
    }
  }
  return undefined;
}

function realPathOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
