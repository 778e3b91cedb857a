// pi 1.6.0's `ModelRegistry` as pith serves it (dist/core/model-registry.d.ts): pi's synchronous facade over a
// `ModelRuntime` (./model-runtime.ts, or any object with its methods), each member answered by the runtime as pi
// answers it. The registry an extension's `ctx.modelRegistry` holds is the session's (context/model-registry-view.ts).
import { PithError, errorMessage, type Model } from "../../../../../kernel/index.js";
import type { ModelRuntime } from "./model-runtime.js";
import type { LlmContext, LlmStreamOptions } from "../../pi-ai/llm.js";

type Runtime = ModelRuntime;
export type ResolvedRequestAuth = { ok: true; apiKey?: string; headers?: Record<string, string>; baseUrl?: string; env?: Record<string, string> } | { ok: false; error: string };

export class ModelRegistry {
  constructor(private readonly runtime: Runtime) {}

  refresh(options?: Parameters<Runtime["refresh"]>[0]) {
    return this.runtime.refresh(options);
  }
  getError() {
    return this.runtime.getError();
  }
  getAll(): Model[] {
    return [...this.runtime.getModels()];
  }
  getAvailable(): Model[] {
    return [...this.runtime.getAvailableSnapshot()];
  }
  find(provider: string, modelId: string) {
    return this.runtime.getModel(provider, modelId);
  }
  findOfType(type: string, provider: string, modelId: string) {
    return this.runtime.getModelOfType(type, provider, modelId);
  }
  hasConfiguredAuth(model: Model): boolean {
    return this.runtime.hasConfiguredAuth(model.provider);
  }
  /** The key and headers for a request to `model`; a provider without auth sends its configured headers, unless it needs a key. */
  async getApiKeyAndHeaders(model: Model): Promise<ResolvedRequestAuth> {
    try {
      const found = await this.runtime.getAuth(model);
      if (found) return { ok: true, apiKey: found.auth.apiKey, headers: found.auth.headers, ...(found.auth.baseUrl ? { baseUrl: found.auth.baseUrl } : {}) };
      const fallback = this.runtime.getCompatibilityRequestConfig(model);
      return fallback.authHeader ? { ok: false, error: `No API key found for "${model.provider}"` } : { ok: true, headers: fallback.headers };
    } catch (error) {
      return { ok: false, error: errorMessage(error) };
    }
  }
  getProviderAuthStatus(provider: string) {
    return this.runtime.getProviderAuthStatus(provider);
  }
  getProvider(provider: string) {
    return this.runtime.getProvider(provider);
  }
  stream(model: Model, context: LlmContext, options?: LlmStreamOptions) {
    return this.runtime.stream(model, context, options);
  }
  streamSimple(model: Model, context: LlmContext, options?: LlmStreamOptions) {
    return this.runtime.streamSimple(model, context, options);
  }
  complete(model: Model, context: LlmContext, options?: LlmStreamOptions) {
    return this.runtime.complete(model, context, options);
  }
  getModelsOfType(type: string, provider?: string) {
    return this.runtime.getModelsOfType(type, provider);
  }
  getAvailableOfType(type: string, provider?: string, options?: { signal?: AbortSignal }) {
    return this.runtime.getAvailableOfType(type, provider, options);
  }
  getModelOfType(type: string, provider: string, modelId: string) {
    return this.runtime.getModelOfType(type, provider, modelId);
  }
  classify(...args: Parameters<Runtime["classify"]>) {
    return this.runtime.classify(...args);
  }
  generateImages(...args: Parameters<Runtime["generateImages"]>) {
    return this.runtime.generateImages(...args);
  }
  getProviderDisplayName(provider: string): string {
    return this.runtime.getProvider(provider)?.name ?? provider;
  }
  getProviderAuth(provider: string) {
    return this.runtime.getAuth(provider);
  }
  /** undefined when none is configured or it cannot be resolved */
  async getApiKeyForProvider(provider: string): Promise<string | undefined> {
    return this.runtime.getAuth(provider).then((found) => found?.auth.apiKey, () => undefined);
  }
  isUsingOAuth(model: Model): boolean {
    return this.runtime.isUsingOAuth(model.provider);
  }
  /** a whole pi-ai `Provider`, or a name and its config */
  registerProvider(providerOrName: string | Parameters<Runtime["registerNativeProvider"]>[0], config?: Record<string, unknown>): void {
    if (typeof providerOrName !== "string") return this.runtime.registerNativeProvider(providerOrName);
    if (!config) throw new PithError("PROVIDER_CONFIG_INVALID", `registerProvider("${providerOrName}") needs the provider's config.`);
    this.runtime.registerProvider(providerOrName, config);
  }
  unregisterProvider(providerName: string): void {
    this.runtime.unregisterProvider(providerName);
  }
  registerVirtualModel(definition: Parameters<Runtime["registerVirtualModel"]>[0]): void {
    this.runtime.registerVirtualModel(definition);
  }
  unregisterVirtualModel(providerName: string, id: string): void {
    this.runtime.unregisterVirtualModel(providerName, id);
  }
  getRegisteredProviderConfig(providerName: string) {
    return this.runtime.getRegisteredProviderConfig(providerName);
  }
  getRegisteredNativeProvider(providerName: string) {
    return this.runtime.getRegisteredNativeProvider(providerName);
  }
  getRegisteredProviderIds() {
    return this.runtime.getRegisteredProviderIds();
  }
}
