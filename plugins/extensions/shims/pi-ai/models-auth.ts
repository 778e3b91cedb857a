// How pi-ai 1.6.0's `Models` collection finds a provider's auth: an explicit key first, then the stored credential
// (an OAuth token refreshed when it expires within five minutes, or a stored key), else the provider's own key
// resolution over the environment. Failures are pi-ai's `ModelsError`s with its codes ("auth", "oauth").
import { ModelsError } from "./pi-ai-json.js";

export type Credential = { type: string; key?: string; expires?: number; access?: string; env?: Record<string, string> } & Record<string, unknown>;

export interface AuthContext {
  env(name: string): Promise<string | undefined>;
  fileExists(path: string): Promise<boolean>;
}

export interface CredentialStore {
  read(providerId: string, options?: { signal?: AbortSignal }): Promise<Credential | undefined>;
  modify(providerId: string, change: (current: Credential | undefined) => Promise<Credential | undefined>, options?: { signal?: AbortSignal }): Promise<Credential | undefined>;
  delete(providerId: string, options?: { signal?: AbortSignal }): Promise<void>;
}

type Resolved = { auth: Record<string, unknown>; env?: Record<string, string>; source?: string };

interface ApiKeyAuth {
  name?: string;
  resolve(input: { ctx: AuthContext; credential?: Credential; signal: AbortSignal }): Promise<Resolved | undefined>;
  check?(input: { ctx: AuthContext; credential?: Credential; signal: AbortSignal }): Promise<{ source: string; type: string } | undefined>;
  login?(interaction: unknown, options?: unknown): Promise<Credential>;
}

interface OAuthAuth {
  refresh(credential: Credential, signal: AbortSignal): Promise<Credential>;
  toAuth(credential: Credential): Promise<Record<string, unknown>>;
  login?(interaction: unknown, options?: unknown): Promise<Credential>;
}

export interface AuthProvider {
  id: string;
  auth: { apiKey?: ApiKeyAuth; oauth?: OAuthAuth };
}

export interface AuthOverrides {
  apiKey?: string;
  env?: Record<string, string>;
  signal?: AbortSignal;
  minOAuthValidityMs?: number;
}

const OAUTH_MINIMUM_VALIDITY_MS = 5 * 60 * 1000;
const OAUTH_REFRESH_TIMEOUT_MS = 15_000;

export async function readCredential(credentials: CredentialStore, providerId: string, signal: AbortSignal): Promise<Credential | undefined> {
  try {
    return await credentials.read(providerId, { signal });
  } catch (error) {
    throw new ModelsError("auth", `Credential store read failed for ${providerId}`, { cause: error });
  }
}

async function resolveApiKey(ctx: AuthContext, apiKey: ApiKeyAuth, providerId: string, credential: Credential | undefined, signal: AbortSignal) {
  try {
    return await apiKey.resolve({ ctx, credential, signal });
  } catch (error) {
    throw new ModelsError("auth", `API key auth failed for provider ${providerId}`, { cause: error });
  }
}

/** The stored OAuth credential, refreshed (once, through the store) when `stale` says so; undefined once logged out. */
export async function refreshOAuth(credentials: CredentialStore, providerId: string, oauth: OAuthAuth, stale: (credential: Credential) => boolean, signal: AbortSignal) {
  let after: Credential | undefined;
  try {
    after = await credentials.modify(
      providerId,
      async (current) => {
        signal.throwIfAborted();
        // logged out, or refreshed by another request meanwhile
        if (current?.type !== "oauth" || !stale(current)) return undefined;
        try {
          return await oauth.refresh(current, AbortSignal.timeout(OAUTH_REFRESH_TIMEOUT_MS));
        } catch (error) {
          throw new ModelsError("oauth", `OAuth refresh failed for ${providerId}`, { cause: error });
        }
      },
      { signal },
    );
  } catch (error) {
    if (error instanceof ModelsError) throw error;
    signal.throwIfAborted();
    throw new ModelsError("auth", `Credential store modify failed for ${providerId}`, { cause: error });
  }
  return after?.type === "oauth" ? after : undefined;
}

async function resolveOAuth(credentials: CredentialStore, provider: AuthProvider, oauth: OAuthAuth, stored: Credential, signal: AbortSignal, minValidityMs?: number) {
  const validity = Math.max(OAUTH_MINIMUM_VALIDITY_MS, minValidityMs ?? 0);
  const expiresSoon = (credential: Credential) => Date.now() + validity >= (credential.expires ?? 0);
  let credential: Credential | undefined = stored;
  if (expiresSoon(stored)) {
    credential = await refreshOAuth(credentials, provider.id, oauth, expiresSoon, signal);
    if (!credential) return undefined;
    if (minValidityMs !== undefined && expiresSoon(credential)) {
      throw new ModelsError("oauth", `OAuth refresh returned a token that expires too soon for ${provider.id}`);
    }
  }
  try {
    return { auth: await oauth.toAuth(credential), source: "OAuth" };
  } catch (error) {
    throw new ModelsError("oauth", `OAuth auth derivation failed for ${provider.id}`, { cause: error });
  }
}

/** The provider's auth for a request, or undefined when it is not configured. */
export async function resolveProviderAuth(provider: AuthProvider, credentials: CredentialStore, base: AuthContext, overrides: AuthOverrides, signal: AbortSignal): Promise<Resolved | undefined> {
  signal.throwIfAborted();
  const extra = overrides.env;
  const ctx: AuthContext = extra ? { env: async (name) => extra[name] || (await base.env(name)), fileExists: (path) => base.fileExists(path) } : base;
  const { apiKey, oauth } = provider.auth;
  if (overrides.apiKey !== undefined && apiKey) return resolveApiKey(ctx, apiKey, provider.id, { type: "api_key", key: overrides.apiKey, env: extra }, signal);
  const stored = await readCredential(credentials, provider.id, signal);
  if (!stored) return apiKey ? resolveApiKey(ctx, apiKey, provider.id, undefined, signal) : undefined;
  if (stored.type === "oauth" && oauth) return resolveOAuth(credentials, provider, oauth, stored, signal, overrides.minOAuthValidityMs);
  if (stored.type === "api_key" && apiKey) {
    return resolveApiKey(ctx, apiKey, provider.id, extra ? { ...stored, env: { ...stored.env, ...extra } } : stored, signal);
  }
  return undefined;
}

/** Whether the provider is configured, and by what, without refreshing a token. */
export async function checkProviderAuth(provider: AuthProvider, credential: Credential | undefined, credentials: CredentialStore, ctx: AuthContext, signal: AbortSignal) {
  if (credential?.type === "oauth") return provider.auth.oauth ? { source: "OAuth", type: "oauth" } : undefined;
  const apiKey = provider.auth.apiKey;
  if (!apiKey) return undefined;
  if (apiKey.check) {
    try {
      return await apiKey.check({ ctx, credential: credential?.type === "api_key" ? credential : undefined, signal });
    } catch (error) {
      throw new ModelsError("auth", `API key auth check failed for provider ${provider.id}`, { cause: error });
    }
  }
  const resolved = await resolveProviderAuth(provider, credentials, ctx, {}, signal);
  return resolved ? { source: resolved.source, type: "api_key" } : undefined;
}
