// pi-ai 1.6.0's `createModels`: a mutable collection of pi-ai provider objects (pith's built-in ones from
// `providers/all`, or an extension's own) that lists their models, tells which providers are configured, resolves
// their auth from a credential store and the environment, refreshes dynamic catalogues through a models store, and
// sends each request to the provider that owns the model with the key and headers it resolved.
import { failedResult } from "./create-provider.js";
import { defaultProviderAuthContext, InMemoryCredentialStore, InMemoryModelsStore } from "./in-memory-stores.js";
import { lazyStream } from "./lazy-stream.js";
import { checkProviderAuth, readCredential, resolveProviderAuth, type AuthOverrides, type CredentialStore } from "./models-auth.js";
import { CatalogueRefresher } from "./models-refresh.js";
import type { AnyModel, CreateModelsOptions, Headers, ModelsStore, Options, Provider, RefreshOptions } from "./models-types.js";
import { getOpenCodeSessionHeaders, mergeClientIdentity } from "./pi-ai-helpers.js";
import { ModelsError } from "./pi-ai-json.js";
import { normalizeContext } from "./pi-ai-transcript.js";
import { isModelType } from "./pi-ai-utils.js";
import type { AssistantMessageEventStream } from "./event-stream.js";

/** `override`'s headers replace `base`'s of the same name, whatever their case. */
function mergeHeaders(base: Headers | undefined, override: Headers | undefined): Headers | undefined {
  if (!base && !override) return undefined;
  const merged: Headers = { ...base };
  for (const [name, value] of Object.entries(override ?? {})) {
    for (const existing of Object.keys(merged)) if (existing.toLowerCase() === name.toLowerCase()) delete merged[existing];
    merged[name] = value;
  }
  return merged;
}

/** A provider's models by `list`, none when it throws (a provider must not break the collection). */
function safely(list: () => readonly AnyModel[]): readonly AnyModel[] {
  try {
    return list();
  } catch {
    return [];
  }
}

const signalOf = (signal?: AbortSignal) => signal ?? new AbortController().signal;

function assertType(model: AnyModel, type: string, noun: string): void {
  if (!isModelType(model, type)) throw new ModelsError("provider", `Model ${model.provider}/${model.id} is not ${noun}`);
}

