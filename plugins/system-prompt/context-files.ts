// Context files (AGENTS.md, else CLAUDE.md): the agent directory's first, then one per folder from the
// filesystem root down to the working directory, so the most specific instructions come last.
import { readFile, realpath } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { errorMessage } from "../../kernel/index.js";
import { isAbortError } from "../../lib/abort/abort-error.js";

export interface ContextFile {
  path: string;
  content: string;
}

const CANDIDATES = ["AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"];

export async function findContextFiles(
  location: { agentDir: string; cwd: string },
  warn: (message: string) => void,
  signal?: AbortSignal,
): Promise<ContextFile[]> {
  const folders = [resolve(location.agentDir), ...ancestorsRootFirst(resolve(location.cwd))];
  const found = await Promise.all(folders.map((folder) => contextFileIn(folder, warn, signal)));
  const seen = new Set<string>();
  const files: ContextFile[] = [];
  for (const file of found) {
    if (!file) continue;
    // the agent directory may itself be one of the ancestors, or be reached through a symlink
    const identity = await realpath(file.path).catch(() => file.path);
    if (seen.has(identity)) continue;
    seen.add(identity);
    files.push(file);
  }
  return files;
}

function ancestorsRootFirst(folder: string): string[] {
  const chain = [folder];
  for (let current = folder; dirname(current) !== current; current = dirname(current)) chain.push(dirname(current));
  return chain.reverse();
}

async function contextFileIn(
  folder: string,
  warn: (message: string) => void,
  signal?: AbortSignal,
): Promise<ContextFile | undefined> {
  for (const name of CANDIDATES) {
    const path = join(folder, name);
    try {
      return { path, content: await readFile(path, { encoding: "utf8", signal }) };
    } catch (error) {
      if (isAbortError(error)) throw error;
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
        warn(`could not read context file ${path}: ${errorMessage(error)}; it is left out of the system prompt`);
      }
    }
  }
  return undefined;
}
