// `ctx.modelRegistry`: pi's ModelRegistry method names over pith's models service.
import { errorMessage, type AssistantMessage, type Model } from "../../../kernel/index.js";
import { AssistantMessageEventStream } from "../shims/pi-ai/event-stream.js";
import type { LlmContext, LlmStreamOptions } from "../shims/pi-ai/llm.js";
import type { ModelRegistry } from "../../models/registry.js";
import type { VirtualModelDefinition } from "../../models/virtual-models.js";
import type { NativeProvider } from "../registrations/native-provider.js";
import { providerAuth, providerObject } from "./provider-view.js";
import { isModelType, type ImageModel, type ModelTypeMap } from "../../models/model-types.js";
import type { AssistantImages, ImagesContext, ImagesOptions } from "../../models/images/image-types.js";
import type { ClassifierResult } from "../../classifiers/classifier-types.js";

type AnyModel = ModelTypeMap[keyof ModelTypeMap];

function findOfType(models: ModelRegistry | undefined, type: string, provider: string, modelId: string): AnyModel | undefined {
  if (!isModelType(type)) return undefined;
  return type === "chat" ? models?.find(provider, modelId) : models?.modelsOfType(type, provider).find((model) => model.id === modelId);
}

export type ResolvedRequestAuth = { ok: true; apiKey?: string; headers?: Record<string, string> } | { ok: false; error: string };

export interface ModelRegistryView {
  find(provider: string, modelId: string): Model | undefined;
  getAll(): Model[];
  getAvailable(): Model[];
  hasConfiguredAuth(model: Model): boolean;
  getApiKeyAndHeaders(model: Model): Promise<ResolvedRequestAuth>;
  getApiKeyForProvider(provider: string): Promise<string | undefined>;
  getProviderDisplayName(provider: string): string;
  isUsingOAuth(model: Model): boolean;
  /** pi's `AuthStatus`: whether a key is configured and where it comes from */
  getProviderAuthStatus(provider: string): { configured: boolean; source?: string; label?: string };
  /** models of a type ("chat", "classifier", "image"), optionally of one provider; an unknown type lists none */
  getModelsOfType(type: string, provider?: string): readonly AnyModel[];
  getAvailableOfType(type: string, provider?: string): Promise<readonly AnyModel[]>;
  getModelOfType(type: string, provider: string, modelId: string): AnyModel | undefined;
  findOfType(type: string, provider: string, modelId: string): AnyModel | undefined;
  /** the providers extensions registered */
  getRegisteredProviderIds(): readonly string[];
  registerProvider(name: string, config: Record<string, unknown>): void;
  unregisterProvider(name: string): void;
  /** the config an extension registered the provider with (pi's `getRegisteredProviderConfig`) */
  getRegisteredProviderConfig(name: string): Record<string, unknown> | undefined;
  /** the whole pi-ai provider object an extension registered (pi's `registerProvider(provider)`) */
  getRegisteredNativeProvider(name: string): NativeProvider | undefined;
  /** pi-ai's `Provider` for the id: models, endpoint, headers, calls */
  getProvider(provider: string): ReturnType<typeof providerObject>;
  /** the provider's resolved key, headers and endpoint, and where they come from */
  getProviderAuth(provider: string): ReturnType<typeof providerAuth>;
  registerVirtualModel(definition: VirtualModelDefinition): void;
  unregisterVirtualModel(provider: string, id: string): void;
  /** reads models.json and auth.json again and runs the dynamic providers' `refreshModels` (online unless PI_OFFLINE) */
  refresh(options?: RefreshOptions): Promise<RefreshResult>;
  /** pi's `classify`: never rejects; a failed call answers `stopReason: "error"` with pith's code */
  classify(model: unknown, context: unknown, options?: unknown): Promise<ClassifierResult>;
  /** never rejects: a failure is a result with `stopReason: "error"` and a `code` */
  generateImages(model: ImageModel, context: ImagesContext, options?: ImagesOptions): Promise<AssistantImages>;
  getError(): string | undefined;
  /** one model call as pi-ai's event stream, through pith's provider for the model's API (pi's `stream`) */
  stream(model: Model, context: LlmContext, options?: LlmStreamOptions): AssistantMessageEventStream;
  streamSimple(model: Model, context: LlmContext, options?: LlmStreamOptions): AssistantMessageEventStream;
  /** one model call to its end (pi's `complete`) */
  complete(model: Model, context: LlmContext, options?: LlmStreamOptions): Promise<AssistantMessage>;
  completeSimple(model: Model, context: LlmContext, options?: LlmStreamOptions): Promise<AssistantMessage>;
}

// the calling code is loaded at the first call (most runs never make one); the stream is handed back at once
function stream(model: Model, context: LlmContext, options?: LlmStreamOptions): AssistantMessageEventStream {
  const events = new AssistantMessageEventStream();
  void import("../shims/pi-ai/llm.js").then((llm) => llm.streamInto(events, model, context, options));
  return events;
}
const complete = (model: Model, context: LlmContext, options?: LlmStreamOptions) => stream(model, context, options).result();

