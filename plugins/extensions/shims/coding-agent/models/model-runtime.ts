// pi 1.6.0's `ModelRuntime` as pith serves it to extensions (dist/core/model-runtime.d.ts): pi-ai's `Models`
// collection over one of pith's own models registries (plugins/models/registry.ts), which reads the given
// auth.json and models.json, pith's catalogue, and what is registered on the runtime. Listing, availability, auth
// status and auth come from that registry; calls go through ./runtime-requests.ts; sign-ins through
// ./runtime-login.ts. The registry's answers are current at each call, so pi's "snapshot" is always fresh.
import { resolve } from "node:path";
import { PithError, type Model, type ProviderApi } from "../../../../../kernel/index.js";
import { ModelRegistry as PithModels } from "../../../../models/registry.js";
import { readAuthFile } from "../../../../models/config-files/auth-file.js";
import type { VirtualModelDefinition } from "../../../../models/virtual-models.js";
import { modelRegistryView, type ModelRegistryView, type RefreshResult } from "../../../context/model-registry-view.js";
import { authLabel } from "../../../context/provider-view.js";
import { providerFromStream, type StreamFunction } from "../../../registrations/provider-from-stream.js";
import { splitTypedRegistration } from "../../../registrations/typed-model-registration.js";
import { loginFlowFromExtension } from "../../../registrations/extension-oauth.js";
import { availabilityFilterOf, configOfNativeProvider, isNativeProvider, nativeAuthConfigured, republishNativeModels, type NativeProvider } from "../../../registrations/native-provider.js";
import { nativeApiKeyLogin, nativeOAuthFlow, type NativeOAuth } from "../../../registrations/native-auth.js";
import type { LlmContext, LlmStreamOptions } from "../../pi-ai/llm.js";
import { getAgentDir } from "../agent-dir.js";
import { loginWith, logoutWith, type AuthInteraction } from "./runtime-login.js";
import { noDeferredResponses, routeVirtualModel, streamThrough, type RouteOptions } from "./runtime-requests.js";

export interface CreateModelRuntimeOptions {
  authPath?: string;
  /** null: no models.json */
  modelsPath?: string | null;
  signal?: AbortSignal;
  refreshOnCreate?: boolean;
}

type Config = Record<string, unknown>;
type AnyModel = ReturnType<ModelRegistryView["getModelsOfType"]>[number];
interface Options {
  signal?: AbortSignal;
}

const TOKEN = Symbol("pith model runtime");
/** each served runtime's registry, for the sub-session an extension hands the runtime to (../../sdk/pi-session-options.ts) */
const registries = new WeakMap<object, PithModels>();

export function registryOfRuntime(runtime: object): PithModels | undefined {
  return registries.get(runtime);
}

export class ModelRuntime {
  readonly #models: PithModels;
  readonly #view: ModelRegistryView;
  /** what `registerProvider` was given, merged over earlier registrations of the same id, as pi keeps it */
  readonly #configs = new Map<string, Config>();
  readonly #native = new Map<string, NativeProvider>();
  /** the stream functions registered providers brought, by API name */
  readonly #streams = new Map<string, ProviderApi>();
  /** whole `Provider` objects' auth being asked whether it is configured */
  readonly #checks = new Set<Promise<void>>();
  #credentialWrites: Promise<unknown> = Promise.resolve();

  constructor(token: typeof TOKEN, models: PithModels) {
    if (token !== TOKEN) throw new PithError("EXTENSION_API_UNSUPPORTED", "Create a ModelRuntime with ModelRuntime.create(options), as in pi.");
    this.#models = models;
    registries.set(this, models);
    this.#view = modelRegistryView(() => models, { get: (name) => this.#native.get(name), refresh: async () => ({ aborted: false, errors: new Map() }) });
  }

  /** A runtime over `authPath` (default `<agentDir>/auth.json`) and `modelsPath` (default `<agentDir>/models.json`). */
  static async create(options: CreateModelRuntimeOptions = {}): Promise<ModelRuntime> {
    options.signal?.throwIfAborted();
    const models = new PithModels({
      agentDir: getAgentDir(),
      ...(options.authPath ? { authJsonPath: resolve(options.authPath) } : {}),
      ...(options.modelsPath === null ? { modelsJsonPath: null } : options.modelsPath ? { modelsJsonPath: resolve(options.modelsPath) } : {}),
    });
    const runtime = new ModelRuntime(TOKEN, models);
    if (options.refreshOnCreate !== false) await runtime.refresh({ signal: options.signal });
    return runtime;
  }

