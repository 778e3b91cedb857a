// A model and a plugin that route requests to a scripted provider.
import type { Model, PithPlugin } from "../../kernel/index.js";
import { SCRIPTED_API, type ScriptedProvider } from "./scripted-provider.js";

/** A free, text-and-image model on the scripted provider's default api; override `api` for a custom one. */
export function scriptedModel(overrides: Partial<Model> = {}): Model {
  return {
    id: "scripted-model",
    name: "Scripted Model",
    api: SCRIPTED_API,
    provider: "scripted",
    baseUrl: "http://127.0.0.1:0",
    reasoning: false,
    input: ["text", "image"],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 128_000,
    maxTokens: 16_384,
    ...overrides,
  };
}

/** Registers the scripted provider through the public plugin contract, as a real provider plugin would. */
export function scriptedProviderPlugin(scripted: ScriptedProvider): PithPlugin {
  return {
    name: `scripted-provider:${scripted.api}`,
    setup(context) {
      context.registerProvider(scripted.provider);
    },
  };
}
