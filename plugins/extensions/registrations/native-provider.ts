// pi's `registerProvider(provider)`: a whole pi-ai `Provider` object. pith's models service takes providers as
// configs and routes requests by API name, so the object becomes a config whose models carry an API name of the
// provider's own, served by a stream function that resolves the provider's `auth` and calls its `streamSimple`
// with the model as the provider listed it (its own `api`), models.json's changes applied on top.
import { access } from "node:fs/promises";
import { homedir } from "node:os";
import { PithError, type AssistantMessageEvent, type Model } from "../../../kernel/index.js";
import type { StreamContext, StreamOptions } from "./provider-from-stream.js";
import type { AvailabilityFilter, ModelRegistry } from "../../models/registry.js";
import type { NativeApiKeyLogin, NativeOAuth } from "./native-auth.js";

interface ApiKeyAuthResult {
  auth?: { apiKey?: string; headers?: Record<string, string> };
}

/** pi-ai's `RefreshModelsContext`: what a dynamic provider's `refreshModels` is handed */
export interface NativeRefreshContext {
  credential?: Record<string, unknown>;
  stored?: Readonly<Record<string, unknown>>;
  publish(publication: { persist?: Record<string, unknown> | null; update?: () => void }): Promise<boolean>;
  allowNetwork: boolean;
  force?: boolean;
  signal: AbortSignal;
  baseUrl?: string;
}

/** The part of pi-ai's `Provider` pith serves: listing, refreshing and filtering models, auth, streaming. */
export interface NativeProvider {
  readonly id: string;
  readonly name?: string;
  readonly baseUrl?: string;
  readonly headers?: Record<string, string | null>;
  readonly auth?: {
    apiKey?: {
      login?: NativeApiKeyLogin;
      check?(input: { ctx: NativeAuthContext; credential?: { type: "api_key"; key: string }; signal: AbortSignal }): Promise<unknown>;
      resolve(input: { ctx: NativeAuthContext; credential?: { type: "api_key"; key: string }; signal: AbortSignal }): Promise<ApiKeyAuthResult | undefined>;
    };
    oauth?: NativeOAuth;
  };
  getModels(): readonly (Model & Record<string, unknown>)[];
  refreshModels?(context: NativeRefreshContext): Promise<void>;
  readonly refreshModelsAuth?: "credential" | "configured";
  filterModels?(models: readonly Model[], credential: Record<string, unknown> | undefined): readonly Model[];
  streamSimple(model: Model, context: StreamContext, options?: StreamOptions): AsyncIterable<AssistantMessageEvent>;
}

interface NativeAuthContext {
  env(name: string): Promise<string | undefined>;
  fileExists(path: string): Promise<boolean>;
}

/** A configured key stands in for the provider's own auth, which each request resolves (see `nativeStream`). */
export const KEY_FROM_PROVIDER_AUTH = "resolved-by-the-provider";

/**
 * Whether the provider's own auth finds a credential without one of pith's, as pi 1.6.0 decides a provider is
 * configured: its `auth.apiKey.check` when it has one, else its `resolve`.
 */
export async function nativeAuthConfigured(provider: NativeProvider, signal: AbortSignal): Promise<boolean> {
  const apiKey = provider.auth?.apiKey;
  if (!apiKey) return false;
  const found = typeof apiKey.check === "function" ? await apiKey.check({ ctx: authContext, signal }) : await apiKey.resolve({ ctx: authContext, signal });
  return found !== undefined && found !== null;
}

export function isNativeProvider(value: unknown): value is NativeProvider {
  const candidate = value as Partial<NativeProvider> | null;
  return typeof candidate === "object" && candidate !== null && typeof candidate.id === "string" && typeof candidate.getModels === "function" && typeof candidate.streamSimple === "function";
}

const MODEL_FIELDS = ["id", "name", "baseUrl", "reasoning", "thinkingLevelMap", "input", "cost", "contextWindow", "maxTokens", "compat"] as const;

