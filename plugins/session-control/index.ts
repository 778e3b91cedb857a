// Public surface of the session-control plugin.
export { sessionControlPlugin, SESSION_CONTROL_PLUGIN_NAME } from "./plugin.js";
export { SessionControl, type ModelChangeOptions, type SessionControlService, type SettingsWriteOptions } from "./session-control.js";
export type { MoveResult, ForkMoveResult, NewSessionOptions } from "./session-moves.js";
export type { NavigateTreeOptions, NavigateTreeResult } from "./navigate-tree.js";
export { sessionControlHooks, type SessionControlHooks, type TreePreparation, type BeforeTreeEvent, type TreeDecision, type TreeMovedEvent } from "./move-hooks.js";
export { requireService, type ServiceLookup } from "./require-service.js";
export { rebuildRuntime, reloadSession, type RebuildHost } from "./rebuild.js";
export { restoredState, recordInitialThinkingLevel, type RestoredState } from "./restore-session.js";
