// The model registry: built-in models plus models.json plus extension providers, and the key for each request.
import { join } from "node:path";
import { PithError, type ResolvedAuth, type Model } from "../../kernel/index.js";
import { applyProviderConfig, modelKey, requestConfigOf, type ModelTable, type RequestConfig } from "./config-files/apply-provider-config.js";
import { readAuthFile, type AuthCredential } from "./config-files/auth-file.js";
import { LoginFlows, type ExtensionLoginFlow } from "./login-flows.js";

type OAuthEntry = Extract<AuthCredential, { type: "oauth" }>;
type ApiKeyEntry = Extract<AuthCredential, { type: "api_key" }>;
import { builtInModelsOf, builtInProviders, catalogueProvider } from "./catalogue.js";
import { resolveCliModel, type CliModelResolution } from "./selection/cli-model.js";
import { CachedValueResolver, interpolate, referencedVariables, resolveValueOrThrow, type ValueResolveOptions } from "./config-files/config-value.js";
import { AMBIENT_CREDENTIALS, defaultModelIds, hasAmbientCredentials, knownProvider, noApiKeyError } from "./known-providers.js";
import { formatModelList } from "./selection/model-list.js";
import { VirtualModels, isVirtualModel, type VirtualModelDefinition } from "./virtual-models.js";
import { checkProviderConfig, invalidProviderMessage, readModelsJson } from "./config-files/models-json.js";
import type { ProviderConfig } from "./config-files/models-json-schema.js";
import type { ModelType, ModelTypeMap } from "./model-types.js";
import { TypedModels } from "./typed-models.js";
import type { CredentialAuth } from "../../lib/oauth/types.js";
import { CatalogueRefresh } from "./catalogue-refresh.js";

/** Which of a provider's models its stored credential may use (pi-ai's `filterModels` of a whole `Provider`). */
export type AvailabilityFilter = (models: readonly Model[], credential: AuthCredential | undefined) => Model[];

export interface ModelRegistryOptions {
  agentDir: string;
  /** `--api-key`, per provider; used before anything else and never saved */
  runtimeApiKeys?: Record<string, string>;
  /** where key variables are read (default `process.env`) */
  env?: NodeJS.ProcessEnv;
  /** how long a `!command` value may run (default 10 s) */
  commandTimeoutMs?: number;
  /** the clock OAuth expiry is checked against (default `Date.now`) */
  now?: () => number;
  /** default `<agentDir>/models.json`; null: no models.json is read (pi's `ModelRuntime.create({ modelsPath: null })`) */
  modelsJsonPath?: string | null;
  /** default `<agentDir>/auth.json` */
  authJsonPath?: string;
}

export class ModelRegistry {
  readonly agentDir: string;
  readonly modelsJsonPath: string;
  readonly authJsonPath: string;
  private readonly readsModelsJson: boolean;
  private readonly env: NodeJS.ProcessEnv;
  private readonly commandTimeoutMs: number | undefined;
  private readonly now: () => number;
  private readonly runtimeKeys = new Map<string, string>();
  private readonly extensionProviders = new Map<string, ProviderConfig>();
  private readonly availabilityFilters = new Map<string, AvailabilityFilter>();
  private readonly authValues = new CachedValueResolver();
  private fileProviders = new Map<string, ProviderConfig>();
  private credentials = new Map<string, AuthCredential>();
  private loadErrors: PithError[] = [];
  /** per provider, built when first needed: a run that uses one provider reads one catalogue file */
  private tables = new Map<string, ModelTable>();
  private everyModel: Model[] | undefined;
  /** the virtual models extensions registered (routing.ts routes their requests) */
  readonly virtualModels = new VirtualModels();
  /** the account sign-ins: pith's own and those extensions register with a provider */
  readonly loginFlows = new LoginFlows();
  /** pi's background catalogue refresh (start-up, the model selector); extensions that need one set its refresher */
  readonly catalogueRefresh = new CatalogueRefresh();
  /** classifier and image models, with this registry's providers and their models.json and extension settings */
  readonly typedModels = new TypedModels({
    providers: () => this.providers(),
    configs: (provider) => [this.fileProviders.get(provider), this.extensionProviders.get(provider)],
  });