  // ---- listing ---------------------------------------------------------------------------------------------------
  getProviders() {
    return this.#models.providers().flatMap((id) => this.getProvider(id) ?? []);
  }
  getProvider(providerId: string) {
    return this.#view.getProvider(providerId);
  }
  getModels(providerId?: string): readonly Model[] {
    return this.#models.modelsOfType("chat", providerId);
  }
  getModel(providerId: string, modelId: string): Model | undefined {
    return this.#models.find(providerId, modelId);
  }
  getModelsOfType(type: string, providerId?: string) {
    return this.#view.getModelsOfType(type, providerId);
  }
  getModelOfType(type: string, providerId: string, modelId: string) {
    return this.#view.getModelOfType(type, providerId, modelId);
  }
  /** every type's models: chat, then image, then classifier */
  getAllModels(providerId?: string): readonly AnyModel[] {
    return ["chat", "image", "classifier"].flatMap((type) => this.getModelsOfType(type, providerId));
  }
  async getAvailableOfType(type: string, providerId?: string, _options?: Options) {
    return this.#view.getAvailableOfType(type, providerId);
  }
  async getAllAvailable(providerId?: string, _options?: Options): Promise<readonly AnyModel[]> {
    return (await Promise.all(["chat", "image", "classifier"].map((type) => this.getAvailableOfType(type, providerId)))).flat();
  }
  async getAvailable(providerId?: string, _options?: Options): Promise<readonly Model[]> {
    return this.#models.availableOfType("chat", providerId);
  }
  getAvailableSnapshot(): readonly Model[] {
    return this.#models.availableModels();
  }
  getPhysicalModel(providerId: string, modelId: string): Model | undefined {
    return this.#models.findPhysical(providerId, modelId);
  }
  getError(): string | undefined {
    return this.#view.getError();
  }

