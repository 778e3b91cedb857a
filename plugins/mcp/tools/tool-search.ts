// `tool_search`: finds MCP tools that are not declared to the model (`deferred` and `codemode` exposure) and
// declares the best matches from the next model call on, so a server with hundreds of tools costs the context
// nothing until one is needed. The ranking is pi 1.6.0's (lib/tool-search).
import type { ToolDefinition } from "../../../kernel/index.js";
import type { SearchableTool } from "../../../lib/tool-search/ranker.js";
import { searchTools, TOOL_SEARCH_DESCRIPTION, TOOL_SEARCH_NAME, TOOL_SEARCH_PARAMETERS, type ToolSearchArguments } from "../../../lib/tool-search/search-tool.js";

export type { SearchableTool };
export { TOOL_SEARCH_NAME };

export interface ToolSearchHost {
  /** tools that may be loaded: not declared yet; waits for servers still connecting */
  candidates(signal: AbortSignal): Promise<SearchableTool[]>;
  /** declares these tools from the next model call on */
  load(names: string[]): void;
}

export function toolSearchTool(host: ToolSearchHost): ToolDefinition<ToolSearchArguments, { loaded: string[] }> {
  return {
    name: TOOL_SEARCH_NAME,
    label: TOOL_SEARCH_NAME,
    description: TOOL_SEARCH_DESCRIPTION,
    promptSnippet: "Find tools that are not loaded yet (MCP servers' tools) and load the matches",
    parameters: TOOL_SEARCH_PARAMETERS,
    async execute(params, context) {
      const { text, loaded } = searchTools(params, await host.candidates(context.signal), (names) => host.load(names));
      return { content: [{ type: "text", text }], details: { loaded } };
    },
  };
}