  constructor(options: ModelRegistryOptions) {
    this.agentDir = options.agentDir;
    this.modelsJsonPath = options.modelsJsonPath ?? join(options.agentDir, "models.json");
    this.readsModelsJson = options.modelsJsonPath !== null;
    this.authJsonPath = options.authJsonPath ?? join(options.agentDir, "auth.json");
    this.env = options.env ?? process.env;
    this.commandTimeoutMs = options.commandTimeoutMs;
    this.now = options.now ?? Date.now;
    for (const [provider, key] of Object.entries(options.runtimeApiKeys ?? {})) this.runtimeKeys.set(provider, key);
    this.reload();
  }

  /**
   * Reads models.json and auth.json again (pi does this when `/model` opens). Runtime keys and extension
   * providers stay.
   */
  reload(): void {
    const modelsJson = this.readsModelsJson ? readModelsJson(this.modelsJsonPath, this.env) : { providers: new Map<string, ProviderConfig>(), errors: [] };
    const authFile = readAuthFile(this.authJsonPath);
    this.fileProviders = modelsJson.providers;
    this.credentials = authFile.credentials;
    this.loadErrors = [...modelsJson.errors, ...authFile.errors];
    this.rebuild();
  }

  /** Problems found by the last `reload()`: broken files and ignored entries. Built-in models stay usable. */
  get errors(): readonly PithError[] {
    return this.loadErrors;
  }

  /** Every model, with or without a key (reads the whole catalogue). */
  all(): readonly Model[] {
    return (this.everyModel ??= this.providers().flatMap((provider) => this.tableOf(provider).models));
  }

  find(provider: string, id: string): Model | undefined {
    if (!this.providers().includes(provider)) return undefined;
    return this.tableOf(provider).models.find((model) => model.id === id);
  }

  /** Built-in providers, then those models.json and extensions add. */
  providers(): string[] {
    return [...new Set([...builtInProviders(), ...this.fileProviders.keys(), ...this.extensionProviders.keys(), ...this.virtualModels.providers()])];
  }

  /**
   * Whether some key source is configured for the provider. Nothing is run or resolved here, so an
   * expired OAuth token or a failing `!command` still counts; the request then fails with the reason.
   */
  hasAuth(provider: string): boolean {
    return (
      this.runtimeKeys.has(provider) ||
      this.credentials.has(provider) ||
      this.bearerVariable(provider) !== undefined ||
      this.envKeyVariable(provider) !== undefined ||
      hasAmbientCredentials(provider, this.env) ||
      this.requestConfig(provider)?.apiKey !== undefined ||
      this.onlyVirtual(provider)
    );
  }

  /** pi's `getModelsOfType`: chat models as `all()` lists them, else the type's models; unknown types list none. */
  modelsOfType<T extends ModelType>(type: T, provider?: string): ModelTypeMap[T][] {
    if (type === "classifier" || type === "image") return this.typedModels.of(type, provider) as ModelTypeMap[T][];
    if (type !== "chat") return [];
    const chat = provider === undefined ? [...this.all()] : this.providers().includes(provider) ? [...this.tableOf(provider).models] : [];
    return chat as ModelTypeMap[T][];
  }

  /** pi's `getAvailableOfType`: those whose provider has a key source (an OpenAI login does not serve Decisions). */
  availableOfType<T extends ModelType>(type: T, provider?: string): ModelTypeMap[T][] {
    if (type === "chat") return (provider === undefined ? this.availableModels() : this.hasAuth(provider) ? this.availableOf(provider) : []) as ModelTypeMap[T][];
    return this.modelsOfType(type, provider).filter((model) => this.hasAuth(model.provider) && !(model.api === "openai-decisions" && this.authSource(model.provider)?.type === "oauth"));
  }

  /** Models whose provider has a key source. */
  availableModels(): Model[] {
    return this.providers()
      .filter((provider) => this.hasAuth(provider))
      .flatMap((provider) => this.availableOf(provider));
  }

  /** An extension provider's own rule for which of its models the stored credential may use; `undefined` drops it. */
  setAvailabilityFilter(provider: string, filter: AvailabilityFilter | undefined): void {
    if (filter) this.availabilityFilters.set(provider, filter);
    else this.availabilityFilters.delete(provider);
  }

  private availableOf(provider: string): Model[] {
    const models = this.tableOf(provider).models;
    const filter = this.availabilityFilters.get(provider);
    return filter ? filter(models, this.credentials.get(provider)) : models;
  }

  /** The first available default of pi's per-provider list, else the first available model. */
  defaultModel(): Model | undefined {
    for (const [provider, id] of Object.entries(defaultModelIds())) {
      const match = this.hasAuth(provider) ? this.find(provider, id) : undefined;
      if (match) return match;
    }
    return this.availableModels()[0];
  }

