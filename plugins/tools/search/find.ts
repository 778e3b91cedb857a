// find: list files and folders matching a glob, through fd when it is on PATH, else with the built-in walk.
import * as z from "zod/mini";
import { PithError, type ToolDefinition } from "../../../kernel/index.js";
import { abortable, throwIfAborted } from "../abort.js";
import { defineArguments, described } from "../arguments.js";
import { findExecutable } from "../executables.js";
import { findBuiltin } from "./find-builtin.js";
import { findWithFd } from "./find-fd.js";
import { resolveSearchPath } from "./search-path.js";
import { EXPLORATION_GUIDELINE, renderListing } from "./listing.js";
import { DEFAULT_MAX_BYTES, type TruncationResult } from "../truncate.js";

const DEFAULT_LIMIT = 1000;

const findSchema = z.object({
  pattern: described(z.string().check(z.minLength(1)), "Glob pattern to match files, e.g. '*.ts', '**/*.json', or 'src/**/*.spec.ts'"),
  path: described(z.optional(z.string()), "Directory to search in (default: current directory)"),
  limit: described(z.optional(z.number().check(z.int(), z.minimum(1))), `Maximum number of results (default: ${DEFAULT_LIMIT})`),
});

export type FindArgs = z.output<typeof findSchema>;
export type FindDetails = { truncation?: TruncationResult; resultLimitReached?: number };

const findArguments = defineArguments("find", findSchema);

export interface FindToolOptions {
  cwd: string;
  /** skip fd even when it is on PATH */
  forceBuiltinSearch?: boolean;
}

function formatResults(results: readonly string[], limit: number, limitReached: boolean): { text: string; details?: FindDetails } {
  if (results.length === 0) return { text: "No files found matching pattern" };
  const { text, truncation } = renderListing(
    results,
    limitReached ? [`${limit} results limit reached. Use limit=${limit * 2} for more, or refine pattern`] : [],
  );
  const details: FindDetails = { ...(limitReached ? { resultLimitReached: limit } : {}), ...(truncation ? { truncation } : {}) };
  return { text, details: Object.keys(details).length > 0 ? details : undefined };
}

export function createFindTool(options: FindToolOptions): ToolDefinition<FindArgs, FindDetails> {
  return {
    name: "find",
    label: "find",
    description: `Find files and folders by glob pattern; paths come back relative to the search folder, folders ending in '/'. Respects .gitignore. Output stops at ${DEFAULT_LIMIT} results (change with limit) or ${DEFAULT_MAX_BYTES / 1024}KB.`,
    promptSnippet: "Find files by glob pattern (respects .gitignore)",
    promptGuidelines: [EXPLORATION_GUIDELINE],
    get parameters() {
      return findArguments.parameters;
    },
    validate: findArguments.validate,
    async execute(rawArgs, context) {
      throwIfAborted(context.signal);
      const args = await findArguments.parse(rawArgs);
      const search = async () => {
        const target = await resolveSearchPath(args.path, options.cwd);
        if (!target.isDirectory) {
          throw new PithError("TOOL_NOT_A_DIRECTORY", `Not a directory: ${target.absolutePath}. find searches folders; use read for a file.`);
        }
        const limit = args.limit ?? DEFAULT_LIMIT;
        const query = { pattern: args.pattern, searchPath: target.absolutePath, maxResults: limit + 1, signal: context.signal };
        const fdPath = options.forceBuiltinSearch ? undefined : findExecutable(["fd", "fdfind"]);
        const found = fdPath && !tooOldFd.has(fdPath) ? await findWithFd(fdPath, query).catch((error) => fallBackFromOldFd(error, fdPath, query)) : await findBuiltin(query);
        throwIfAborted(context.signal);
        return formatResults(found.slice(0, limit), limit, found.length > limit);
      };
      const { text, details } = await abortable(context.signal, search());
      return { content: [{ type: "text", text }], details };
    },
  };
}

/** fd binaries found too old to take pith's arguments: the built-in walk answers for them from then on. */
const tooOldFd = new Set<string>();

function fallBackFromOldFd(error: unknown, fdPath: string, query: Parameters<typeof findBuiltin>[0]): Promise<string[]> {
  if (!(error instanceof PithError) || error.code !== "TOOL_FD_TOO_OLD") throw error;
  tooOldFd.add(fdPath);
  return findBuiltin(query);
}
