// How a provider entry (from models.json or an extension) changes the model list.
import type { Model } from "../../../kernel/index.js";
import { knownProvider } from "../known-providers.js";
import type { ModelCompat, ModelDefinition, ModelOverride, ProviderConfig } from "./models-json-schema.js";

/** What the registry keeps to authenticate requests; values are resolved at request time. */
export interface RequestConfig {
  apiKey?: string;
  headers?: Record<string, string>;
  authHeader?: boolean;
}

/** One provider's models. */
export interface ModelTable {
  models: Model[];
  /** per `provider/id`: header values still to resolve */
  modelHeaders: Map<string, Record<string, string>>;
}

/** The key, headers and `authHeader` of a provider entry, when it sets any of them. */
export function requestConfigOf(config: ProviderConfig | undefined): RequestConfig | undefined {
  if (!config || (config.apiKey === undefined && config.headers === undefined && config.authHeader === undefined)) return undefined;
  const { apiKey, headers, authHeader } = config;
  return { apiKey, headers, authHeader };
}

export function modelKey(provider: string, id: string): string {
  return `${provider}/${id}`;
}

/**
 * models.json (`replaceModels` false): endpoint and per-model overrides apply to the provider's models, then
 * the listed models are upserted by id. An extension (`replaceModels` true): listed models replace the
 * provider's models.
 */
export function applyProviderConfig(
  table: ModelTable,
  provider: string,
  config: ProviderConfig,
  replaceModels: boolean,
): void {
  table.models = table.models.map((model) => {
    if (model.provider !== provider) return model;
    let changed: Model = {
      ...model,
      baseUrl: config.baseUrl ?? model.baseUrl,
      compat: mergeCompat(model.compat, config.compat),
    };
    const override = config.modelOverrides?.[model.id];
    if (override) {
      changed = applyModelOverride(changed, override);
      if (override.headers) table.modelHeaders.set(modelKey(provider, model.id), override.headers);
    }
    return changed;
  });
  const definitions = config.models ?? [];
  if (definitions.length === 0) return;
  if (replaceModels) table.models = table.models.filter((model) => model.provider !== provider);
  for (const definition of definitions) {
    const model = modelFromDefinition(provider, config, definition);
    const key = modelKey(provider, model.id);
    if (definition.headers) table.modelHeaders.set(key, definition.headers);
    else table.modelHeaders.delete(key);
    const existing = table.models.findIndex((m) => m.provider === provider && m.id === model.id);
    if (existing === -1) table.models.push(model);
    else table.models[existing] = model;
  }
}

function modelFromDefinition(provider: string, config: ProviderConfig, definition: ModelDefinition): Model {
  const known = knownProvider(provider);
  // The config check guarantees an api and a base URL from one of these places.
  const api = definition.api ?? config.api ?? known?.api ?? "";
  const baseUrl = definition.baseUrl ?? config.baseUrl ?? known?.baseUrl ?? "";
  const model: Model = {
    id: definition.id,
    name: definition.name ?? definition.id,
    api,
    provider,
    baseUrl,
    reasoning: definition.reasoning ?? false,
    input: definition.input ?? ["text"],
    cost: {
      input: definition.cost?.input ?? 0,
      output: definition.cost?.output ?? 0,
      cacheRead: definition.cost?.cacheRead ?? 0,
      cacheWrite: definition.cost?.cacheWrite ?? 0,
      ...(definition.cost?.tiers ? { tiers: definition.cost.tiers.map((tier) => ({ ...tier })) } : {}),
    },
    contextWindow: definition.contextWindow ?? 128_000,
    maxTokens: definition.maxTokens ?? 16_384,
  };
  if (definition.thinkingLevelMap) model.thinkingLevelMap = { ...definition.thinkingLevelMap };
  if (definition.promptCache) model.promptCache = { ...definition.promptCache };
  const compat = mergeCompat(config.compat, definition.compat);
  if (compat) model.compat = compat;
  return model;
}

function applyModelOverride(model: Model, override: ModelOverride): Model {
  const result: Model = { ...model };
  if (override.name !== undefined) result.name = override.name;
  if (override.reasoning !== undefined) result.reasoning = override.reasoning;
  if (override.thinkingLevelMap !== undefined) {
    result.thinkingLevelMap = { ...model.thinkingLevelMap, ...override.thinkingLevelMap };
  }
  if (override.input !== undefined) result.input = override.input;
  if (override.promptCache) result.promptCache = { ...model.promptCache, ...override.promptCache };
  if (override.contextWindow !== undefined) result.contextWindow = override.contextWindow;
  if (override.maxTokens !== undefined) result.maxTokens = override.maxTokens;
  if (override.cost) {
    result.cost = {
      input: override.cost.input ?? model.cost.input,
      output: override.cost.output ?? model.cost.output,
      cacheRead: override.cost.cacheRead ?? model.cost.cacheRead,
      cacheWrite: override.cost.cacheWrite ?? model.cost.cacheWrite,
    };
    const tiers = override.cost.tiers ?? model.cost.tiers;
    if (tiers) result.cost.tiers = tiers.map((tier) => ({ ...tier }));
  }
  result.compat = mergeCompat(model.compat, override.compat);
  return result;
}

/** Later wins; nested objects (OpenRouter and Vercel routing) merge one level deep instead of being replaced. */
function mergeCompat(
  base: Record<string, unknown> | undefined,
  override: ModelCompat | undefined,
): Record<string, unknown> | undefined {
  if (!override) return base;
  const merged: Record<string, unknown> = { ...base, ...override };
  for (const [key, value] of Object.entries(override)) {
    const previous = base?.[key];
    if (isPlainObject(previous) && isPlainObject(value)) merged[key] = { ...previous, ...value };
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