  setRuntimeApiKey(provider: string, key: string): void {
    this.runtimeKeys.set(provider, key);
  }

  removeRuntimeApiKey(provider: string): void {
    this.runtimeKeys.delete(provider);
  }

  /**
   * The provider's key: `--api-key`, then auth.json, then the environment, then models.json `apiKey`.
   * Undefined when none is configured; throws when a configured source cannot produce one.
   */
  async resolveApiKey(provider: string, signal?: AbortSignal, options: { minValidityMs?: number } = {}): Promise<string | undefined> {
    return (await this.resolveKey(provider, signal, options.minValidityMs))?.apiKey;
  }

  /**
   * Key and headers for one request to `model`; throws `NO_API_KEY` when there is no key. A bearer variable's
   * token (ANTHROPIC_AUTH_TOKEN) goes as the `Authorization` header alone, with no key.
   */
  async resolveAuth(model: Pick<Model, "provider" | "id" | "api" | "headers">, signal?: AbortSignal): Promise<ResolvedAuth> {
    // the router resolves the key of the physical model it picks
    if (isVirtualModel(model)) return {};
    const key = await this.resolveKey(model.provider, signal);
    if (!key?.apiKey && !key?.bearer && !key?.headers) throw noApiKeyError(model.provider, { modelsJsonPath: this.modelsJsonPath, authJsonPath: this.authJsonPath, canSignIn: this.loginFlows.has(model.provider) });
    const { apiKey } = key;
    const config = this.requestConfig(model.provider);
    const owner = `model "${model.provider}/${model.id}"`;
    const providerHeaders = await this.resolveHeaders(config?.headers, `provider "${model.provider}"`, signal);
    // classifier and image models (pi 1.6.0): their own headers are config values like models.json's, and models.json's
    // per-model headers are for chat models only, so a chat model of the same id lends them none
    const typed = "type" in model && (model.type === "image" || model.type === "classifier");
    // a login's own headers (an extension provider's `toAuth`) come first: the provider's and model's win, as in pi
    const headers: Record<string, string> = typed
      ? { ...key.headers, ...providerHeaders, ...(await this.resolveHeaders(model.headers, owner, signal)) }
      : { ...key.headers, ...model.headers, ...providerHeaders, ...(await this.resolveHeaders(this.tableOf(model.provider).modelHeaders.get(modelKey(model.provider, model.id)), owner, signal)) };
    if (key.bearer) headers.Authorization = `Bearer ${key.bearer}`;
    else if (config?.authHeader) headers.Authorization = `Bearer ${apiKey}`;
    const auth: ResolvedAuth = { ...(apiKey ? { apiKey } : {}), ...(Object.keys(headers).length > 0 ? { headers } : {}) };
    // a login's own endpoint (Copilot's, from its token), unless models.json or an extension moved the provider
    if (key.baseUrl && this.configuredBaseUrl(model.provider) === undefined) auth.baseUrl = key.baseUrl;
    return auth;
  }

  /**
   * pi's `getProviderAuth`: the provider's key and headers (no model's own), the login's endpoint, and where the key
   * comes from (`authSource`); undefined when nothing is configured. Throws when a configured source fails.
   */
  async providerAuth(provider: string, signal?: AbortSignal): Promise<{ auth: ResolvedAuth; source: string; type: "oauth" | "api_key" } | undefined> {
    const source = this.authSource(provider);
    const key = source && (await this.resolveKey(provider, signal));
    if (!source || !key) return undefined;
    const config = this.requestConfig(provider);
    const headers = { ...key.headers, ...(await this.resolveHeaders(config?.headers, `provider "${provider}"`, signal)) };
    if (key.bearer) headers.Authorization = `Bearer ${key.bearer}`;
    const auth: ResolvedAuth = { ...(key.apiKey ? { apiKey: key.apiKey } : {}), ...(Object.keys(headers).length > 0 ? { headers } : {}), ...(key.baseUrl ? { baseUrl: key.baseUrl } : {}) };
    return { auth, ...source };
  }

  /** pi's `AuthStatus` of a key set in models.json or by an extension: a command, variables (configured when all are set), or a literal. */
  configuredKeyStatus(provider: string): { configured: boolean; source?: string; label?: string } | undefined {
    const value = this.requestConfig(provider)?.apiKey;
    if (value === undefined) return undefined;
    if (value.startsWith("!")) return { configured: true, source: "models_json_command" };
    const names = referencedVariables(value);
    if (names.length > 0) return names.every((name) => this.env[name]) ? { configured: true, source: "environment", label: names.join(", ") } : { configured: false };
    return { configured: true, source: this.extensionProviders.get(provider)?.apiKey !== undefined ? "fallback" : "models_json_key" };
  }

