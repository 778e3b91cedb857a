// The system prompt and appended prompts pi's resource loader gives: the `systemPrompt` option, else the project's
// `.pi/SYSTEM.md` (a trusted project only), else the agent folder's; the `appendSystemPrompt` option, else the
// first APPEND_SYSTEM.md found the same way. A value that names an existing file is that file's text.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { warnFromHelper } from "../host.js";

export interface PromptSource {
  text: string;
  /** the file the text was read from; absent for text given as it is */
  file?: string;
}

export interface PromptFileOptions {
  cwd: string;
  agentDir: string;
  trusted: boolean;
  systemPrompt?: string;
  appendSystemPrompt?: readonly string[];
}

export function systemPromptFiles(options: PromptFileOptions): { system: PromptSource | undefined; appends: PromptSource[] } {
  const discovered = (name: string) => [...(options.trusted ? [join(options.cwd, ".pi", name)] : []), join(options.agentDir, name)].find((path) => existsSync(path));
  const systemSource = options.systemPrompt ?? discovered("SYSTEM.md");
  const appendSources = options.appendSystemPrompt ?? [discovered("APPEND_SYSTEM.md")].filter((path): path is string => path !== undefined);
  return {
    system: systemSource ? textOrFile(systemSource) : undefined,
    appends: appendSources.flatMap((source) => (source ? [textOrFile(source)] : [])),
  };
}

/** pi reads a value as a file when that path exists (from the process's folder), else takes it as text. */
function textOrFile(value: string): PromptSource {
  if (!existsSync(value)) return { text: value };
  try {
    return { text: readFileSync(value, "utf8").replace(/^\uFEFF/, ""), file: resolve(value) };
  } catch (error) {
    warnFromHelper(`Could not read the prompt file ${value}: ${error instanceof Error ? error.message : String(error)}`);
    return { text: value };
  }
}
