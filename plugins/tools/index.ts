// pith's built-in tools: read, bash, edit, write (active by default), grep, find, ls.
export { DEFAULT_ACTIVE_TOOLS, TOOL_NAMES, createTools, type ToolName, type ToolsOptions } from "./create-tools.js";
export { toolsPlugin, type ToolsPluginOptions } from "./plugin.js";
export { createReadTool, MAX_INLINE_IMAGE_BASE64_BYTES, type ReadArgs, type ReadDetails, type ReadToolOptions } from "./files/read.js";
export { createWriteTool, type WriteArgs, type WriteToolOptions } from "./files/write.js";
export { createEditTool, prepareEditArguments, type EditArgs, type EditDetails, type EditToolOptions } from "./files/edit.js";
export { createBashTool, type BashArgs, type BashDetails, type BashToolOptions } from "./bash/bash.js";
export { createGrepTool, type GrepArgs, type GrepDetails, type GrepToolOptions } from "./search/grep.js";
export { createFindTool, type FindArgs, type FindDetails, type FindToolOptions } from "./search/find.js";
export { createLsTool, type LsArgs, type LsDetails, type LsToolOptions } from "./search/ls.js";
export {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  GREP_MAX_LINE_LENGTH,
  formatSize,
  truncateHead,
  truncateLine,
  truncateTail,
  type TruncationOptions,
  type TruncationResult,
} from "./truncate.js";
export { withFileMutationQueue } from "./files/mutation-queue.js";
export { expandPath, resolveReadPath, resolveToCwd } from "./paths.js";
