// ls: the entries of one folder, sorted case-insensitively, folders marked with a trailing '/'.
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import * as z from "zod/mini";
import { PithError, type ToolDefinition } from "../../../kernel/index.js";
import { abortable, throwIfAborted } from "../abort.js";
import { defineArguments, described } from "../arguments.js";
import { resolveToCwd } from "../paths.js";
import { EXPLORATION_GUIDELINE, renderListing } from "./listing.js";
import { DEFAULT_MAX_BYTES, type TruncationResult } from "../truncate.js";

const DEFAULT_LIMIT = 500;

const lsSchema = z.object({
  path: described(z.optional(z.string()), "Directory to list (default: current directory)"),
  limit: described(z.optional(z.number().check(z.int(), z.minimum(1))), `Maximum number of entries to return (default: ${DEFAULT_LIMIT})`),
});

export type LsArgs = z.output<typeof lsSchema>;
export type LsDetails = { truncation?: TruncationResult; entryLimitReached?: number };

const lsArguments = defineArguments("ls", lsSchema);

export interface LsToolOptions {
  cwd: string;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false; // a broken symlink is still listed, as a plain entry
  }
}

async function list(args: LsArgs, cwd: string, signal: AbortSignal | undefined): Promise<{ text: string; details?: LsDetails }> {
  const folder = resolveToCwd(args.path || ".", cwd);
  const limit = args.limit ?? DEFAULT_LIMIT;
  let folderStat;
  try {
    folderStat = await stat(folder);
  } catch {
    throw new PithError("TOOL_PATH_NOT_FOUND", `Path not found: ${folder}`);
  }
  if (!folderStat.isDirectory()) throw new PithError("TOOL_NOT_A_DIRECTORY", `Not a directory: ${folder}`);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    throw new PithError("TOOL_LS_FAILED", `Cannot read directory: ${error instanceof Error ? error.message : String(error)}`);
  }
  names.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  throwIfAborted(signal);
  const entries = await Promise.all(
    names.slice(0, limit).map(async (name) => ((await isDirectory(join(folder, name))) ? `${name}/` : name)),
  );
  if (entries.length === 0) return { text: "(empty directory)" };

  const limitReached = names.length > limit;
  const { text, truncation } = renderListing(
    entries,
    limitReached ? [`${limit} entries limit reached. Use limit=${limit * 2} for more`] : [],
  );
  const details: LsDetails = { ...(limitReached ? { entryLimitReached: limit } : {}), ...(truncation ? { truncation } : {}) };
  return { text, details: Object.keys(details).length > 0 ? details : undefined };
}

export function createLsTool(options: LsToolOptions): ToolDefinition<LsArgs, LsDetails> {
  return {
    name: "ls",
    label: "ls",
    description: `List a directory's entries, sorted alphabetically, with '/' after folder names; dotfiles included. Output stops at ${DEFAULT_LIMIT} entries (change with limit) or ${DEFAULT_MAX_BYTES / 1024}KB.`,
    promptSnippet: "List directory contents",
    promptGuidelines: [EXPLORATION_GUIDELINE],
    get parameters() {
      return lsArguments.parameters;
    },
    validate: lsArguments.validate,
    async execute(rawArgs, context) {
      throwIfAborted(context.signal);
      const args = await lsArguments.parse(rawArgs);
      const { text, details } = await abortable(context.signal, list(args, options.cwd, context.signal));
      return { content: [{ type: "text", text }], details };
    },
  };
}
