// The built-in tools as a plugin: registered through the same door as any extension's tools.
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import { DEFAULT_ACTIVE_TOOLS, TOOL_NAMES, createTools, type ToolsOptions } from "./create-tools.js";
import { removeOutputLogs } from "./bash/output-logs.js";
import { recordNestedCalls } from "./nested-calls.js";

export interface ToolsPluginOptions extends Partial<Omit<ToolsOptions, "getModel" | "onOutputLog" | "imagesResized">> {
  /** names to activate (an allowlist; may name other plugins' tools too); default read, bash, edit, write */
  tools?: readonly string[];
}

export function toolsPlugin(options: ToolsPluginOptions = {}): PithPlugin {
  return definePlugin({
    name: "tools",
    setup(context) {
      recordNestedCalls(context);
      // bash's full-output logs belong to the session whose results point at them
      const outputLogs = new Set<string>();
      context.on("session_shutdown", () => {
        removeOutputLogs(outputLogs);
        outputLogs.clear();
      });
      const tools = createTools({
        cwd: options.cwd ?? context.cwd,
        shellPath: options.shellPath,
        commandPrefix: options.commandPrefix,
        forceBuiltinSearch: options.forceBuiltinSearch,
        getModel: () => context.session.model,
        imagesResized: () => context.tryUse("images")?.resizing() === true,
        onOutputLog: (path) => outputLogs.add(path),
      });
      const active = new Set<string>(options.tools ?? DEFAULT_ACTIVE_TOOLS);
      for (const name of TOOL_NAMES) context.registerTool(tools[name], { active: active.has(name) });
    },
  });
}