  /**
   * pi's request config for a model whose provider has no key: the model's headers and those models.json or an
   * extension configure (variables filled in; a `!command` header is left out, as it would run at each call), and
   * whether the provider sends its key as a bearer token (so it needs one).
   */
  compatibilityRequest(model: Model): { headers?: Record<string, string>; authHeader: boolean } {
    const config = this.requestConfig(model.provider);
    const perModel = this.providers().includes(model.provider) ? this.tableOf(model.provider).modelHeaders.get(modelKey(model.provider, model.id)) : undefined;
    const configured = Object.entries({ ...config?.headers, ...perModel }).flatMap(([name, value]) => {
      const filled = value.startsWith("!") ? undefined : interpolate(value, this.env);
      return filled === undefined ? [] : [[name, filled] as const];
    });
    const headers = { ...model.headers, ...Object.fromEntries(configured) };
    return { ...(Object.keys(headers).length > 0 ? { headers } : {}), authHeader: config?.authHeader === true };
  }

  /** The config an extension's `registerProvider(name, config)` gave, as checked. */
  registeredProviderConfig(name: string): ProviderConfig | undefined {
    return this.extensionProviders.get(name);
  }

  /** The provider's `baseUrl` as models.json or an extension sets it, if either does. */
  configuredBaseUrl(provider: string): string | undefined {
    return this.extensionProviders.get(provider)?.baseUrl ?? this.fileProviders.get(provider)?.baseUrl;
  }

  /** The provider's display name (the catalogue's), else its id. */
  providerName(provider: string): string {
    return this.extensionProviders.get(provider)?.name ?? this.fileProviders.get(provider)?.name ?? catalogueProvider(provider)?.name ?? provider;
  }

  /**
   * Where the provider's key comes from, in the order a request looks (for /login's list): `--api-key`, a stored
   * login or key, a variable, ambient credentials, models.json. Undefined when nothing is configured.
   */
  authSource(provider: string): { type: "oauth" | "api_key"; source: string } | undefined {
    if (this.runtimeKeys.has(provider)) return { type: "api_key", source: "--api-key" };
    const credential = this.credentials.get(provider);
    if (credential) return { type: credential.type, source: "stored credential" };
    const bearer = this.bearerVariable(provider);
    if (bearer) return { type: "api_key", source: bearer };
    const variable = this.envKeyVariable(provider);
    if (variable) return { type: "api_key", source: variable };
    if (hasAmbientCredentials(provider, this.env)) return { type: "api_key", source: "ambient credentials" };
    return this.requestConfig(provider)?.apiKey !== undefined ? { type: "api_key", source: "models.json" } : undefined;
  }

  /** A value an endpoint names (Cloudflare's account): the stored credential's `env` (pi's shape), else a variable. */
  environmentValue(provider: string, name: string): string | undefined {
    const stored = (this.credentials.get(provider) as { env?: Record<string, unknown> } | undefined)?.env?.[name];
    return typeof stored === "string" && stored !== "" ? stored : this.env[name] || undefined;
  }

  /** The stored credential of the provider in auth.json, as last read. */
  storedCredential(provider: string): AuthCredential | undefined {
    return this.credentials.get(provider);
  }

  /**
   * An extension's provider (pi's `registerProvider`): with `models` it replaces the provider's models,
   * otherwise its `baseUrl`/`headers`/`apiKey` apply to the existing ones. Survives `reload()`.
   */
  registerProvider(name: string, config: unknown): void {
    const checked = checkProviderConfig(name, config, { fromExtension: true });
    if (!checked.ok) {
      const message = invalidProviderMessage("registerProvider()", name, checked.problems);
      throw new PithError("PROVIDER_CONFIG_INVALID", message);
    }
    this.extensionProviders.set(name, checked.config);
    this.rebuild();
  }

  /** An extension provider's account sign-in (pi's `registerProvider(name, { oauth })`), or none. */
  setExtensionLogin(provider: string, flow: ExtensionLoginFlow | undefined): void {
    if (flow) this.loginFlows.register(flow);
    else if (!this.loginFlows.unregister(provider)) return;
    this.rebuild();
  }