/** pi-ai's headers allow `null` (remove the header); a config's hold strings only. */
function stringHeaders(headers: unknown): Record<string, string> {
  if (typeof headers !== "object" || headers === null) return {};
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/** A listed model as a config's model: its limits, thinking levels, compat and headers, sent with each request. */
function modelConfig(model: Model & Record<string, unknown>): Record<string, unknown> {
  const config: Record<string, unknown> = Object.fromEntries(MODEL_FIELDS.filter((field) => model[field] !== undefined).map((field) => [field, model[field]]));
  const headers = stringHeaders(model.headers);
  return Object.keys(headers).length > 0 ? { ...config, headers } : config;
}

/** The provider as `registerProvider(name, config)` takes it; `streamSimple` serves the provider's own API name. */
export function configOfNativeProvider(provider: NativeProvider, stored: StoredCredential = () => undefined): Record<string, unknown> {
  const api = `native-provider:${provider.id}`;
  const listed = listModels(provider);
  const headers = stringHeaders(provider.headers);
  return {
    name: provider.name,
    ...(provider.baseUrl ? { baseUrl: provider.baseUrl } : {}),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    api,
    apiKey: KEY_FROM_PROVIDER_AUTH,
    models: listed.map(modelConfig),
    streamSimple: (model: Model, context: StreamContext, options?: StreamOptions) => nativeStream(provider, stored, model, context, options),
  };
}

/**
 * The provider's `getModels()` list replaces the registered one (after a refresh published new state), the provider
 * configured as `configured` says, else as it was.
 */
export function republishNativeModels(models: ModelRegistry, name: string, provider: NativeProvider, configured?: boolean): void {
  const { streamSimple: _stream, apiKey, ...config } = configOfNativeProvider(provider);
  const withKey = configured ?? models.registeredProviderConfig(name)?.apiKey === KEY_FROM_PROVIDER_AUTH;
  models.registerProvider(name, withKey ? { ...config, apiKey } : config);
}

/** pi-ai's `filterModels` as the registry's availability filter: which models the stored credential may use. */
export function availabilityFilterOf(provider: NativeProvider | undefined): AvailabilityFilter | undefined {
  const filter = provider?.filterModels;
  if (typeof filter !== "function") return undefined;
  return (models, credential) => filter.call(provider, models, credential as Record<string, unknown> | undefined) as Model[];
}

// pi-ai's contract: a throwing `getModels` means no models
function listModels(provider: NativeProvider): readonly (Model & Record<string, unknown>)[] {
  try {
    return provider.getModels();
  } catch {
    return [];
  }
}

/** what a Provider's auth reads: environment variables (a blank one counts as unset, as in pi-ai) and files */
export const authContext: NativeAuthContext = {
  env: async (name) => {
    const value = process.env[name];
    return value !== undefined && value.trim().length > 0 ? value : undefined;
  },
  fileExists: (path) =>
    access(path.startsWith("~") ? homedir() + path.slice(1) : path).then(
      () => true,
      () => false,
    ),
};

/** the provider's stored credential in auth.json: an OAuth login's key comes from its `toAuth`, an API key's `env` goes along */
type StoredCredential = () => { type: string; key?: string } | undefined;

async function* nativeStream(provider: NativeProvider, stored: StoredCredential, model: Model, context: StreamContext, options: StreamOptions = {}): AsyncIterable<AssistantMessageEvent> {
  const signal = options.signal ?? new AbortController().signal;
  // a key pith found (--api-key, auth.json) is the provider's credential, as pi hands it its stored one
  const key = options.apiKey && options.apiKey !== KEY_FROM_PROVIDER_AUTH ? options.apiKey : undefined;
  const entry = stored();
  const resolver = entry?.type === "oauth" ? undefined : provider.auth?.apiKey;
  const credential = entry?.type === "api_key" && entry.key === key ? entry : { type: "api_key" as const, key };
  // a login's key and headers (its `toAuth`) came with the request's options
  const fromOptions: ApiKeyAuthResult["auth"] = key ? { apiKey: key } : entry?.type === "oauth" ? {} : undefined;
  const resolved = resolver ? (await resolver.resolve({ ctx: authContext, ...(key ? { credential: credential as { type: "api_key"; key: string } } : {}), signal }))?.auth : fromOptions;
  if (!resolved) throw new PithError("NO_API_KEY", `Provider "${provider.id}" is not configured: its auth resolved no credential`);
  const own = listModels(provider).find((candidate) => candidate.id === model.id);
  const headers = { ...options.headers, ...resolved.headers };
  yield* provider.streamSimple({ ...own, ...model, api: own?.api ?? model.api }, context, { ...options, apiKey: resolved.apiKey, headers });
}
