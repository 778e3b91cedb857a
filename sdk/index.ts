// pith's SDK: the kernel, the built-in plugins, and createAgentSession to put them together.
export * from "../kernel/index.js";
export { createAgentSession, type CreateAgentSessionOptions, type CreatedSession } from "./create-agent-session.js";
export { BUILTIN_PLUGIN_NAMES, type BuiltinPluginName } from "./builtin-plugins.js";
export { cacheDirectory } from "./cache-dir.js";
export { PITH_VERSION } from "./version.js";
export type { Compactor, CompactionRequest, CompactionResult, CompactionReason, CompactionService, CompactionStartEvent, CompactionEndEvent } from "../plugins/compaction/index.js";
export type { RetryService, AutoRetryStartEvent, AutoRetryEndEvent } from "../plugins/retry/index.js";
export type { SessionsService, SessionStore, SessionInfo } from "../plugins/sessions/index.js";
export { reloadResources, type ReloadReport } from "./reload.js";
