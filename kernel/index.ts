// The kernel's public surface.
export * from "./messages.js";
export * from "./model.js";
export * from "./provider.js";
export * from "./tool.js";
export * from "./errors.js";
export * from "./events.js";
export * from "./hooks.js";
export * from "./plugin.js";
export * from "./command.js";
export { AgentSession, type SessionApi } from "./agent-session.js";
export type * from "./session-types.js";
export { nowMs } from "./stopwatch.js";
export { applyAuth } from "./provider-stream.js";
export { boot, type BootOptions, type Booted } from "./boot.js";
// applyPlugin: a run mode joining a session made earlier (pi's runPrintMode over a runtime an SDK program built)
export { applyPlugin, type PluginTiming } from "./plugin-host.js";
export { timePart, type TimingNode } from "./timing.js";
export { kernelMessageToLlm, convertKernelMessages, type ConvertToLlm } from "./convert-to-llm.js";
export type { QueueMode } from "./message-queues.js";
