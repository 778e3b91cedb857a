// pith's SDK as the `pith` package exports it: the kernel, the built-in plugins, and createAgentSession to put
// them together.
export * from "../kernel/index.js";
export { AssistantMessageBuilder, providerErrorDetails, parsePartialJson, THINKING_LEVELS, isThinkingLevel, type UsageReport } from "../lib/provider-kit/index.js";
export { createJitiLoader, type JitiLoaderOptions } from "../lib/loading/jiti-loader.js";
export { resolveFilePlugins, nodeModuleLoader, type FilePluginSpec, type HostPluginSpec, type ModuleLoader } from "../lib/loading/file-plugins.js";
// the argument check createAgentSession gives the kernel (`validateArguments`), for a session booted by hand
export { validateJsonSchema, coerceToJsonSchema } from "../lib/json-schema/index.js";
export { createAgentSession, type CreateAgentSessionOptions, type CreatedSession } from "./create-agent-session.js";
export { BUILTIN_PLUGIN_NAMES, type BuiltinPluginName } from "./builtin-plugins.js";
export { cacheDirectory } from "./cache-dir.js";
export { stderrLogger } from "./stderr-logger.js";
export { PITH_VERSION } from "./version.js";
export type { Compactor, CompactionRequest, CompactionResult, CompactionReason, CompactionService, CompactionStartEvent, CompactionEndEvent } from "../plugins/compaction/index.js";
export type { RetryService, AutoRetryStartEvent, AutoRetryEndEvent } from "../plugins/retry/index.js";
export type { SessionsService, SessionStore, SessionInfo } from "../plugins/sessions/index.js";
export { reloadResources, type ReloadReport } from "./reload.js";
export * from "./runtime/index.js";
export type {
  SessionStateReport,
  SessionStatsReport,
  ContextUsage,
  ForkPoint,
  CatalogCommand,
  CycledModel,
  BashResult,
  UserBashOptions,
} from "../plugins/rpc/index.js";
// Service types whose declarations also type `context.use(...)` for SDK users (declaration merging).
export type { ModelRegistry } from "../plugins/models/index.js";
export type { SettingsManager } from "../plugins/settings/index.js";
export type { McpService, McpServerStatus, McpToolStatus, McpServerConfig } from "../plugins/mcp/index.js";
