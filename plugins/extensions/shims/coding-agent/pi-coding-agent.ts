// `@mariozechner/pi-coding-agent` (and `@earendil-works/pi-coding-agent`) as pith serves it to extensions: the
// runtime helpers real extensions call, backed by pith's own code. Types are erased when an extension loads, so
// only values need to exist here; a name pith does not offer is `undefined`, as an unused import costs nothing.
import { renderDiff as renderDiffWith, type DiffPainter } from "../../../../lib/ui/render-diff.js";
import { convertToLlm } from "../../../../lib/transcript/convert-to-llm.js";
import { CURRENT_SESSION_VERSION } from "../../../sessions/format/types.js";
import { serializeConversation } from "../../../compaction/summary/serialize-conversation.js";
import { estimateMessageTokens } from "../../../compaction/tokens/token-estimate.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, formatSize, truncateHead, truncateLine, truncateTail } from "../../../tools/truncate.js";
import { withFileMutationQueue } from "../../../tools/files/mutation-queue.js";
import { createEventBus } from "../../events/event-bus.js";
import type { PiToolDefinition } from "../../contract/types.js";
import { createLocalBashOperations } from "./bash-operations.js";
import { InertComponent } from "../ui/inert-component.js";
import { createPlainTheme, plainTheme } from "../ui/theme.js";

/** The pi release whose extension API pith implements. */
export const VERSION = "1.6.0";

export { getAgentDir } from "./agent-dir.js";

// ---- tools ---------------------------------------------------------------------------------------------------

export function defineTool<T extends PiToolDefinition>(tool: T): T {
  return tool;
}

export function isToolCallEventType(toolName: string, event: { toolName: string }): boolean {
  return event.toolName === toolName;
}

const resultOf = (toolName: string) => (event: { toolName: string }) => event.toolName === toolName;
export const isBashToolResult = resultOf("bash");
export const isReadToolResult = resultOf("read");
export const isEditToolResult = resultOf("edit");
export const isWriteToolResult = resultOf("write");
export const isGrepToolResult = resultOf("grep");
export const isFindToolResult = resultOf("find");
export const isLsToolResult = resultOf("ls");
export const isPowerShellToolResult = resultOf("powershell");

export {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  formatSize,
  truncateHead,
  truncateLine,
  truncateTail,
  withFileMutationQueue,
  createLocalBashOperations,
};
// pith's tool factories give pi's tools in pi's shape; pi's `*ToolDefinition` names are the same factories
export {
  createBashTool,
  createCodingTools,
  createEditTool,
  createFindTool,
  createGrepTool,
  createLsTool,
  createReadOnlyTools,
  createReadTool,
  createWriteTool,
  createBashTool as createBashToolDefinition,
  createEditTool as createEditToolDefinition,
  createFindTool as createFindToolDefinition,
  createGrepTool as createGrepToolDefinition,
  createLsTool as createLsToolDefinition,
  createReadTool as createReadToolDefinition,
  createWriteTool as createWriteToolDefinition,
} from "./tool-factories.js";

// ---- messages, sessions, compaction --------------------------------------------------------------------------

export { convertToLlm, serializeConversation, CURRENT_SESSION_VERSION, createEventBus };
export * from "./session-entries.js";
export * from "./compaction-points.js";
export { SessionManager } from "./session-manager.js";
export { SettingsManager } from "./settings/settings-manager.js";
export { ModelRegistry } from "./models/model-registry.js";
export { ModelRuntime } from "./models/model-runtime.js";
export { compact, generateBranchSummary, generateSummary, generateSummaryWithUsage } from "./summaries.js";
export const estimateTokens = estimateMessageTokens;

// ---- interactive UI: inert without a terminal (terminal-components.ts has the live ones) ----------------------------------------------------------------

