// What `tool_search` is to the model, wherever its tools come from (the MCP plugin's servers, or an extension's
// tools through pi's `createToolSearchExtension`): its description, its arguments, and one search that loads the
// best matches and says so in pi 1.6.0's words.
import { rankTools, type SearchableTool } from "./ranker.js";

export const TOOL_SEARCH_NAME = "tool_search";
const DEFAULT_LIMIT = 8;

export const TOOL_SEARCH_DESCRIPTION =
  "Searches the tools that are not declared to you yet, such as the tools of MCP servers, and declares the best matches for your next call. " +
  "Use it whenever a task may need a tool you do not have; describe what the tool should do.";

export const TOOL_SEARCH_PARAMETERS = {
  type: "object",
  properties: {
    query: { type: "string", description: "What the tool should do, or its name" },
    limit: { type: "number", description: `How many tools to load at most (default ${DEFAULT_LIMIT})` },
  },
  required: ["query"],
} as const;

export interface ToolSearchArguments {
  query: string;
  limit?: number;
}

/** Ranks `candidates` (tools not declared yet), loads the best matches through `load`, and describes them. */
export function searchTools(
  { query, limit }: ToolSearchArguments,
  candidates: readonly SearchableTool[],
  load: (names: string[]) => void,
): { text: string; loaded: string[] } {
  if (query.trim() === "") throw new Error("query must not be empty");
  const max = limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(max) || max <= 0) throw new Error("limit must be a positive integer");
  const found = rankTools(query, candidates, max);
  if (found.length > 0) load(found.map((tool) => tool.name));
  const text =
    found.length === 0
      ? "No matching tools found."
      : `Loaded ${found.length} tool${found.length === 1 ? "" : "s"}. They are available from your next call:\n${found
          .map((tool) => `- ${tool.name}: ${tool.description.trim().split(/\r?\n/)[0]}`)
          .join("\n")}`;
  return { text, loaded: found.map((tool) => tool.name) };
}