/** pith's names for where a key comes from, as pi's `AuthStatus.source` says them; a variable's name means "environment" */
const AUTH_SOURCES: Record<string, string> = {
  "--api-key": "runtime",
  "stored credential": "stored",
};

export interface RefreshOptions {
  /** pi's default: online unless PI_OFFLINE is set */
  allowNetwork?: boolean;
  force?: boolean;
  signal?: AbortSignal;
  /** only these providers (pi's `providers`); unknown and static ones are skipped */
  providers?: readonly string[];
}

export interface RefreshResult {
  aborted: boolean;
  errors: ReadonlyMap<string, Error>;
}


/** What extensions registered as whole pi-ai `Provider` objects: the objects, and their `refreshModels` run. */
export interface NativeProviders {
  get(name: string): NativeProvider | undefined;
  refresh(options: RefreshOptions): Promise<RefreshResult>;
}

export function modelRegistryView(registry: () => ModelRegistry | undefined, native?: NativeProviders): ModelRegistryView {
  return {
    find: (provider, modelId) => registry()?.find(provider, modelId),
    getAll: () => [...(registry()?.all() ?? [])],
    getAvailable: () => registry()?.availableModels() ?? [],
    hasConfiguredAuth: (model) => registry()?.hasAuth(model.provider) ?? false,
    async getApiKeyAndHeaders(model) {
      const models = registry();
      if (!models) return { ok: false, error: "pith has no models service in this session" };
      try {
        return { ok: true, ...(await models.resolveAuth(model)) };
      } catch (error) {
        return { ok: false, error: errorMessage(error) };
      }
    },
    getApiKeyForProvider: async (provider) => registry()?.resolveApiKey(provider),
    getProviderDisplayName: (provider) => registry()?.providerName(provider) ?? provider,
    isUsingOAuth: (model) => registry()?.authSource(model.provider)?.type === "oauth",
    getProviderAuthStatus(provider) {
      const models = registry();
      const source = models?.authSource(provider);
      if (!models || !source) return { configured: false };
      if (source.source === "models.json") return models.configuredKeyStatus(provider) ?? { configured: false };
      const status = AUTH_SOURCES[source.source];
      // pi names where a key was found only for the environment's
      return status ? { configured: true, source: status } : { configured: true, source: "environment", label: source.source };
    },
    getModelsOfType: (type, provider) => (isModelType(type) ? (registry()?.modelsOfType(type, provider) ?? []) : []),
    getAvailableOfType: async (type, provider) => (isModelType(type) ? (registry()?.availableOfType(type, provider) ?? []) : []),
    getModelOfType: (type, provider, modelId) => findOfType(registry(), type, provider, modelId),
    findOfType: (type, provider, modelId) => findOfType(registry(), type, provider, modelId),
    getRegisteredProviderIds: () => registry()?.registeredProviderIds() ?? [],
    registerProvider: (name, config) => registry()?.registerProvider(name, config),
    unregisterProvider: (name) => registry()?.unregisterProvider(name),
    getRegisteredProviderConfig: (name) => registry()?.registeredProviderConfig(name),
    getRegisteredNativeProvider: (name) => native?.get(name),
    getProvider: (provider) => {
      const models = registry();
      return models && providerObject(models, provider, stream, native?.get(provider)?.auth);
    },
    getProviderAuth: async (provider) => {
      const models = registry();
      return models && providerAuth(models, provider);
    },
    registerVirtualModel: (definition) => registry()?.registerVirtualModel(definition),
    unregisterVirtualModel: (provider, id) => registry()?.unregisterVirtualModel(provider, id),
    refresh: async (options = {}) => {
      registry()?.reload();
      return native ? native.refresh(options) : { aborted: options.signal?.aborted ?? false, errors: new Map<string, Error>() };
    },
    async classify(model, context, options) {
      const models = registry();
      const { classify } = await import("../../classifiers/classify.js");
      return classify(models, model as never, context as never, options as never);
    },
    async generateImages(model, context, options) {
      const models = registry();
      if (!models) return { api: model?.api ?? "unknown", provider: model?.provider ?? "unknown", model: model?.id ?? "unknown", output: [], stopReason: "error", errorMessage: "pith has no models service in this session", code: "MODELS_UNAVAILABLE", timestamp: Date.now() };
      const { generateImages } = await import("../../models/images/generate-images.js");
      return generateImages(models, model, context, options);
    },
    getError: () => {
      const errors = registry()?.errors ?? [];
      return errors.length > 0 ? errors.map((error) => error.message).join("\n") : undefined;
    },
    stream,
    streamSimple: stream,
    complete,
    completeSimple: complete,
  };
}
