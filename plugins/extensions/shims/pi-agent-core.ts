// `@earendil-works/pi-agent-core` (and `@mariozechner/pi-agent-core`) as pi 1.6.0 serves it. Extensions import its
// types (erased at load); its values are pi's agent loop and `Agent` class, which pith replaces with its own kernel.
import { PI_ATTRIBUTION } from "./pi-ai/pi-ai-utils.js";
import { unsupported } from "./unsupported.js";

const runtimeOnly = (name: string) => unsupported("@earendil-works/pi-agent-core", name);

/** The identity pi's agent declares to providers; pith's. */
export const DEFAULT_AGENT_IDENTITY = Object.freeze({ attribution: PI_ATTRIBUTION });
export const Agent = runtimeOnly("Agent");
export const agentLoop = runtimeOnly("agentLoop");
export const agentLoopContinue = runtimeOnly("agentLoopContinue");
export const runAgentLoop = runtimeOnly("runAgentLoop");
export const runAgentLoopContinue = runtimeOnly("runAgentLoopContinue");
export const runToolCall = runtimeOnly("runToolCall");
export const setDefaultStreamFn = runtimeOnly("setDefaultStreamFn");
export const streamProxy = runtimeOnly("streamProxy");
