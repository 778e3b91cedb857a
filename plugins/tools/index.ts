// pith's built-in tools: read, bash, edit, write (active by default), grep, find, ls.
export { DEFAULT_ACTIVE_TOOLS, TOOL_NAMES, createTools, type ToolName, type ToolsOptions } from "./create-tools.js";
export { toolsPlugin, type ToolsPluginOptions } from "./plugin.js";
export { createReadTool, MAX_INLINE_IMAGE_BASE64_BYTES, type ReadArgs, type ReadDetails, type ReadToolOptions } from "./read.js";
export { createWriteTool, type WriteArgs, type WriteToolOptions } from "./write.js";
export { createEditTool, prepareEditArguments, type EditArgs, type EditDetails, type EditToolOptions } from "./edit.js";
export { createBashTool, type BashArgs, type BashDetails, type BashToolOptions } from "./bash.js";
export { createGrepTool, type GrepArgs, type GrepDetails, type GrepToolOptions } from "./grep.js";
export { createFindTool, type FindArgs, type FindDetails, type FindToolOptions } from "./find.js";
export { createLsTool, type LsArgs, type LsDetails, type LsToolOptions } from "./ls.js";
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
export { withFileMutationQueue } from "./mutation-queue.js";
export { expandPath, resolveReadPath, resolveToCwd } from "./paths.js";