export class CustomEditor extends InertComponent {}
export class DynamicBorder extends InertComponent {}
export class BorderedLoader extends InertComponent {}
export class ExtensionEditorComponent extends InertComponent {}
export class ExtensionInputComponent extends InertComponent {}
export class ExtensionSelectorComponent extends InertComponent {}
export class ToolExecutionComponent extends InertComponent {}
export class AssistantMessageComponent extends InertComponent {}
export class UserMessageComponent extends InertComponent {}
export class CustomMessageComponent extends InertComponent {}
export class FooterComponent extends InertComponent {}
export class ArminComponent extends InertComponent {}
export class BashExecutionComponent extends InertComponent {}
export class BranchSummaryMessageComponent extends InertComponent {}
export class CompactionSummaryMessageComponent extends InertComponent {}
export class SkillInvocationMessageComponent extends InertComponent {}
export class LoginDialogComponent extends InertComponent {}
export class ModelSelectorComponent extends InertComponent {}
export class OAuthSelectorComponent extends InertComponent {}
export class SessionSelectorComponent extends InertComponent {}
export class SettingsSelectorComponent extends InertComponent {}
export class ShowImagesSelectorComponent extends InertComponent {}
export class ThemeSelectorComponent extends InertComponent {}
export class ThinkingSelectorComponent extends InertComponent {}
export class TreeSelectorComponent extends InertComponent {}
export class UserMessageSelectorComponent extends InertComponent {}

export class Theme {
  constructor(..._args: unknown[]) {
    return createPlainTheme() as unknown as Theme;
  }
}

export function initTheme(_name?: string, _watch?: boolean): void {}
export const getMarkdownTheme = (): Record<string, unknown> => plainTheme;
export const getSelectListTheme = (): Record<string, unknown> => plainTheme;
export const getSettingsListTheme = (): Record<string, unknown> => plainTheme;

/** without a terminal UI nothing is drawn, so code keeps its text (the UI's own colours it: ../ui/terminal-theme.ts) */
export function highlightCode(code: string, _lang?: string): string[] {
  return code.split("\n");
}

export { languageFromPath as getLanguageFromPath } from "../../../../lib/ui/language-from-path.js";

/** pi's `renderDiff(diffText, options?)`: the edit tool's diff as the UI draws it; without a terminal, uncoloured */
export function renderDiff(diffText: string, _options?: { filePath?: string }): string {
  return renderDiffWith(diffText, plainTheme as unknown as DiffPainter);
}

export function keyHint(_keybinding: string, description: string): string {
  return description;
}
export function keyText(_keybinding: string): string {
  return "";
}
export function rawKeyHint(_key: string, description: string): string {
  return description;
}
export function truncateToVisualLines(text: string, maxLines: number): { visualLines: string[]; skippedCount: number } {
  const lines = text.split("\n");
  return { visualLines: lines.slice(-maxLines), skippedCount: Math.max(0, lines.length - maxLines) };
}

/** Thrown by pi when stored credentials changed under it; extensions catch it by class. */
export class CredentialSynchronizationError extends Error {
  override name = "CredentialSynchronizationError";
}

/** The last compaction entry among `entries`. */
export function getLatestCompactionEntry<E extends { type: string }>(entries: readonly E[]): E | null {
  for (let index = entries.length - 1; index >= 0; index--) if (entries[index]!.type === "compaction") return entries[index]!;
  return null;
}

export * from "./coding-agent-helpers.js";
export * from "./skills.js";
export * from "./project-resources.js";
export { ProjectTrustStore } from "./project-trust-store.js";
export { generateDiffString } from "./edit-diff.js";
export { convertToPng, detectSupportedImageMimeTypeFromFile, formatDimensionNote, resizeImage } from "./images.js";
export { copyToClipboard } from "./clipboard.js";
export { createLocalPowerShellOperations, createPowerShellTool, createPowerShellToolDefinition, getPowerShellConfig } from "./powershell.js";
export { wrapRegisteredTool, wrapRegisteredTools } from "./registered-tools.js";
export { RpcClient } from "./rpc-client.js";
export { createToolSearchExtension } from "./tool-search-extension.js";
export { DefaultResourceLoader } from "./resource-loader.js";
export { DefaultPackageManager } from "./package-manager.js";
export { discoverAndLoadExtensions } from "./discover-and-load.js";
export { ExtensionRunner } from "./extension-runner.js";
export { createMcpExtension, type McpExtensionOptions } from "./mcp-extension.js";
export { parseArgs, type Args } from "./cli-args.js";
export { resolveCliModel, resolveModelScopeWithDiagnostics } from "./model-resolver.js";
export { createCodemodeExtension, type CodemodeExtensionOptions } from "./codemode-extension.js";
export * from "../sdk/pi-sdk.js";

// pi's extension types, for authors who point `@mariozechner/pi-coding-agent` at this module for type checking
export type * from "../../contract/types.js";