export function createModels(settings: CreateModelsOptions = {}) {
  const providers = new Map<string, Provider>();
  const credentials = settings.credentials ?? (new InMemoryCredentialStore() as unknown as CredentialStore);
  const modelsStore = settings.modelsStore ?? (new InMemoryModelsStore() as unknown as ModelsStore);
  const authContext = settings.authContext ?? defaultProviderAuthContext();
  const refresher = new CatalogueRefresher(credentials, modelsStore, authContext);

  const chatModels = (provider: Provider) => safely(() => provider.getModels());
  const allModels = (provider: Provider) => safely(() => provider.getAllModels?.() ?? provider.getModels());
  const selected = (id: string | undefined) => (id === undefined ? [...providers.values()] : [providers.get(id)].filter((entry) => entry !== undefined));

  const configured = async (providerId: string | undefined, signal: AbortSignal) => {
    signal.throwIfAborted();
    const checks = await Promise.all(
      selected(providerId).map(async (provider) => {
        const credential = await readCredential(credentials, provider.id, signal);
        return { provider, credential, auth: await checkProviderAuth(provider, credential, credentials, authContext, signal) };
      }),
    );
    return checks.filter((entry) => entry.auth !== undefined);
  };

  const getAuth = async (target: string | AnyModel, overrides: AuthOverrides = {}) => {
    const provider = providers.get(typeof target === "string" ? target : target.provider);
    if (!provider) return undefined;
    const result = await resolveProviderAuth(provider, credentials, authContext, overrides, signalOf(overrides.signal));
    if (!result || typeof target === "string" || !target.headers) return result;
    return { ...result, auth: { ...result.auth, headers: mergeHeaders(result.auth.headers as Headers | undefined, target.headers) } };
  };

  const providerOf = (model: AnyModel) => {
    const provider = providers.get(model.provider);
    if (!provider) throw new ModelsError("provider", `Unknown provider: ${model.provider}`);
    return provider;
  };

  /** the model and options a provider receives: the resolved key, headers and endpoint, and the identity */
  const withAuth = async (model: AnyModel, options: Options | undefined) => {
    providerOf(model);
    const resolved = await getAuth(model, { apiKey: options?.apiKey, env: options?.env, signal: options?.signal });
    if (!resolved) throw new ModelsError("auth", `Provider is not configured: ${model.provider}`);
    const auth = resolved.auth as { apiKey?: string; headers?: Headers; baseUrl?: string };
    const requestModel = auth.baseUrl ? { ...model, baseUrl: auth.baseUrl } : model;
    const sessionId = typeof options?.sessionId === "string" ? options.sessionId : undefined;
    let headers = mergeHeaders(mergeHeaders(getOpenCodeSessionHeaders(requestModel, sessionId), auth.headers), options?.headers);
    if (options?.transformHeaders) headers = await options.transformHeaders(headers ?? {});
    const env = resolved.env || options?.env ? { ...resolved.env, ...options?.env } : undefined;
    const identity = mergeClientIdentity(settings.identity, options?.identity);
    const { transformHeaders: _dropped, ...rest } = options ?? {};
    return { requestModel, requestOptions: { ...rest, apiKey: options?.apiKey ?? auth.apiKey, headers, env, ...(identity === undefined ? {} : { identity }) } };
  };

  const chatRequest = (model: AnyModel, options: Options | undefined, send: (provider: Provider, requestModel: AnyModel, requestOptions: Options) => unknown) =>
    lazyStream(
      model,
      async () => {
        assertType(model, "chat", "a chat model");
        const provider = providerOf(model);
        const { requestModel, requestOptions } = await withAuth(model, options);
        return send(provider, requestModel, requestOptions) as AssistantMessageEventStream;
      },
      undefined,
      options?.signal,
    );

  const oneShot = async (model: AnyModel, context: unknown, options: Options | undefined, operation: "generateImages" | "classify") => {
    const empty = operation === "generateImages" ? { output: [] } : { answers: {} };
    try {
      if (operation === "generateImages") assertType(model, "image", "an image model");
      else {
        assertType(model, "classifier", "a classifier model");
        const images = (context as { images?: unknown[] } | undefined)?.images;
        if (images?.length && !model.input?.includes("image")) throw new ModelsError("provider", `Model ${model.provider}/${model.id} does not accept image input`);
      }
      const provider = providerOf(model);
      const call = provider[operation];
      if (!call) throw new ModelsError("provider", `Provider ${model.provider} does not support ${operation === "generateImages" ? "image generation" : "classification"}`);
      const { requestModel, requestOptions } = await withAuth(model, options);
      return await call.call(provider, requestModel, context, requestOptions);
    } catch (error) {
      return failedResult(model, empty, error, options?.signal?.aborted);
    }
  };

  const deferredProvider = (model: AnyModel) => {
    assertType(model, "chat", "a chat model");
    const provider = providerOf(model);
    if (!provider.fetchDeferred) throw new ModelsError("provider", `Provider ${model.provider} does not support deferred responses`);
    return provider;
  };

  const models = {
    getProviders: () => [...providers.values()],
    getProvider: (id: string) => providers.get(id),
    getModels: (provider?: string) => selected(provider).flatMap(chatModels),
    getModel: (provider: string, id: string) => selected(provider).flatMap(chatModels).find((model) => model.id === id),
    getModelsOfType: (type: string, provider?: string) => selected(provider).flatMap(allModels).filter((model) => isModelType(model, type)),
    getModelOfType: (type: string, provider: string, id: string) => models.getModelsOfType(type, provider).find((model) => model.id === id),
    getAllModels: (provider?: string) => selected(provider).flatMap(allModels),
    refresh: (refreshOptions: RefreshOptions = {}) => refresher.refresh([...providers.values()], refreshOptions),
    checkAuth: async (providerId: string, authOptions?: { signal?: AbortSignal }) => {
      const signal = signalOf(authOptions?.signal);
      signal.throwIfAborted();
      const provider = providers.get(providerId);
      if (!provider) return undefined;
      return checkProviderAuth(provider, await readCredential(credentials, providerId, signal), credentials, authContext, signal);
    },
    getAvailable: async (providerId?: string, authOptions?: { signal?: AbortSignal }) =>
      // a configured provider whose list throws fails the call, as in pi-ai
      (await configured(providerId, signalOf(authOptions?.signal))).flatMap(({ provider, credential }) => {
        const list = provider.getModels();
        return provider.filterModels?.(list, credential) ?? list;
      }),
    getAvailableOfType: async (type: string, providerId?: string, authOptions?: { signal?: AbortSignal }) =>
      (await models.getAllAvailable(providerId, authOptions)).filter((model) => isModelType(model, type)),
    getAllAvailable: async (providerId?: string, authOptions?: { signal?: AbortSignal }) =>
      (await configured(providerId, signalOf(authOptions?.signal))).flatMap(({ provider, credential }) => {
        const list = provider.getAllModels?.() ?? provider.getModels();
        if (provider.filterAllModels) return provider.filterAllModels(list, credential);
        if (!provider.filterModels) return list;
        const chatIds = new Set(provider.filterModels(provider.getModels(), credential).map((model) => model.id));
        return list.filter((model) => !isModelType(model, "chat") || chatIds.has(model.id));
      }),
    getAuth,
    login: async (providerId: string, type: string, interaction: { signal?: AbortSignal }, loginOptions?: unknown) => {
      const signal = signalOf(interaction.signal);
      signal.throwIfAborted();
      const provider = providers.get(providerId);
      if (!provider) throw new ModelsError("provider", `Unknown provider: ${providerId}`);
      const method = type === "oauth" ? provider.auth.oauth : provider.auth.apiKey;
      if (!method?.login) throw new ModelsError("auth", `${provider.name} does not support ${type} login`);
      const credential = await method.login({ ...interaction, signal }, loginOptions);
      try {
        await credentials.modify(providerId, async () => credential, { signal });
      } catch (error) {
        signal.throwIfAborted();
        throw new ModelsError("auth", `Credential store modify failed for ${providerId}`, { cause: error });
      }
      return credential;
    },
    logout: async (providerId: string, authOptions?: { signal?: AbortSignal }) => {
      const signal = signalOf(authOptions?.signal);
      signal.throwIfAborted();
      try {
        await credentials.delete(providerId, { signal });
      } catch (error) {
        signal.throwIfAborted();
        throw new ModelsError("auth", `Credential store delete failed for ${providerId}`, { cause: error });
      }
    },
    stream: (model: AnyModel, context: Parameters<typeof normalizeContext>[0], options?: Options) => {
      const transcript = normalizeContext(context);
      return chatRequest(model, options, (provider, requestModel, requestOptions) => provider.stream(requestModel, transcript, requestOptions));
    },
    complete: (model: AnyModel, context: Parameters<typeof normalizeContext>[0], options?: Options) => models.stream(model, context, options).result(),
    streamSimple: (model: AnyModel, context: Parameters<typeof normalizeContext>[0], options?: Options) => {
      const transcript = normalizeContext(context);
      return chatRequest(model, options, (provider, requestModel, requestOptions) => provider.streamSimple(requestModel, transcript, requestOptions));
    },
    completeSimple: (model: AnyModel, context: Parameters<typeof normalizeContext>[0], options?: Options) => models.streamSimple(model, context, options).result(),
    streamDeferred: (model: AnyModel, handle: unknown, options?: Options) =>
      chatRequest(model, options, (_provider, requestModel, requestOptions) => deferredProvider(model).fetchDeferred!(requestModel, handle, requestOptions)),
    fetchDeferred: (model: AnyModel, handle: unknown, options?: Options) => models.streamDeferred(model, handle, options).result(),
    cancelDeferred: async (model: AnyModel, handle: unknown, options?: Options) => {
      assertType(model, "chat", "a chat model");
      const provider = providerOf(model);
      if (!provider.cancelDeferred) throw new ModelsError("provider", `Provider ${model.provider} does not support deferred responses`);
      const { requestModel, requestOptions } = await withAuth(model, options);
      await provider.cancelDeferred(requestModel, handle, requestOptions);
    },
    generateImages: (model: AnyModel, context: unknown, options?: Options) => oneShot(model, context, options, "generateImages"),
    classify: (model: AnyModel, context: unknown, options?: Options) => oneShot(model, context, options, "classify"),
    setProvider: (provider: Provider) => {
      refresher.supersede(provider.id);
      providers.set(provider.id, provider);
    },
    deleteProvider: (id: string) => {
      refresher.supersede(id);
      providers.delete(id);
    },
    clearProviders: () => {
      for (const id of new Set([...providers.keys(), ...refresher.running()])) refresher.supersede(id);
      providers.clear();
    },
  };

  return models;
}
