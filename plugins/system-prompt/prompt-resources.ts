// The files behind the system prompt, read once per load: custom prompt (SYSTEM.md or --system-prompt),
// appended text (APPEND_SYSTEM.md and every --append-system-prompt) and the project's context files.
import { readFile, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { errorMessage } from "../../kernel/index.js";
import { isAbortError } from "../../lib/abort/abort-error.js";
import { findContextFiles, type ContextFile } from "./context-files.js";

export interface SystemPromptOptions {
  agentDir: string;
  cwd: string;
  /** `--system-prompt`: text, or the path of a file to read */
  customPrompt?: string;
  /** every `--append-system-prompt`, in order: text, or the path of a file to read */
  appendPrompts?: string[];
  /** `--no-context-files` */
  noContextFiles?: boolean;
  /** the context files to use in place of finding them (pi's resource loader decided them) */
  contextFiles?: readonly ContextFile[];
  /** false: the project's SYSTEM.md and APPEND_SYSTEM.md are skipped (read at every load); default true */
  projectTrusted?: boolean;
}

export interface PromptText {
  text: string;
  /** the file it came from; absent for text given on the command line */
  file?: string;
}

export interface PromptResources {
  customPrompt?: PromptText;
  appends: PromptText[];
  contextFiles: ContextFile[];
}

export type Warn = (message: string) => void;

export async function loadPromptResources(
  options: SystemPromptOptions,
  warn: Warn,
  signal?: AbortSignal,
): Promise<PromptResources> {
  const { agentDir, cwd } = options;
  const project = (name: string) => (options.projectTrusted === false ? [] : [join(cwd, ".pi", name)]);
  const [commandLinePrompt, systemFile, appendFile, contextFiles] = await Promise.all([
    options.customPrompt ? textOrFile(options.customPrompt, cwd, warn, signal) : undefined,
    firstReadable([...project("SYSTEM.md"), join(agentDir, "SYSTEM.md")], warn, signal),
    firstReadable([...project("APPEND_SYSTEM.md"), join(agentDir, "APPEND_SYSTEM.md")], warn, signal),
    options.contextFiles ? [...options.contextFiles] : options.noContextFiles ? [] : findContextFiles({ agentDir, cwd }, warn, signal),
  ]);
  const commandLineAppends = await Promise.all(
    (options.appendPrompts ?? []).map((value) => textOrFile(value, cwd, warn, signal)),
  );
  const appends = [appendFile, ...commandLineAppends].filter((item): item is PromptText => item !== undefined);
  return { customPrompt: commandLinePrompt ?? systemFile, appends, contextFiles };
}

/** A command-line value: the content of the file it names, else the value itself. */
async function textOrFile(value: string, cwd: string, warn: Warn, signal?: AbortSignal): Promise<PromptText | undefined> {
  const path = resolve(cwd, value);
  const isFile = await stat(path).then(
    (stats) => stats.isFile(),
    () => false,
  );
  if (!isFile) return { text: value };
  try {
    return { text: await readFile(path, { encoding: "utf8", signal }), file: path };
  } catch (error) {
    if (isAbortError(error)) throw error;
    warn(`could not read ${path}: ${errorMessage(error)}; it is left out of the system prompt`);
    return undefined;
  }
}

/** The first of `paths` that exists and can be read; one that exists but cannot be read is reported. */
async function firstReadable(paths: string[], warn: Warn, signal?: AbortSignal): Promise<PromptText | undefined> {
  for (const path of paths) {
    try {
      return { text: await readFile(path, { encoding: "utf8", signal }), file: path };
    } catch (error) {
      if (isAbortError(error)) throw error;
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
        warn(`could not read ${path}: ${errorMessage(error)}; it is left out of the system prompt`);
      }
    }
  }
  return undefined;
}
