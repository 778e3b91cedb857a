// pith/testing: helpers for plugin authors' tests.
export type { ScriptedError, ScriptedStep, ScriptedToolCall, ScriptedTurn } from "./scripted-turn.js";
export { createScriptedProvider, SCRIPTED_API } from "./scripted-provider.js";
export type { ScriptedProvider, ScriptedProviderOptions } from "./scripted-provider.js";
export { scriptedModel, scriptedProviderPlugin } from "./scripted-model.js";
