// An extension's tool (pi's shape: `execute(toolCallId, params, signal, onUpdate, ctx)`, TypeBox parameters) as a
// pith tool. TypeBox schemas are JSON Schema at run time, so the kernel validates the arguments against them.
import { PithError, type ToolContext, type ToolDefinition } from "../../../kernel/index.js";
import { createExtensionContext } from "../context/extension-context.js";
import type { ExtensionRecord } from "../instance/extension-record.js";
import type { ExtensionRuntime } from "../runtime.js";
import type { ExtensionContext, PiToolDefinition } from "../contract/types.js";

export function checkTool(tool: PiToolDefinition): void {
  if (!tool || typeof tool.name !== "string" || tool.name.trim() === "") {
    throw new PithError("EXTENSION_TOOL_INVALID", "registerTool needs a tool with a non-empty name.");
  }
  if (typeof tool.execute !== "function") {
    throw new PithError("EXTENSION_TOOL_INVALID", `Tool "${tool.name}" has no execute function.`);
  }
  // pi 1.6 rejects these too: the model could not be told what arguments to send
  if (!tool.parameters || typeof tool.parameters !== "object") {
    throw new PithError("EXTENSION_TOOL_INVALID", `Tool "${tool.name}" has no parameters schema; give it one, e.g. Type.Object({}) for a tool without arguments.`);
  }
}

/** Whether pith activates the tool when it is registered (pi 1.6: `exposure` and `defaultActive`). */
export function startsActive(tool: PiToolDefinition): boolean {
  const exposure = tool.exposure ?? "direct";
  return (exposure === "direct" || exposure === "model-only") && tool.defaultActive !== false;
}

export function adaptTool(runtime: ExtensionRuntime, record: ExtensionRecord, tool: PiToolDefinition): ToolDefinition {
  const parameters = tool.parameters as Record<string, unknown>;
  const adapted: ToolDefinition = {
    name: tool.name,
    label: tool.label ?? tool.name,
    // read when a request is built, so a definition whose description follows the session (pi's codemode) stays current
    get description() {
      return typeof tool.description === "string" ? tool.description : "";
    },
    parameters,
    async execute(args, context, onUpdate) {
      return tool.execute(context.toolCallId, args, context.signal, (partial) => onUpdate(partial), toolContext(runtime, record, context));
    },
  };
  if (tool.promptSnippet) adapted.promptSnippet = tool.promptSnippet;
  if (tool.promptGuidelines) adapted.promptGuidelines = tool.promptGuidelines;
  if (tool.executionMode) adapted.executionMode = tool.executionMode;
  if (tool.outputSchema) adapted.outputSchema = tool.outputSchema as Record<string, unknown>;
  if (tool.exposure) adapted.exposure = tool.exposure;
  if (tool.prepareArguments) {
    const prepare = tool.prepareArguments;
    adapted.prepareArguments = (raw) => prepare.call(tool, raw);
  }
  return adapted;
}

/**
 * pi's `ExtensionToolContext`: the extension's ctx plus the tools the running tool may call (by `exposure`: active
 * `direct` ones, `codemode` and `deferred` ones whether active or not) and `executeTool`, which runs one through
 * validation, the tool hooks and the gate like a model's call (it never rejects).
 */
function toolContext(runtime: ExtensionRuntime, record: ExtensionRecord, context: ToolContext): ExtensionContext {
  return Object.create(createExtensionContext(runtime, record, context.signal), {
    tools: {
      get: () =>
        context.tools.map(({ name, label, description, parameters, outputSchema }) => ({ name, label: label ?? name, description, parameters, ...(outputSchema ? { outputSchema } : {}) })),
      enumerable: true,
    },
    executeTool: {
      value: (name: string, args: unknown, options?: { signal?: AbortSignal; onUpdate?: (partial: unknown) => void }) =>
        context.executeTool(name, args, { signal: options?.signal, onUpdate: options?.onUpdate }),
      enumerable: true,
    },
  }) as ExtensionContext;
}
