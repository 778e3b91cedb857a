// pi-ai 1.6.0's plain helpers an extension may call: error diagnostics, client identity headers, the arithmetic of
// prompt-cache warming, the standard API-key auth, a lazily loaded OAuth flow, the image-model catalogue and
// image generation with an explicit key. Each gives pi's result for the same arguments, with pith's own parts
// underneath (its catalogue, its cache-warming policy, its OpenRouter image request); identity defaults name pith.
import type { Model } from "../../../../kernel/index.js";
import { PITH_VERSION } from "../../../../lib/version/pith-version.js";
import { pithUserAgent } from "../../../../lib/provider-kit/client-identity.js";
import { isOpenCode } from "../../../../lib/provider-kit/opencode-session.js";
import { cacheLifetimeMs, evaluateWarming, isReplayable, refreshDelayMs, type WarmingPhase } from "../../../cache-warming/policy.js";
import { builtInModelsOfType, builtInProviders } from "../../../models/catalogue.js";
import type { ImageModel } from "../../../models/model-types.js";
import type { ThinkingLevel } from "../../../../kernel/index.js";
import { formatThrownValue } from "./pi-ai-utils.js";

// --- diagnostics recorded on an assistant message

export interface DiagnosticErrorInfo {
  name?: string;
  message: string;
  stack?: string;
  code?: string | number;
}

export function extractDiagnosticError(error: unknown): DiagnosticErrorInfo {
  if (!(error instanceof Error)) return { name: "ThrownValue", message: formatThrownValue(error) };
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name || undefined,
    message: error.message || error.name,
    stack: error.stack,
    code: typeof code === "string" || typeof code === "number" ? code : undefined,
  };
}

export function createAssistantMessageDiagnostic(type: string, error: unknown, details?: Record<string, unknown>) {
  return { type, timestamp: Date.now(), error: extractDiagnosticError(error), details };
}

export function appendAssistantMessageDiagnostic(message: { diagnostics?: unknown[] }, diagnostic: unknown): void {
  message.diagnostics = [...(message.diagnostics ?? []), diagnostic];
}

// --- client identity: the same headers as pith's own requests when no identity is given

type UserAgentMode = "short" | "detailed" | { custom: string };
export interface ClientIdentity {
  userAgent?: UserAgentMode;
  attribution?: { name: string; url?: string; categories?: string[] } | null;
  version?: string;
}
interface IdentityTarget {
  provider: string;
  baseUrl: string;
}

export function mergeClientIdentity(...sources: (ClientIdentity | undefined)[]): ClientIdentity | undefined {
  let merged: ClientIdentity | undefined;
  for (const source of sources) {
    if (!source) continue;
    merged = { ...merged };
    for (const key of ["userAgent", "attribution", "version"] as const) {
      if (source[key] !== undefined) (merged as Record<string, unknown>)[key] = source[key];
    }
  }
  return merged;
}

export const getClientVersion = (identity?: ClientIdentity): string => identity?.version ?? PITH_VERSION;

export function formatUserAgent(identity?: ClientIdentity): string {
  const mode = identity?.userAgent ?? "detailed";
  if (typeof mode === "object") return mode.custom;
  if (mode === "short") return "pith";
  return identity?.version === undefined ? pithUserAgent() : pithUserAgent().replace(PITH_VERSION, identity.version);
}

function hostOf(baseUrl: string): string | undefined {
  try {
    return new URL(baseUrl).hostname;
  } catch {
    return undefined;
  }
}

export function getAttributionHeaders(target: IdentityTarget, identity?: ClientIdentity): Record<string, string> {
  const attribution = identity?.attribution;
  if (!attribution) return {};
  const { name, url, categories } = attribution;
  if (target.provider === "openrouter" || target.baseUrl.includes("openrouter.ai")) {
    return { "HTTP-Referer": url as string, "X-OpenRouter-Title": name, ...(categories?.length ? { "X-OpenRouter-Categories": categories.join(",") } : {}) };
  }
  if (target.provider === "nvidia" || hostOf(target.baseUrl) === "integrate.api.nvidia.com") {
    return { "X-BILLING-INVOKE-ORIGIN": name.charAt(0).toUpperCase() + name.slice(1) };
  }
  return isOpenCode(target) ? { "x-opencode-client": name } : {};
}

