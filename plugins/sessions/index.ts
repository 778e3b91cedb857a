// Public surface of the sessions plugin: the format, the manager, the stores and the plugin.
export * from "./format/types.js";
export { SessionManager, type ForkPosition, type ForkResult, type NewSessionOptions, type SessionManagerOptions } from "./session-manager.js";
export { buildSessionContext, branchSettings, contextEntries, entryMessage, type BranchSettings } from "./tree/session-context.js";
export type { SessionStore, SessionWriter, StoredSession, ListQuery, StoreOptions } from "./storage/store.js";
export { JsonlSessionStore, type JsonlSessionStoreOptions } from "./storage/jsonl-store.js";
export { MemorySessionStore } from "./storage/memory-store.js";
export { loadSessionRecords, isHeader, type LoadedSession, type LoadResult } from "./reading/load-entries.js";
export { parseJsonlBuffer, DEFAULT_MAX_LINE_BYTES, type ParsedRecord } from "./reading/jsonl-lines.js";
export { messageRole } from "./reading/lazy-entry.js";
export { migrateLines } from "./format/migrate.js";
export { continueRecent, resolveSessionArg, looksLikePath, type SessionArgResolution } from "./listing/session-lookup.js";
export {
  encodeCwd,
  defaultSessionDir,
  sessionFileName,
  resolveSessionDir,
  resolveAgentDir,
  expandTilde,
  SESSION_DIR_ENV,
  type SessionDirSources,
} from "./storage/paths.js";
export { addLine, emptyStats, toSessionInfo, type SessionStats } from "./listing/session-stats.js";
export { uuidv7, uuidv7Time } from "./format/uuid-v7.js";
export { sessionsPlugin, SESSIONS_PLUGIN_NAME, type SessionsPluginOptions, type SessionStart } from "./plugin.js";
export { SessionsService } from "./sessions-service.js";
export { searchSessions, type SearchHit, type SearchOptions } from "./listing/search.js";
