// `refresh()` of pi-ai 1.6.0's `Models` collection: each dynamic provider first gets its stored catalogue (no
// network), then, when it is configured, the network phase with its credential (an expired OAuth token refreshed
// first); what a provider publishes is written to the models store. A newer refresh of a provider, or a change of
// the provider, aborts the one running, whose publications are refused from then on.
import { checkProviderAuth, readCredential, refreshOAuth, type AuthContext, type Credential, type CredentialStore } from "./models-auth.js";
import type { ModelsStore, Provider, RefreshOptions, StoreEntry } from "./models-types.js";
import { ModelsError } from "./pi-ai-json.js";
import { getModelType } from "./pi-ai-utils.js";

const KNOWN_TYPES = new Set(["chat", "image", "classifier"]);

export class CatalogueRefresher {
  /** per provider: the refresh now running */
  readonly #running = new Map<string, AbortController>();

  constructor(
    private readonly credentials: CredentialStore,
    private readonly modelsStore: ModelsStore,
    private readonly authContext: AuthContext,
  ) {}

  running(): string[] {
    return [...this.#running.keys()];
  }

  supersede(id: string): void {
    this.#running.get(id)?.abort();
    this.#running.delete(id);
  }

  async refresh(providers: readonly Provider[], options: RefreshOptions) {
    const errors = new Map<string, Error>();
    const callerSignal = options.signal ?? new AbortController().signal;
    if (callerSignal.aborted) return { aborted: true, errors };
    const only = options.providers && new Set(options.providers);
    const refreshable = providers.filter((provider) => provider.refreshModels && (!only || only.has(provider.id)));
    await Promise.all(refreshable.map((provider) => this.#refreshOne(provider, options, callerSignal, errors)));
    return { aborted: callerSignal.aborted, errors: new Map(errors) };
  }

  async #refreshOne(provider: Provider, options: RefreshOptions, callerSignal: AbortSignal, errors: Map<string, Error>): Promise<void> {
    this.supersede(provider.id);
    const controller = new AbortController();
    this.#running.set(provider.id, controller);
    const signal = AbortSignal.any([callerSignal, controller.signal]);
    try {
      let stored: Credential | undefined;
      let readFailure: unknown;
      try {
        stored = await readCredential(this.credentials, provider.id, signal);
      } catch (error) {
        readFailure = error;
      }
      await this.#phase(provider, stored, false, undefined, signal);
      if (readFailure !== undefined) throw readFailure;
      if (options.allowNetwork === false || signal.aborted) return;
      const network = await this.#networkCredential(provider, stored, signal);
      if (network) await this.#phase(provider, network.credential, true, options.force, signal);
    } catch (error) {
      if (!signal.aborted) errors.set(provider.id, error instanceof Error ? error : new ModelsError("model_source", `Model refresh failed for ${provider.id}`, { cause: error }));
    } finally {
      if (this.#running.get(provider.id) === controller) this.#running.delete(provider.id);
    }
  }

  /** one phase: the provider's stored catalogue handed over, its publications written to the store */
  async #phase(provider: Provider, credential: Credential | undefined, allowNetwork: boolean, force: boolean | undefined, signal: AbortSignal): Promise<void> {
    const store = this.modelsStore;
    const stored = await store.read(provider.id, { signal });
    await provider.refreshModels!({
      credential,
      stored: stored ? { ...structuredClone(stored), models: stored.models.filter((model) => KNOWN_TYPES.has(getModelType(model))) } : undefined,
      publish: async (publication: { persist?: StoreEntry | null; update?: () => void }) => {
        if (signal.aborted) return false;
        if (publication.persist === null) await store.delete(provider.id, { signal });
        else if (publication.persist !== undefined) await store.write(provider.id, structuredClone(publication.persist), { signal });
        if (signal.aborted) return false;
        publication.update?.();
        return true;
      },
      allowNetwork,
      force: allowNetwork ? force : undefined,
      signal,
      baseUrl: provider.baseUrl,
    });
  }

  /** the credential for the network phase; undefined when the provider is not configured */
  async #networkCredential(provider: Provider, stored: Credential | undefined, signal: AbortSignal): Promise<{ credential?: Credential } | undefined> {
    const { credentials, authContext } = this;
    if (provider.refreshModelsAuth === "configured") return (await checkProviderAuth(provider, stored, credentials, authContext, signal)) ? {} : undefined;
    if (stored?.type === "oauth") {
      const oauth = provider.auth.oauth;
      if (!oauth) return undefined;
      if (Date.now() < (stored.expires ?? 0)) return { credential: stored };
      const fresh = await refreshOAuth(credentials, provider.id, oauth, (current) => Date.now() >= (current.expires ?? 0), signal);
      return fresh && { credential: fresh };
    }
    const apiKey = provider.auth.apiKey;
    const result = apiKey && (await apiKey.resolve({ ctx: authContext, credential: stored?.type === "api_key" ? stored : undefined, signal }));
    return result ? { credential: { type: "api_key", key: result.auth.apiKey as string, env: result.env } } : undefined;
  }
}
