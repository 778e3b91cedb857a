// `@earendil-works/pi-agent-core` (and `@mariozechner/pi-agent-core`) as pi 1.6.0 serves it: the `Agent` class, the
// low-level loop, `runToolCall`, the default stream function and the proxy stream function, with pi's semantics
// (./agent-core/). Extensions use them for sub-agents of their own; their model calls go through pith's providers.
export { Agent } from "./agent-core/agent.js";
export { DEFAULT_AGENT_IDENTITY, agentLoop, agentLoopContinue, runAgentLoop, runAgentLoopContinue } from "./agent-core/agent-loop.js";
export { runToolCall } from "./agent-core/tool-call.js";
export { setDefaultStreamFn } from "./agent-core/stream-fn.js";
export { streamProxy } from "./agent-core/proxy.js";
