// pi 1.6.0's SDK names as `@earendil-works/pi-coding-agent` serves them to extensions (../coding-agent).
export { AgentSession } from "./agent-session.js";
export { createAgentSession, createAgentSessionFromServices, createAgentSessionServices } from "./create-agent-session.js";
export { createExtensionRuntime } from "./extension-runtime.js";
export { AgentSessionRuntime, createAgentSessionRuntime } from "./session-runtime.js";
export { main, runPrintMode, runRpcMode, type PrintModeOptions } from "./run-modes.js";
export { InteractiveMode, type InteractiveModeOptions } from "./interactive-mode.js";
