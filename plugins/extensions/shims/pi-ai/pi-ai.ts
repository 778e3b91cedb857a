// `@earendil-works/pi-ai` (and `@mariozechner/pi-ai`, and both `/compat`) as pi 1.6.0 serves it to extensions: pi-ai's
// compat entry point plus TypeBox's `Type` and a `StringEnum`. Model lookups and model calls are answered by the
// session's own models service and provider plugins; a `Models` collection (`createModels`) holds pi-ai provider
// objects an extension gives it, pith's built-in ones among them.
import { Type } from "typebox";
import type { Model } from "../../../../kernel/index.js";
import { clampThinkingLevel, supportedThinkingLevels } from "../../../../lib/provider-kit/thinking-levels.js";
import { extensionHost } from "../host.js";

export { Type };
export {
  AssistantMessageEventStream,
  EventStream,
  complete,
  completeSimple,
  createAssistantMessageEventStream,
  stream,
  streamSimple,
} from "./llm.js";
export { clampThinkingLevel, supportedThinkingLevels as getSupportedThinkingLevels };

/** A string enum as a plain `{type: "string", enum}` schema, which every provider accepts. */
export function StringEnum<T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });
}

export function getModel(provider: string, modelId: string): Model | undefined {
  return extensionHost()
    ?.models()
    .find((model) => model.provider === provider && model.id === modelId);
}

export function getModels(provider: string): Model[] {
  return (extensionHost()?.models() ?? []).filter((model) => model.provider === provider);
}

export function getProviders(): string[] {
  return [...new Set((extensionHost()?.models() ?? []).map((model) => model.provider))];
}

export * from "./pi-ai-transcript.js";
export * from "./pi-ai-utils.js";
export * from "./pi-ai-validation.js";
export { createModels } from "./models-collection.js";
export * from "./pi-ai-apis.js";
export * from "./api-registry.js";
export * from "./images-registry.js";
export * from "./session-resources.js";
export * from "./bedrock-hooks.js";
export * from "./in-memory-stores.js";
export { lazyApi, lazyStream } from "./lazy-stream.js";
export { createFauxCore } from "./faux-core.js";
export { fauxProvider } from "./faux-provider.js";
export { createProvider } from "./create-provider.js";
export * from "./pi-ai-json.js";
export { parseStreamingJson } from "./partial-json-value.js";
export { StreamingJsonParser } from "./streaming-json-parser.js";
export { withClientIdentity } from "./with-client-identity.js";
export * from "./pi-ai-helpers.js";
export * from "./pi-ai-retry.js";