  // ---- auth ------------------------------------------------------------------------------------------------------
  async checkAuth(providerId: string, _options?: Options) {
    const source = this.#models.authSource(providerId);
    return source && { type: source.type, source: authLabel(source.source, source.type) };
  }
  isUsingOAuth(providerId: string): boolean {
    return this.#models.authSource(providerId)?.type === "oauth";
  }
  isUsingSubscription(providerId: string): boolean {
    return this.isUsingOAuth(providerId) && this.#models.loginFlows.isPlan(providerId);
  }
  hasConfiguredAuth(providerId: string): boolean {
    return this.#models.hasAuth(providerId);
  }
  getProviderAuthStatus(providerId: string) {
    return this.#view.getProviderAuthStatus(providerId);
  }
  /** The provider's (or, for a model, the model's) key, headers and endpoint, and where they come from; undefined when none is configured. */
  async getAuth(providerOrModel: string | Model, overrides: { apiKey?: string } = {}) {
    const provider = typeof providerOrModel === "string" ? providerOrModel : providerOrModel.provider;
    // a key given for the call stands where a stored one would, as pi-ai resolves it
    if (overrides.apiKey !== undefined) return { auth: { apiKey: overrides.apiKey }, source: "stored credential" };
    const found = await this.#view.getProviderAuth(provider);
    if (!found || typeof providerOrModel === "string") return found;
    return { ...found, auth: await this.#models.resolveAuth(providerOrModel) };
  }
  /** pi's fallback for a provider without auth: its configured headers, and whether it sends a bearer key */
  getCompatibilityRequestConfig(model: Model): { headers?: Record<string, string>; authHeader: boolean } {
    return this.#models.compatibilityRequest(model);
  }
  setRuntimeApiKey(providerId: string, apiKey: string, _options?: Options): Promise<void> {
    return this.#credentialWrite(async () => this.#models.setRuntimeApiKey(providerId, apiKey));
  }
  removeRuntimeApiKey(providerId: string, _options?: Options): Promise<void> {
    return this.#credentialWrite(async () => this.#models.removeRuntimeApiKey(providerId));
  }
  async settleCredentialWrites(): Promise<void> {
    await this.#credentialWrites;
  }
  /** auth.json's credentials, and the runtime keys as API keys */
  async listCredentials(_options?: Options): Promise<readonly { providerId: string; type: string }[]> {
    const listed = new Map([...readAuthFile(this.#models.authJsonPath).credentials].map(([providerId, credential]) => [providerId, { providerId, type: credential.type }]));
    for (const providerId of this.#models.providers()) if (this.#models.authSource(providerId)?.source === "--api-key") listed.set(providerId, { providerId, type: "api_key" });
    return [...listed.values()];
  }
  login(providerId: string, type: "api_key" | "oauth", interaction: AuthInteraction, _options?: object): Promise<Record<string, unknown>> {
    return this.#credentialWrite(() => loginWith(this.#models, providerId, type, interaction));
  }
  logout(providerId: string, options: Options = {}): Promise<void> {
    return this.#credentialWrite(() => logoutWith(this.#models, providerId, options.signal));
  }
  #credentialWrite<T>(write: () => Promise<T>): Promise<T> {
    const next = this.#credentialWrites.then(write);
    this.#credentialWrites = next.catch(() => undefined);
    return next;
  }

  // ---- calls -----------------------------------------------------------------------------------------------------
  stream(model: Model, context: LlmContext, options?: LlmStreamOptions) {
    return streamThrough(this.#models, (api) => this.#streams.get(api), model, context, options);
  }
  streamSimple(model: Model, context: LlmContext, options?: LlmStreamOptions) {
    return this.stream(model, context, options);
  }
  complete(model: Model, context: LlmContext, options?: LlmStreamOptions) {
    return this.stream(model, context, options).result();
  }
  completeSimple(model: Model, context: LlmContext, options?: LlmStreamOptions) {
    return this.stream(model, context, options).result();
  }
  streamDeferred(model: Model, _handle: unknown, _options?: Options) {
    return noDeferredResponses(model);
  }
  fetchDeferred(model: Model, _handle: unknown, _options?: Options) {
    return noDeferredResponses(model).result();
  }
  async cancelDeferred(model: Model, _handle: unknown, _options?: Options): Promise<void> {
    throw new PithError("NO_PROVIDER", `Provider ${model.provider} does not support deferred responses`);
  }
  generateImages(...args: Parameters<ModelRegistryView["generateImages"]>) {
    return this.#view.generateImages(...args);
  }
  classify(model: unknown, context: unknown, options?: unknown) {
    return this.#view.classify(model, context, options);
  }
  resolveModel(model: Model, messages: Parameters<typeof routeVirtualModel>[2], options: RouteOptions) {
    return routeVirtualModel(this.#models, model, messages, options);
  }

  // ---- registration ----------------------------------------------------------------------------------------------
  /** Reads auth.json and models.json again and asks whole `Provider` objects' auth again. */
  async refresh(options: Options & { providers?: readonly string[] } = {}): Promise<RefreshResult> {
    this.#models.reload();
    for (const [id, provider] of this.#native) if (!options.providers || options.providers.includes(id)) this.#settleNative(id, provider);
    await Promise.all(this.#checks);
    return { aborted: options.signal?.aborted ?? false, errors: new Map() };
  }
  registerProvider(providerId: string, config: Config): void {
    const effective = { ...this.#configs.get(providerId), ...Object.fromEntries(Object.entries(config ?? {}).filter(([, value]) => value !== undefined)) };
    const { streamSimple, oauth, ...rest } = effective;
    const { chatConfig, typed } = splitTypedRegistration(providerId, rest);
    this.#models.registerProvider(providerId, chatConfig);
    this.#native.delete(providerId);
    this.#configs.set(providerId, effective);
    if (typeof streamSimple === "function" && typeof rest.api === "string") this.#streams.set(rest.api, providerFromStream(rest.api, streamSimple as StreamFunction));
    this.#models.typedModels.register(providerId, typed);
    this.#models.setExtensionLogin(providerId, oauth === undefined ? undefined : loginFlowFromExtension(providerId, oauth));
  }
  /** pi-ai's whole `Provider`: its models, calls, auth and sign-ins; it counts as configured when its auth finds a key. */
  registerNativeProvider(provider: NativeProvider): void {
    if (!isNativeProvider(provider) || !provider.id.trim()) throw new PithError("PROVIDER_CONFIG_INVALID", "registerNativeProvider needs a pi-ai Provider with an id, getModels() and streamSimple().");
    const { streamSimple, apiKey: _standIn, ...config } = configOfNativeProvider(provider, () => this.#models.storedCredential(provider.id));
    this.#models.registerProvider(provider.id, config);
    this.#configs.delete(provider.id);
    this.#native.set(provider.id, provider);
    this.#streams.set(config.api as string, providerFromStream(config.api as string, streamSimple as StreamFunction));
    const oauth = provider.auth?.oauth as NativeOAuth | undefined;
    this.#models.setExtensionLogin(provider.id, oauth && nativeOAuthFlow(provider.id, oauth));
    const keyLogin = provider.auth?.apiKey?.login;
    this.#models.loginFlows.setApiKeyLogin(provider.id, typeof keyLogin === "function" ? nativeApiKeyLogin(provider.id, keyLogin.bind(provider.auth?.apiKey)) : undefined);
    this.#models.setAvailabilityFilter(provider.id, availabilityFilterOf(provider));
    this.#settleNative(provider.id, provider);
  }
  #settleNative(id: string, provider: NativeProvider): void {
    if (this.#models.authSource(id) && this.#models.authSource(id)?.source !== "models.json") return;
    const check = nativeAuthConfigured(provider, AbortSignal.timeout(15_000))
      .then((configured) => {
        if (this.#native.get(id) === provider) republishNativeModels(this.#models, id, provider, configured);
      })
      .catch(() => undefined)
      .finally(() => this.#checks.delete(check));
    this.#checks.add(check);
  }
  unregisterProvider(providerId: string): void {
    this.#configs.delete(providerId);
    this.#native.delete(providerId);
    this.#models.unregisterProvider(providerId);
  }
  registerVirtualModel(definition: VirtualModelDefinition): void {
    this.#models.registerVirtualModel(definition);
  }
  unregisterVirtualModel(providerId: string, id: string): void {
    this.#models.unregisterVirtualModel(providerId, id);
  }
  getRegisteredProviderConfig(providerId: string): Config | undefined {
    return this.#configs.get(providerId);
  }
  getRegisteredProviderIds(): readonly string[] {
    return [...new Set([...this.#configs.keys(), ...this.#native.keys()])];
  }
  getRegisteredNativeProvider(providerId: string): NativeProvider | undefined {
    return this.#native.get(providerId);
  }
}