  /** the providers `registerProvider` added or changed */
  registeredProviderIds(): string[] {
    return [...this.extensionProviders.keys()];
  }

  unregisterProvider(name: string): void {
    this.typedModels.register(name, undefined);
    this.availabilityFilters.delete(name);
    const hadLogin = this.loginFlows.unregister(name);
    if (this.extensionProviders.delete(name) || hadLogin) this.rebuild();
  }

  /** pi's `registerVirtualModel`: listed under its provider, hiding nothing but an earlier virtual model of its id. */
  registerVirtualModel(definition: VirtualModelDefinition): void {
    this.virtualModels.register(definition, this.find(definition?.provider, definition?.id));
    this.rebuild();
  }

  unregisterVirtualModel(provider: string, id: string): void {
    if (this.virtualModels.unregister(provider, id)) this.rebuild();
  }

  /** A model of the catalogue, models.json or an extension that is not virtual: what a router may pick. */
  findPhysical(provider: string, id: string): Model | undefined {
    const model = this.find(provider, id);
    return model && !isVirtualModel(model) ? model : undefined;
  }

  /**
   * `--provider` / `--model` over all models. Only `--provider x`, or `x/id` when x has a key (the named provider
   * then wins whatever else matches), is decided on x's models alone, without reading other catalogue files.
   */
  resolveCliModel(request: { provider?: string; model?: string }): CliModelResolution {
    const withKey = new Map<string, boolean>();
    const usable = (provider: string): boolean => {
      let known = withKey.get(provider);
      if (known === undefined) withKey.set(provider, (known = this.hasAuth(provider)));
      return known;
    };
    const named = this.namedProvider(request);
    if (named && (request.provider !== undefined || usable(named))) {
      const narrow = resolveCliModel({ ...request, models: this.tableOf(named).models, usable });
      if (request.provider !== undefined || (narrow.model && !narrow.warning)) return narrow;
    }
    return resolveCliModel({ ...request, models: this.all(), usable });
  }

  /** The `--list-models [search]` text for the available models. */
  formatAvailableModels(search?: string): string {
    return formatModelList(this.availableModels(), search);
  }

  private rebuild(): void {
    this.tables.clear();
    this.everyModel = undefined;
  }

  /** The provider's built-in models with models.json and then extension entries applied. */
  private tableOf(provider: string): ModelTable {
    let table = this.tables.get(provider);
    if (!table) {
      table = { models: builtInModelsOf(provider), modelHeaders: new Map() };
      const fromFile = this.fileProviders.get(provider);
      if (fromFile) applyProviderConfig(table, provider, fromFile, false);
      const fromExtension = this.extensionProviders.get(provider);
      if (fromExtension) applyProviderConfig(table, provider, fromExtension, true);
      // a login that lists the models its plan offers (Copilot's) shows only those, as pi does
      const offered = this.credentials.get(provider)?.availableModelIds;
      if (Array.isArray(offered) && offered.every((id) => typeof id === "string")) {
        const ids = new Set<unknown>(offered);
        table.models = table.models.filter((model) => ids.has(model.id));
      }
      table.models = this.virtualModels.addTo(provider, this.modifiedByLogin(provider, table.models));
      this.tables.set(provider, table);
    }
    return table;
  }

  /** pi's legacy `oauth.modifyModels`: an extension's login may change its provider's models once signed in. */
  private modifiedByLogin(provider: string, models: Model[]): Model[] {
    const modify = this.loginFlows.extensionFlow(provider)?.modifyModels;
    const credential = this.credentials.get(provider);
    if (!modify || credential?.type !== "oauth") return models;
    return modify(models, { ...credential, refresh: credential.refresh ?? "" });
  }

  /** An extension's key and headers replace those of models.json. */
  private requestConfig(provider: string): RequestConfig | undefined {
    return requestConfigOf(this.extensionProviders.get(provider)) ?? requestConfigOf(this.fileProviders.get(provider));
  }

  /** A provider that lists only virtual models is always available (pi: "Under an ID that no provider uses"). */
  private onlyVirtual(provider: string): boolean {
    if (!this.virtualModels.providers().includes(provider)) return false;
    return catalogueProvider(provider) === undefined && !this.fileProviders.has(provider) && !this.extensionProviders.has(provider);
  }

  private namedProvider({ provider, model }: { provider?: string; model?: string }): string | undefined {
    const wanted = (provider ?? (model?.includes("/") ? model.slice(0, model.indexOf("/")) : undefined))?.toLowerCase();
    return wanted === undefined ? undefined : this.providers().find((name) => name.toLowerCase() === wanted);
  }

