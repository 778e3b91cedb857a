// The SDK's session API and multi-session runtime.
export { PithSession } from "./pith-session.js";
export { createPithSession } from "./create-pith-session.js";
export { AgentSessionRuntime, createAgentSessionRuntime, type AgentSessionRuntimeOptions, type SessionSwitchListener } from "./runtime.js";
export type {
  SessionControlService,
  MoveResult,
  ForkMoveResult,
  NewSessionOptions,
  NavigateTreeOptions,
  NavigateTreeResult,
} from "../../plugins/session-control/index.js";