export function getOpenCodeSessionHeaders(target: IdentityTarget, sessionId: string | undefined): Record<string, string> | undefined {
  return sessionId && isOpenCode(target) ? { "x-opencode-session": sessionId } : undefined;
}

export const getIdentityHeaders = (target: IdentityTarget, identity?: ClientIdentity): Record<string, string> => ({
  "User-Agent": formatUserAgent(identity),
  ...getAttributionHeaders(target, identity),
});

// --- prompt-cache warming: pith's own policy (plugins/cache-warming/policy.ts), which is pi's arithmetic

interface WarmingOptions {
  cacheRetention?: "short" | "long" | "none";
  reasoning?: ThinkingLevel;
  env?: Record<string, string | undefined>;
}

export const getCacheWarmingDelayMs = (ttlMs: number): number | undefined => refreshDelayMs(ttlMs);
export const evaluateCacheWarming = (model: Model, promptTokens: number, phase: WarmingPhase) => evaluateWarming(model, promptTokens, phase);

export function getPromptCacheTtlMs(model: Model, options: WarmingOptions | undefined): number | undefined {
  // as pi: the environment can ask for the long tier only; "none" comes with the request
  const fromEnv = (options?.env?.PI_CACHE_RETENTION ?? process.env.PI_CACHE_RETENTION) === "long" ? "long" : "short";
  return cacheLifetimeMs(model, options?.cacheRetention ?? fromEnv);
}

/** Judged by pith's Anthropic provider, which also thinks adaptively by model id (docs/compatibility.md). */
export const isCacheWarmingReplayable = (model: Model, options: WarmingOptions | undefined): boolean =>
  isReplayable({ model, thinkingLevel: options?.reasoning ?? "off" });

export const getCacheWarmingRequestOptions = <T extends object>(options: T, signal: AbortSignal): T => ({
  ...options,
  maxTokens: 1,
  disableContinuation: true,
  maxRetries: 0,
  signal,
});

// --- auth helpers for a provider an extension defines

interface AuthInteraction {
  signal: AbortSignal;
  prompt(request: { type: string; message: string }): Promise<string>;
}
interface ResolveInput {
  ctx: { env(name: string): Promise<string | undefined> | string | undefined };
  credential?: { key?: string; env?: Record<string, string> };
  signal: AbortSignal;
}

/** A stored key wins, else the first set environment variable; `login` asks for the key. */
export function envApiKeyAuth(name: string, envVars: readonly string[]) {
  return {
    name,
    login: async (interaction: AuthInteraction) => {
      interaction.signal.throwIfAborted();
      const key = await interaction.prompt({ type: "secret", message: `Enter ${name}` });
      interaction.signal.throwIfAborted();
      return { type: "api_key" as const, key };
    },
    resolve: async ({ ctx, credential, signal }: ResolveInput) => {
      signal.throwIfAborted();
      if (credential?.key) return { auth: { apiKey: credential.key }, env: credential.env, source: "stored credential" };
      for (const envVar of envVars) {
        const value = await ctx.env(envVar);
        signal.throwIfAborted();
        if (value) return { auth: { apiKey: value }, source: envVar };
      }
      return undefined;
    },
  };
}

interface OAuthFlow {
  login(...args: unknown[]): Promise<unknown>;
  refresh(...args: unknown[]): Promise<unknown>;
  toAuth(...args: unknown[]): Promise<unknown>;
}

/** An OAuth flow whose code loads at its first use, once. */
export function lazyOAuth(input: { name: string; isSubscription?: boolean; loginLabel?: string; load: () => Promise<OAuthFlow> }) {
  let loading: Promise<OAuthFlow> | undefined;
  const flow = () => (loading ??= input.load());
  return {
    name: input.name,
    isSubscription: input.isSubscription,
    loginLabel: input.loginLabel,
    login: async (...args: unknown[]) => (await flow()).login(...args),
    refresh: async (...args: unknown[]) => (await flow()).refresh(...args),
    toAuth: async (...args: unknown[]) => (await flow()).toAuth(...args),
  };
}

// --- image models: the built-in catalogue, and generation with the key given in the call

export const getImageProviders = (): string[] => builtInProviders().filter((name) => builtInModelsOfType("image", name).length > 0);
export const getImageModels = (provider: string): ImageModel[] => builtInModelsOfType("image", provider);
export const getImageModel = (provider: string, modelId: string): ImageModel | undefined => getImageModels(provider).find((model) => model.id === modelId);