  private bearerVariable(provider: string): string | undefined {
    return knownProvider(provider)?.bearerEnvVars.find((variable) => Boolean(this.env[variable]));
  }

  private envKeyVariable(provider: string): string | undefined {
    return knownProvider(provider)?.envVars.find((variable) => Boolean(this.env[variable]));
  }

  private async resolveKey(
    provider: string,
    signal: AbortSignal | undefined,
    minValidityMs?: number,
  ): Promise<{ apiKey: string | undefined; headers?: Record<string, string>; baseUrl?: string; bearer?: string } | undefined> {
    const runtime = this.runtimeKeys.get(provider);
    if (runtime) return { apiKey: runtime };
    const credential = this.credentials.get(provider);
    if (credential?.type === "oauth") return this.subscriptionAuth(provider, credential, signal, minValidityMs);
    if (credential) return { apiKey: await this.keyFromCredential(provider, credential, signal) };
    const bearer = this.bearerVariable(provider);
    if (bearer) return { apiKey: undefined, bearer: this.env[bearer] };
    const variable = this.envKeyVariable(provider);
    if (variable) return { apiKey: this.env[variable] };
    if (hasAmbientCredentials(provider, this.env)) return { apiKey: AMBIENT_CREDENTIALS };
    const configured = this.requestConfig(provider)?.apiKey;
    if (configured === undefined) return undefined;
    const what = `the API key of provider "${provider}" in ${this.modelsJsonPath}`;
    return { apiKey: await resolveValueOrThrow(configured, what, this.valueOptions(signal)) };
  }

  /** A subscription login: refreshed under auth.json's lock when it expires within five minutes (lib/oauth). */
  private async subscriptionAuth(provider: string, credential: OAuthEntry, signal: AbortSignal | undefined, minValidityMs?: number): Promise<CredentialAuth & { apiKey: string | undefined }> {
    const flow = await this.loginFlows.load(provider);
    if (!flow) {
      if (credential.expires > this.now()) return { apiKey: credential.access };
      throw new PithError(
        "OAUTH_EXPIRED",
        `The OAuth login for "${provider}" in ${this.authJsonPath} expired on ${new Date(credential.expires).toISOString()}, ` +
          `and pith has no sign-in for "${provider}" to refresh it: sign in again with the tool that made it, pass --api-key, ` +
          `or replace the entry with {"type": "api_key", "key": "..."}.`,
      );
    }
    const { authFromCredential } = await import("../../lib/oauth/refresh.js");
    const auth = await authFromCredential(flow, { ...credential, refresh: credential.refresh ?? "" }, {
      authPath: this.authJsonPath,
      env: this.env,
      now: this.now,
      signal,
      apiBaseUrl: this.configuredBaseUrl(provider),
      minValidityMs,
    });
    // the refreshed entry is what later requests use
    const latest = readAuthFile(this.authJsonPath).credentials.get(provider);
    if (latest) this.credentials.set(provider, latest);
    return { ...auth, apiKey: auth.apiKey };
  }

  private async keyFromCredential(provider: string, credential: ApiKeyEntry, signal: AbortSignal | undefined): Promise<string> {
    const key = await this.authValues.resolve(credential.key, this.valueOptions(signal));
    if (key) return key;
    const unset = referencedVariables(credential.key).filter((name) => !this.env[name]);
    if (unset.length > 0) {
      throw new PithError("CONFIG_VALUE_FAILED", `The key for "${provider}" in ${this.authJsonPath} needs the environment variable ${unset.join(", ")}, which is not set.`);
    }
    throw new PithError(
      "CONFIG_VALUE_FAILED",
      `The key for "${provider}" in ${this.authJsonPath} could not be resolved: the command ` +
        `"${credential.key.slice(1)}" failed, printed nothing, or timed out (its result is kept until pith restarts).`,
    );
  }

  private async resolveHeaders(
    headers: Record<string, string> | undefined,
    owner: string,
    signal: AbortSignal | undefined,
  ): Promise<Record<string, string>> {
    const resolved: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers ?? {})) {
      resolved[name] = await resolveValueOrThrow(value, `header "${name}" of ${owner}`, this.valueOptions(signal));
    }
    return resolved;
  }

  private valueOptions(signal: AbortSignal | undefined): ValueResolveOptions {
    return { env: this.env, signal, timeoutMs: this.commandTimeoutMs };
  }

}
