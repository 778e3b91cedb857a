// pi's `createToolSearchExtension()`: an extension factory that registers `tool_search`, inactive, over the
// extension API's own tools: it finds the `deferred` and `codemode` tools not active yet and activates the best
// matches for the next model call. The search, its ranking and its answer are the MCP plugin's (lib/tool-search).
import { searchTools, TOOL_SEARCH_DESCRIPTION, TOOL_SEARCH_NAME, TOOL_SEARCH_PARAMETERS, type ToolSearchArguments } from "../../../../lib/tool-search/search-tool.js";
import type { ExtensionAPI } from "../../contract/types.js";

type ToolsOfExtension = Pick<ExtensionAPI, "registerTool" | "getActiveTools" | "getAllTools" | "setActiveTools">;

export function createToolSearchExtension(): (pi: ToolsOfExtension) => void {
  return (pi) => {
    pi.registerTool({
      name: TOOL_SEARCH_NAME,
      label: TOOL_SEARCH_NAME,
      description: TOOL_SEARCH_DESCRIPTION,
      promptSnippet: "Find tools that are not loaded yet and load the matches",
      parameters: TOOL_SEARCH_PARAMETERS,
      // it changes what the model is offered: no script calls it, and any tool may be what it loads
      exposure: "model-only",
      reachesTools: () => "all",
      defaultActive: false,
      async execute(_toolCallId, params) {
        const active = pi.getActiveTools();
        const candidates = pi.getAllTools().filter((tool) => (tool.exposure === "deferred" || tool.exposure === "codemode") && !active.includes(tool.name));
        const { text, loaded } = searchTools(params as unknown as ToolSearchArguments, candidates, (names) => pi.setActiveTools([...active, ...names]));
        return { content: [{ type: "text", text }], details: { loaded } };
      },
    });
  };
}
