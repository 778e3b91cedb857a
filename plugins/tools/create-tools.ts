// All seven built-in tools, built for one working folder.
import type { Model, ToolDefinition } from "../../kernel/index.js";
import { createBashTool } from "./bash/bash.js";
import { createEditTool } from "./files/edit.js";
import { createFindTool } from "./search/find.js";
import { createGrepTool } from "./search/grep.js";
import { createLsTool } from "./search/ls.js";
import { createReadTool } from "./files/read.js";
import { createWriteTool } from "./files/write.js";

export const TOOL_NAMES = ["read", "bash", "edit", "write", "grep", "find", "ls"] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** Active unless a tool allowlist says otherwise (pi's default set). */
export const DEFAULT_ACTIVE_TOOLS: readonly ToolName[] = ["read", "bash", "edit", "write"];

export interface ToolsOptions {
  cwd: string;
  shellPath?: string;
  commandPrefix?: string;
  /** use the built-in grep/find even when rg/fd are on PATH */
  forceBuiltinSearch?: boolean;
  /** the session's current model, so read can say when an image will be dropped */
  getModel?: () => Model | undefined;
  /** true while images over the inline limit are scaled down before they are sent */
  imagesResized?: () => boolean;
  onOutputLog?: (path: string) => void;
}

export function createTools(options: ToolsOptions): Record<ToolName, ToolDefinition> {
  const { cwd } = options;
  return {
    read: createReadTool({ cwd, getModel: options.getModel, imagesResized: options.imagesResized }),
    bash: createBashTool({ cwd, shellPath: options.shellPath, commandPrefix: options.commandPrefix, onOutputLog: options.onOutputLog }),
    edit: createEditTool({ cwd }),
    write: createWriteTool({ cwd }),
    grep: createGrepTool({ cwd, forceBuiltinSearch: options.forceBuiltinSearch }),
    find: createFindTool({ cwd, forceBuiltinSearch: options.forceBuiltinSearch }),
    ls: createLsTool({ cwd }),
  };
}
