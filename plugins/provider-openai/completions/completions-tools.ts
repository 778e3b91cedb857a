// A tool as Chat Completions declares it, in the request's `tools` or in a system message that adds it in place.
import type { ToolSpec } from "../../../kernel/index.js";
import type { CompletionsCompat } from "./completions-compat.js";
import type { ChatTool } from "./completions-wire.js";

export function toChatTool(tool: ToolSpec, compat: CompletionsCompat): ChatTool {
  return {
    type: "function",
    function: {
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      ...(compat.supportsStrictMode ? { strict: false } : {}),
    },
  };
}
