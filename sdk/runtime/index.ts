// The SDK's session API and multi-session runtime.
export { PithSession } from "./pith-session.js";
export { createPithSession } from "./create-pith-session.js";
export { AgentSessionRuntime, createAgentSessionRuntime, type AgentSessionRuntimeOptions, type SessionSwitchListener } from "./runtime.js";
export { sessionControlPlugin, SESSION_CONTROL_PLUGIN_NAME, type SessionControlPlugin } from "./control-plugin.js";
export type { MoveResult, ForkMoveResult, NewSessionOptions } from "./session-moves.js";
export type { NavigateTreeOptions, NavigateTreeResult } from "./navigate-tree.js";
