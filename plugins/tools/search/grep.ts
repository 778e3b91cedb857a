// grep: search file contents, through ripgrep when it is on PATH, else with the built-in search.
import * as z from "zod/mini";
import type { ToolDefinition } from "../../../kernel/index.js";
import { abortable, throwIfAborted } from "../abort.js";
import { defineArguments, described } from "../arguments.js";
import { findExecutable } from "../executables.js";
import { grepBuiltin } from "./grep-builtin.js";
import { formatGrepOutput, type GrepDetails } from "./grep-output.js";
import type { GrepQuery } from "./grep-query.js";
import { grepWithRipgrep } from "./grep-ripgrep.js";
import { EXPLORATION_GUIDELINE } from "./listing.js";
import { resolveSearchPath } from "./search-path.js";
import { DEFAULT_MAX_BYTES, GREP_MAX_LINE_LENGTH } from "../truncate.js";

const DEFAULT_LIMIT = 100;

const grepSchema = z.object({
  pattern: described(z.string(), "Search pattern (regex or literal string)"),
  path: described(z.optional(z.string()), "Directory or file to search (default: current directory)"),
  glob: described(z.optional(z.string()), "Filter files by glob pattern, e.g. '*.ts' or '**/*.spec.ts'"),
  ignoreCase: described(z.optional(z.boolean()), "Case-insensitive search (default: false)"),
  literal: described(z.optional(z.boolean()), "Treat pattern as literal string instead of regex (default: false)"),
  context: described(z.optional(z.number().check(z.int(), z.minimum(0))), "Number of lines to show before and after each match (default: 0)"),
  limit: described(z.optional(z.number().check(z.int(), z.minimum(1))), `Maximum number of matches to return (default: ${DEFAULT_LIMIT})`),
});

export type GrepArgs = z.output<typeof grepSchema>;
export type { GrepDetails };

const grepArguments = defineArguments("grep", grepSchema);

export interface GrepToolOptions {
  cwd: string;
  /** skip ripgrep even when it is on PATH */
  forceBuiltinSearch?: boolean;
}

export function createGrepTool(options: GrepToolOptions): ToolDefinition<GrepArgs, GrepDetails> {
  return {
    name: "grep",
    label: "grep",
    description: `Search file contents for a pattern and return matching lines with file paths and line numbers. Respects .gitignore. Output stops at ${DEFAULT_LIMIT} matches (change with limit) or ${DEFAULT_MAX_BYTES / 1024}KB; lines longer than ${GREP_MAX_LINE_LENGTH} characters are shortened.`,
    promptSnippet: "Search file contents for patterns (respects .gitignore)",
    promptGuidelines: [EXPLORATION_GUIDELINE],
    get parameters() {
      return grepArguments.parameters;
    },
    validate: grepArguments.validate,
    async execute(rawArgs, context) {
      throwIfAborted(context.signal);
      const args = await grepArguments.parse(rawArgs);
      const search = async () => {
        const target = await resolveSearchPath(args.path, options.cwd);
        const limit = args.limit ?? DEFAULT_LIMIT;
        const query: GrepQuery = {
          pattern: args.pattern,
          searchPath: target.absolutePath,
          isDirectory: target.isDirectory,
          glob: args.glob,
          ignoreCase: args.ignoreCase ?? false,
          literal: args.literal ?? false,
          maxMatches: limit + 1,
          signal: context.signal,
          fileLines: new Map(),
        };
        const rgPath = options.forceBuiltinSearch ? undefined : findExecutable(["rg"]);
        const found = rgPath ? await grepWithRipgrep(rgPath, query) : await grepBuiltin(query);
        throwIfAborted(context.signal);
        return formatGrepOutput(found.slice(0, limit), {
          searchPath: target.absolutePath,
          isDirectory: target.isDirectory,
          context: args.context ?? 0,
          limit,
          limitReached: found.length > limit,
          fileLines: query.fileLines,
        });
      };
      const { text, details } = await abortable(context.signal, search());
      return { content: [{ type: "text", text }], details };
    },
  };
}
