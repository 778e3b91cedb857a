// An extension's tool (pi's shape: `execute(toolCallId, params, signal, onUpdate, ctx)`, TypeBox parameters) as a
// pith tool. TypeBox schemas are JSON Schema at run time, so the kernel validates the arguments against them.
import { PithError } from "../../../kernel/errors.js";
import type { ToolDefinition } from "../../../kernel/tool.js";
import { createExtensionContext } from "../context/extension-context.js";
import type { ExtensionRecord } from "../extension-record.js";
import type { ExtensionRuntime } from "../runtime.js";
import type { PiToolDefinition } from "../types.js";

const EMPTY_PARAMETERS: Record<string, unknown> = { type: "object", properties: {} };

export function checkTool(tool: PiToolDefinition): void {
  if (!tool || typeof tool.name !== "string" || tool.name.trim() === "") {
    throw new PithError("EXTENSION_TOOL_INVALID", "registerTool needs a tool with a non-empty name.");
  }
  if (typeof tool.execute !== "function") {
    throw new PithError("EXTENSION_TOOL_INVALID", `Tool "${tool.name}" has no execute function.`);
  }
}

export function adaptTool(runtime: ExtensionRuntime, record: ExtensionRecord, tool: PiToolDefinition): ToolDefinition {
  const parameters = tool.parameters && typeof tool.parameters === "object" ? (tool.parameters as Record<string, unknown>) : EMPTY_PARAMETERS;
  const adapted: ToolDefinition = {
    name: tool.name,
    label: tool.label ?? tool.name,
    description: typeof tool.description === "string" ? tool.description : "",
    parameters,
    async execute(args, context, onUpdate) {
      const ctx = createExtensionContext(runtime, record, context.signal);
      return tool.execute(context.toolCallId, args, context.signal, (partial) => onUpdate(partial), ctx);
    },
  };
  if (tool.promptSnippet) adapted.promptSnippet = tool.promptSnippet;
  if (tool.promptGuidelines) adapted.promptGuidelines = tool.promptGuidelines;
  if (tool.executionMode) adapted.executionMode = tool.executionMode;
  if (tool.prepareArguments) {
    const prepare = tool.prepareArguments;
    adapted.prepareArguments = (raw) => prepare.call(tool, raw);
  }
  return adapted;
}
