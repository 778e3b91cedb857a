// pi's `createCodemodeExtension(options)`: registers pi 1.6.0's `codemode` tool, inactive: the model writes
// JavaScript that calls the other tools, run in a QuickJS sandbox (lib/codemode) whose only capability is calling
// them. Its description lists the tools a script can call, read when a request is built, so it follows the tools
// registered and activated since. The sandbox loads with the first script (./codemode-execute.ts).
import type { ExtensionAPI, PiToolDefinition } from "../../contract/types.js";
import { outputSchemaOf } from "../../instance/api-services.js";
import { callableTools, CODEMODE_GUIDELINES, CODEMODE_SNIPPET, CODEMODE_TOOL_NAME, codemodeDescription, DEFAULT_INLINE_BUDGET, withScriptCall } from "./codemode-description.js";
import type { CodemodeToolContext } from "./codemode-execute.js";

export interface CodemodeExtensionOptions {
  /** overrides the `codemode.mode` setting */
  mode?: "on" | "only";
  /** overrides the `codemode.inlineBudget` setting */
  inlineBudget?: number;
  /** pi's `models` API for scripts: pith has none, so scripts never see `models` */
  models?: boolean;
}

type CodemodeOfExtension = Pick<ExtensionAPI, "registerTool" | "getAllTools" | "getActiveTools" | "getSettings" | "appendEntry" | "on">;
type DeclaredTool = { name: string; description: string };
type SystemPatch = { role: "system"; toolsAdded?: DeclaredTool[] };

const PARAMETERS = {
  type: "object",
  properties: { code: { type: "string", description: "Raw JavaScript source." } },
  required: ["code"],
};
/** a script using one of these may call any tool by a name it builds */
const DISCOVERY = /\b(searchTools|describeNamespace|describeTool|ALL_TOOLS)\b/;

export function createCodemodeExtension(options: CodemodeExtensionOptions = {}): (pi: CodemodeOfExtension) => void {
  return (pi) => {
    const settings = () => (pi.getSettings().codemode ?? {}) as { mode?: unknown; inlineBudget?: unknown };
    const mode = () => options.mode ?? (settings().mode === "only" ? "only" : "on");
    const inlineBudget = () => {
      const budget = options.inlineBudget ?? settings().inlineBudget;
      return typeof budget === "number" && Number.isFinite(budget) && budget >= 0 ? budget : DEFAULT_INLINE_BUDGET;
    };
    // listing the tools reads every description, this one's too: that inner read gets the bare one
    let describing = false;
    const tool: PiToolDefinition = {
      name: CODEMODE_TOOL_NAME,
      label: CODEMODE_TOOL_NAME,
      get description() {
        if (describing) return codemodeDescription([], [], "on", 0);
        describing = true;
        try {
          return codemodeDescription(pi.getAllTools(), pi.getActiveTools(), mode(), inlineBudget(), (name) => outputSchemaOf(pi, name));
        } finally {
          describing = false;
        }
      },
      promptSnippet: CODEMODE_SNIPPET,
      promptGuidelines: [...CODEMODE_GUIDELINES],
      parameters: PARAMETERS,
      // scripts must not start other scripts
      exposure: "model-only",
      defaultActive: false,
      reachesTools: (input) => (typeof input.code !== "string" ? [] : DISCOVERY.test(input.code) ? "all" : (input.code.match(/\w+/g) ?? [])),
      async execute(toolCallId, params, signal, onUpdate, ctx) {
        const { executeCodemode } = await import("./codemode-execute.js");
        return executeCodemode({
          toolCallId,
          code: typeof params.code === "string" ? params.code : "",
          signal,
          onUpdate: onUpdate as Parameters<typeof executeCodemode>[0]["onUpdate"],
          ctx: ctx as CodemodeToolContext,
          allTools: pi.getAllTools(),
          appendEntry: (customType, data) => pi.appendEntry(customType, data),
        });
      },
    };
    pi.registerTool(tool);

    // While codemode is declared, the tools declared beside it that scripts can call say so (mode `on`), or are left
    // to scripts (mode `only`), as pi's loadout does.
    pi.on("context_with_system", (event) => {
      const active = pi.getActiveTools();
      if (!active.includes(CODEMODE_TOOL_NAME)) return undefined;
      const tools = pi.getAllTools();
      const callable = new Set(callableTools(tools, active).map((tool) => tool.name));
      const direct = new Set(tools.filter((tool) => tool.exposure === "direct").map((tool) => tool.name));
      const only = mode() === "only";
      const messages = event.messages.map((message) => {
        const patch = message as unknown as SystemPatch;
        if (patch.role !== "system" || !patch.toolsAdded) return message;
        const toolsAdded = patch.toolsAdded.flatMap((declared) => {
          if (!callable.has(declared.name)) return [declared];
          if (only) return direct.has(declared.name) ? [] : [declared];
          return [{ ...declared, description: withScriptCall(declared, outputSchemaOf(pi, declared.name)) }];
        });
        return { ...message, toolsAdded } as typeof message;
      });
      return { messages };
    });
  };
}
