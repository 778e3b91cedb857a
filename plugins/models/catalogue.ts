// The built-in models: pi 1.6.0's catalogue, shipped as data in catalogue/ (one JSON file of chat models per
// provider plus index.json, and types/<type>.json for the classifier and image models of every provider;
// build/generate-catalogue.mjs regenerates them from an installed pi). A file is read
// only when its provider's models are needed, so a run that uses one provider parses one small file.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PithError, type Model } from "../../kernel/index.js";
import type { ModelTypeMap, TypedModel } from "./model-types.js";

export interface CatalogueProvider {
  /** for people: "Amazon Bedrock" */
  name: string;
  /** of its first model: what a models.json model of this provider inherits */
  api: string;
  baseUrl: string;
  /** environment variables holding the key, first set one wins */
  envVars: string[];
  /** variables holding a token sent as `Authorization: Bearer` instead of the key (ANTHROPIC_AUTH_TOKEN), tried first */
  bearerEnvVars?: string[];
  /** how many models the provider's file holds */
  models: number;
}

interface CatalogueIndex {
  source: string;
  providers: Record<string, CatalogueProvider>;
  /** provider → model id, in pi's order of preference */
  defaultModels: Record<string, string>;
}

/** A model as stored: `api` and `baseUrl` only where they differ from the provider's. */
type StoredModel = Omit<Model, "provider" | "api" | "baseUrl"> & Partial<Pick<Model, "api" | "baseUrl">>;

/** A classifier or image model as stored in types/<type>.json, under its provider. */
type StoredTypedModel = Omit<TypedModel, "provider" | "type">;

let folder: string | undefined;
let index: CatalogueIndex | undefined;
const fileTexts = new Map<string, string>();

/**
 * Beside this module in the sources (plugins/models/catalogue/); dist/catalogue/ in the build, which is beside the
 * CLI bundle and one level above the library's chunks.
 */
function catalogueFolder(): string {
  if (folder) return folder;
  for (const relative of ["./catalogue/", "../catalogue/"]) {
    const candidate = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(`${candidate}index.json`)) return (folder = candidate);
  }
  throw new PithError("CATALOGUE_MISSING", `pith's model catalogue (catalogue/index.json) is missing beside ${fileURLToPath(import.meta.url)}; reinstall pith.`);
}

export function catalogueIndex(): CatalogueIndex {
  return (index ??= JSON.parse(readFileSync(`${catalogueFolder()}index.json`, "utf8")) as CatalogueIndex);
}

/** The built-in providers, in the catalogue's order. */
export function builtInProviders(): string[] {
  return Object.keys(catalogueIndex().providers);
}

export function catalogueProvider(name: string): CatalogueProvider | undefined {
  const { providers } = catalogueIndex();
  return Object.hasOwn(providers, name) ? providers[name] : undefined;
}

/** Fresh copies each call, so a caller that edits a model never changes the catalogue. */
export function builtInModelsOf(provider: string): Model[] {
  const entry = catalogueProvider(provider);
  if (!entry) return [];
  let text = fileTexts.get(provider);
  if (text === undefined) {
    text = readFileSync(`${catalogueFolder()}${provider}.json`, "utf8");
    fileTexts.set(provider, text);
  }
  return (JSON.parse(text) as StoredModel[]).map((stored) => ({ ...stored, provider, api: stored.api ?? entry.api, baseUrl: stored.baseUrl ?? entry.baseUrl }));
}

/** Every built-in model (all files: only for listings and searches over everything). */
export function builtInModels(): Model[] {
  return builtInProviders().flatMap(builtInModelsOf);
}

const typedTexts = new Map<string, Record<string, StoredTypedModel[]>>();

/** The provider's built-in classifier or image models (fresh copies); every provider's when none is named. */
export function builtInModelsOfType<T extends "classifier" | "image">(type: T, provider?: string): ModelTypeMap[T][] {
  let byProvider = typedTexts.get(type);
  if (!byProvider) {
    byProvider = JSON.parse(readFileSync(`${catalogueFolder()}types/${type}.json`, "utf8")) as Record<string, StoredTypedModel[]>;
    typedTexts.set(type, byProvider);
  }
  const names = provider === undefined ? Object.keys(byProvider) : Object.hasOwn(byProvider, provider) ? [provider] : [];
  return names.flatMap((name) => byProvider[name]!.map((stored) => structuredClone({ ...stored, type, provider: name }) as unknown as ModelTypeMap[T]));
}
