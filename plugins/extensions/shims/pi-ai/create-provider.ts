// pi-ai's `createProvider`: a provider object (the kind `pi.registerProvider(provider)` takes) built from parts:
// models of every type, auth, and the implementations that serve them. One `api` serves every chat model; a map
// by API serves each model by its `api`, and a model whose API has no entry gets an error (a stream error event, or
// an error result for images and classifiers). `fetchModels` makes the provider dynamic: its fetched models overlay
// the static ones, restored from and saved to the models store through `refreshModels`' `publish`.
import type { Model } from "../../../../kernel/index.js";
import { lazyStream, type ProviderStreams } from "./lazy-stream.js";
import { getModelType } from "./pi-ai-utils.js";
import { ModelsError } from "./pi-ai-json.js";
import type { LlmContext, LlmStreamOptions } from "./llm.js";

type AnyModel = Model & { type?: string };
type OneShot<K extends string> = Record<K, (model: AnyModel, context: unknown, options?: { signal?: AbortSignal }) => Promise<unknown>>;

interface RefreshContext {
  stored?: { models: AnyModel[] };
  publish(publication: { persist?: { models: AnyModel[]; checkedAt: number } | null; update?: () => void }): Promise<boolean>;
  allowNetwork: boolean;
  signal: AbortSignal;
}

export interface CreateProviderOptions {
  id: string;
  name?: string;
  baseUrl?: string;
  headers?: Record<string, string | null>;
  auth: object;
  models: readonly AnyModel[];
  fetchModels?: (context: RefreshContext) => Promise<readonly AnyModel[]>;
  filterModels?: (models: readonly Model[], credential: unknown) => readonly Model[];
  filterAllModels?: (models: readonly AnyModel[], credential: unknown) => readonly AnyModel[];
  api?: ProviderStreams | Record<string, ProviderStreams | undefined>;
  images?: Record<string, OneShot<"generateImages"> | undefined>;
  classifiers?: Record<string, OneShot<"classify"> | undefined>;
}

const KNOWN_TYPES = new Set(["chat", "image", "classifier"]);

/** pi-ai's failed image or classifier result: the operation's empty output and the error */
export function failedResult(model: AnyModel, empty: object, error: unknown, aborted = false) {
  const errorMessage = error instanceof Error ? error.message : String(error);
  return { api: model.api, provider: model.provider, model: model.id, ...empty, stopReason: aborted ? "aborted" : "error", errorMessage, timestamp: Date.now() };
}

function defined<T>(record: Record<string, T | undefined> | undefined): T[] {
  return Object.values(record ?? {}).filter((entry): entry is T => entry !== undefined);
}

export function createProvider(input: CreateProviderOptions) {
  const single = input.api && typeof (input.api as ProviderStreams).stream === "function" ? (input.api as ProviderStreams) : undefined;
  const byApi = single ? undefined : (input.api as Record<string, ProviderStreams | undefined> | undefined);
  const streams = single ? [single] : defined(byApi);
  if (streams.length === 0 && defined(input.images).length === 0 && defined(input.classifiers).length === 0) {
    throw new Error(`Provider ${input.id}: at least one of "api", "images", or "classifiers" is required.`);
  }
  let fetched: AnyModel[] = [];
  /** the static models, each replaced by a fetched one of the same type and id, then the other fetched ones */
  const currentModels = (): AnyModel[] => {
    const merged = [...input.models];
    for (const model of fetched) {
      const index = merged.findIndex((entry) => getModelType(entry) === getModelType(model) && entry.id === model.id);
      if (index >= 0) merged[index] = model;
      else merged.push(model);
    }
    return merged;
  };
  const streamsFor = (model: Model) => single ?? byApi?.[model.api];
  const dispatch = (model: Model, options: LlmStreamOptions | undefined, run: (implementation: ProviderStreams) => AsyncIterable<unknown>) => {
    const implementation = streamsFor(model);
    if (implementation) return run(implementation);
    return lazyStream(model, () => Promise.reject(new ModelsError("stream", `Provider ${input.id} has no API implementation for "${model.api}"`)), undefined, options?.signal);
  };
  const fetchModels = input.fetchModels;
  const provider: Record<string, unknown> = {
    id: input.id,
    name: input.name ?? input.id,
    baseUrl: input.baseUrl,
    headers: input.headers,
    auth: input.auth,
    getModels: () => currentModels().filter((model) => getModelType(model) === "chat"),
    getAllModels: currentModels,
    refreshModels: fetchModels && (async (context: RefreshContext) => {
      if (context.stored) {
        const restored = context.stored.models.filter((model) => model.provider === input.id);
        if (!(await context.publish({ update: () => void (fetched = restored) }))) return;
      }
      if (!context.allowNetwork || context.signal.aborted) return;
      const models = await fetchModels(context);
      if (context.signal.aborted) return;
      // a model type this version does not know is dropped, as pi-ai drops it
      const known = models.filter((model) => KNOWN_TYPES.has(getModelType(model)));
      await context.publish({ persist: { models: known, checkedAt: Date.now() }, update: () => void (fetched = known) });
    }),
    filterModels: input.filterModels,
    filterAllModels: input.filterAllModels,
    stream: (model: Model, context: LlmContext, options?: LlmStreamOptions) => dispatch(model, options, (implementation) => implementation.stream(model, context, options)),
    streamSimple: (model: Model, context: LlmContext, options?: LlmStreamOptions) => dispatch(model, options, (implementation) => implementation.streamSimple(model, context, options)),
  };
  if (streams.some((entry) => entry.fetchDeferred)) {
    provider.fetchDeferred = (model: Model, handle: unknown, options?: { signal?: AbortSignal }) =>
      lazyStream(
        model,
        async () => {
          const implementation = streamsFor(model);
          if (!implementation?.fetchDeferred) throw new ModelsError("provider", `Provider ${input.id} does not support deferred responses for "${model.api}"`);
          return implementation.fetchDeferred(model, handle, options);
        },
        undefined,
        options?.signal,
      );
  }
  if (streams.some((entry) => entry.cancelDeferred)) {
    provider.cancelDeferred = async (model: Model, handle: unknown, options?: { signal?: AbortSignal }) => {
      const implementation = streamsFor(model);
      if (!implementation?.cancelDeferred) throw new ModelsError("provider", `Provider ${input.id} cannot cancel deferred responses for "${model.api}"`);
      await implementation.cancelDeferred(model, handle, options);
    };
  }
  const { images, classifiers } = input;
  if (defined(images).length > 0) {
    provider.generateImages = async (model: AnyModel, context: unknown, options?: { signal?: AbortSignal }) => {
      const implementation = images![model.api];
      if (implementation) return implementation.generateImages(model, context, options);
      return failedResult(model, { output: [] }, new ModelsError("provider", `Provider ${input.id} has no image generation implementation for "${model.api}"`));
    };
  }
  if (defined(classifiers).length > 0) {
    provider.classify = async (model: AnyModel, context: unknown, options?: { signal?: AbortSignal }) => {
      const implementation = classifiers![model.api];
      if (implementation) return implementation.classify(model, context, options);
      return failedResult(model, { answers: {} }, new ModelsError("provider", `Provider ${input.id} has no classifier implementation for "${model.api}"`));
    };
  }
  return provider;
}
