// pi-ai's `refreshModels` for whole-`Provider` registrations, as pi 1.6.0 runs it: once offline (`allowNetwork`
// false, the stored credential and the provider's entry of models-store.json handed over) when extensions have
// registered and whenever a registration changes, and then online (with the effective credential: an expired
// login refreshed first) for `ctx.modelRegistry.refresh()`. What the provider publishes is persisted first, then its
// `update` runs and its `getModels()` list replaces the registered one. A newer refresh of the same provider
// supersedes an older one: the older one's signal aborts and its publications are refused.
import { PithError, errorMessage } from "../../../kernel/index.js";
import type { ExtensionRuntime } from "../runtime.js";
import type { RefreshOptions, RefreshResult } from "../context/model-registry-view.js";
import type { ModelRegistry } from "../../models/registry.js";
import type { CatalogueRefresherResult } from "../../models/catalogue-refresh.js";
import { modelsStorePath, readStoredCatalogue, writeStoredCatalogue } from "./models-store.js";
import { authContext, nativeAuthConfigured, republishNativeModels, type NativeProvider } from "./native-provider.js";
import { settleAllNativeAvailability } from "./native-availability.js";

type Credential = Record<string, unknown>;

const running = new WeakMap<NativeProvider, { generation: number; controller: AbortController }>();

/** The registered whole-`Provider` objects that refresh their models, by id. */
function dynamicProviders(runtime: ExtensionRuntime, only?: readonly string[]): [string, NativeProvider][] {
  return runtime.records
    .filter((record) => record.live)
    .flatMap((record) => [...record.nativeProviders].filter(([name]) => record.providerNames.has(name)))
    .filter(([name, provider]) => typeof provider.refreshModels === "function" && (!only || only.includes(name)));
}

export async function refreshNativeProviders(runtime: ExtensionRuntime, options: RefreshOptions = {}): Promise<RefreshResult> {
  const signal = options.signal ?? new AbortController().signal;
  const errors = new Map<string, Error>();
  const models = runtime.models();
  if (signal.aborted || !models) return { aborted: signal.aborted, errors };
  // pi's model refreshes stay off the network whenever PI_OFFLINE is set, whatever its value ("0" included)
  const allowNetwork = options.allowNetwork ?? process.env.PI_OFFLINE === undefined;
  await Promise.all(
    dynamicProviders(runtime, options.providers).map(async ([name, provider]) => {
      const previous = running.get(provider);
      previous?.controller.abort();
      const mine = { generation: (previous?.generation ?? 0) + 1, controller: new AbortController() };
      running.set(provider, mine);
      const providerSignal = AbortSignal.any([signal, mine.controller.signal]);
      try {
        await refreshOne(runtime, models, name, provider, { allowNetwork, force: options.force, signal: providerSignal, current: () => running.get(provider) === mine });
      } catch (error) {
        if (!providerSignal.aborted) errors.set(name, error instanceof Error ? error : new PithError("PROVIDER_REFRESH_FAILED", `Model refresh failed for ${name}: ${errorMessage(error)}`, { cause: error }));
      }
    }),
  );
  return { aborted: signal.aborted, errors };
}

/**
 * pi's catalogue refresh (`ctx.modelRegistry.refresh()`, the background ones): the dynamic providers' catalogues,
 * then every whole-`Provider`'s availability asked again (only the named ones' when `providers` names some).
 */
export async function refreshCatalogues(runtime: ExtensionRuntime, options: RefreshOptions = {}): Promise<RefreshResult> {
  const result = await refreshNativeProviders(runtime, options);
  if (!result.aborted) await settleAllNativeAvailability(runtime, options.signal ?? AbortSignal.timeout(15_000), options.providers);
  return result;
}

/** The models service's background refresh; the start-up one is left out offline, as pi leaves it out. */
export async function refreshCataloguesInBackground(runtime: ExtensionRuntime, options: { signal: AbortSignal; atStartUp: boolean }): Promise<CatalogueRefresherResult> {
  if (options.atStartUp && (await import("../../packages/startup.js")).isOffline()) return { aborted: false, failed: [] };
  const result = await refreshCatalogues(runtime, { signal: options.signal });
  return { aborted: result.aborted, failed: [...result.errors.keys()] };
}

interface OneRefresh {
  allowNetwork: boolean;
  force?: boolean;
  signal: AbortSignal;
  /** false once a newer refresh of the provider started or the registration went */
  current(): boolean;
}

async function refreshOne(runtime: ExtensionRuntime, models: ModelRegistry, name: string, provider: NativeProvider, run: OneRefresh): Promise<void> {
  const storePath = modelsStorePath(models.agentDir);
  const registered = () => run.current() && dynamicProviders(runtime, [name]).some(([, candidate]) => candidate === provider);
  const phase = async (credential: Credential | undefined, allowNetwork: boolean) =>
    provider.refreshModels!({
      ...(credential ? { credential } : {}),
      ...(await storedEntry(storePath, name)),
      publish: async (publication) => {
        if (run.signal.aborted || !registered()) return false;
        if (publication.persist !== undefined) await writeStoredCatalogue(storePath, name, publication.persist, run.signal);
        if (run.signal.aborted || !registered()) return false;
        publication.update?.();
        republishNativeModels(models, name, provider);
        return true;
      },
      allowNetwork,
      ...(allowNetwork && run.force !== undefined ? { force: run.force } : {}),
      signal: run.signal,
      ...(models.configuredBaseUrl(name) ?? provider.baseUrl ? { baseUrl: models.configuredBaseUrl(name) ?? provider.baseUrl } : {}),
    });
  // the stored state is restored before any auth is resolved or the network is used
  await phase(await storedCredential(models, name), false);
  if (!run.allowNetwork || run.signal.aborted) return;
  const network = await networkCredential(models, name, provider, run.signal);
  if (network) await phase(network.credential, true);
}

async function storedEntry(path: string, name: string): Promise<{ stored?: Record<string, unknown> }> {
  const stored = await readStoredCatalogue(path, name);
  return stored ? { stored } : {};
}

/** pi's stored credential: `--api-key` as an API key, else auth.json's entry. */
async function storedCredential(models: ModelRegistry, name: string): Promise<Credential | undefined> {
  if (models.authSource(name)?.source === "--api-key") return { type: "api_key", key: await models.resolveApiKey(name) };
  return models.storedCredential(name) as Credential | undefined;
}

/** The credential of the online phase, or undefined when the provider is not configured (then it is skipped). */
async function networkCredential(models: ModelRegistry, name: string, provider: NativeProvider, signal: AbortSignal): Promise<{ credential?: Credential } | undefined> {
  const stored = await storedCredential(models, name);
  if (provider.refreshModelsAuth === "configured") {
    const configured = stored?.type === "oauth" ? provider.auth?.oauth !== undefined : stored !== undefined || (await nativeAuthConfigured(provider, signal));
    return configured ? {} : undefined;
  }
  if (stored?.type === "oauth") {
    if (!provider.auth?.oauth) return undefined;
    // resolving the key refreshes an expired login under auth.json's lock; the entry then holds the new tokens
    await models.resolveApiKey(name, signal);
    return { credential: models.storedCredential(name) as Credential | undefined };
  }
  const apiKey = provider.auth?.apiKey;
  if (!apiKey) return undefined;
  const result = await apiKey.resolve({ ctx: authContext, ...(stored?.type === "api_key" ? { credential: stored as { type: "api_key"; key: string } } : {}), signal });
  if (!result) return undefined;
  const env = (result as { env?: unknown }).env;
  return { credential: { type: "api_key", key: result.auth?.apiKey, ...(env ? { env } : {}) } };
}
