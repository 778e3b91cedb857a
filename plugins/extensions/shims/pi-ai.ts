// `@mariozechner/pi-ai` (and `@earendil-works/pi-ai`) for extensions: TypeBox's `Type`, `StringEnum`, model
// lookups and model calls answered by the session's own models service and provider plugins.
import { Type } from "typebox";
import { PithError } from "../../../kernel/errors.js";
import type { Model } from "../../../kernel/model.js";
import type { AssistantMessageEvent } from "../../../kernel/provider.js";
import { parsePartialJson } from "../../../lib/provider-kit/partial-json.js";
import { clampThinkingLevel, supportedThinkingLevels } from "../../../kernel/thinking.js";
import { extensionHost } from "../host.js";
import type { LlmContext, LlmStreamOptions } from "./llm.js";
import { providerFromStream } from "../registrations/provider-from-stream.js";

export { providerFromStream };

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

export function modelsAreEqual(a: Model | null | undefined, b: Model | null | undefined): boolean {
  return !!a && !!b && a.provider === b.provider && a.id === b.id;
}

export function parseStreamingJson(partial: string | undefined): Record<string, unknown> {
  return (partial && parsePartialJson(partial)) || {};
}

/** pi-ai's `registerApiProvider`: a stream function for a wire protocol becomes a pith provider plugin. */
export function registerApiProvider(provider: {
  api: string;
  stream?: (model: Model, context: LlmContext, options?: LlmStreamOptions) => AsyncIterable<AssistantMessageEvent>;
  streamSimple?: (model: Model, context: LlmContext, options?: LlmStreamOptions) => AsyncIterable<AssistantMessageEvent>;
}): void {
  const host = extensionHost();
  const streamFn = provider.streamSimple ?? provider.stream;
  if (!host || !streamFn) throw new PithError("EXTENSION_NO_SESSION", "registerApiProvider works only inside a running pith session, with a stream function.");
  host.registerProvider(providerFromStream(provider.api, streamFn));
}

