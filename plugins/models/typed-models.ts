// Classifier and image models (model-types.ts) as a session sees them: the catalogue's, with the provider-level
// `baseUrl` and `compat` of models.json and of extensions applied (pi 1.6.0: models and modelOverrides entries
// are for chat models only), or, when an extension's `registerProvider` brings a model list, that list's typed
// entries instead, served by the `classifiers`/`images` operations it registered beside them.
import type { ProviderConfig } from "./config-files/models-json-schema.js";
import { builtInModelsOfType } from "./catalogue.js";
import type { ClassifierModel, ImageModel, ModelTypeMap, TypedModel } from "./model-types.js";

/** An extension's operation for one API: pi-ai's `ClassifierFunction` / `ImagesFunction`. */
export type ModelOperation = (model: never, context: never, options?: never) => Promise<unknown>;

/** What an extension registered for a provider beyond chat: its typed models and the functions that serve them. */
export interface ExtensionTypedModels {
  /** set when the extension's `models` list replaced the provider's catalogue (across every operation) */
  models?: TypedModel[];
  classifiers: ReadonlyMap<string, ModelOperation>;
  images: ReadonlyMap<string, ModelOperation>;
}

export interface TypedModelSources {
  providers(): readonly string[];
  /** the provider's models.json entry, then the extension's, in the order they apply */
  configs(provider: string): readonly (ProviderConfig | undefined)[];
}

export class TypedModels {
  private readonly registered = new Map<string, ExtensionTypedModels>();

  constructor(private readonly sources: TypedModelSources) {}

  /** The provider's models of the type, or every provider's in provider order. */
  of<T extends "classifier" | "image">(type: T, provider?: string): ModelTypeMap[T][] {
    const providers = provider === undefined ? this.sources.providers() : this.sources.providers().includes(provider) ? [provider] : [];
    return providers.flatMap((name) => this.providerModels(type, name));
  }

  find<T extends "classifier" | "image">(type: T, provider: string, id: string): ModelTypeMap[T] | undefined {
    return this.of(type, provider).find((model) => model.id === id);
  }

  /** An extension provider's own function for the API, if it registered one. */
  operation(kind: "classifiers" | "images", provider: string, api: string): ModelOperation | undefined {
    return this.registered.get(provider)?.[kind].get(api);
  }

  register(provider: string, entry: ExtensionTypedModels | undefined): void {
    if (entry) this.registered.set(provider, entry);
    else this.registered.delete(provider);
  }

  private providerModels<T extends "classifier" | "image">(type: T, provider: string): ModelTypeMap[T][] {
    const listed = this.registered.get(provider)?.models;
    const models = listed ? listed.filter((model): model is ModelTypeMap[T] => model.type === type).map((model) => structuredClone(model)) : builtInModelsOfType(type, provider);
    const configs = this.sources.configs(provider).filter((config) => config !== undefined);
    // an extension's own list already carries its endpoint; the provider's settings apply to the catalogue's
    return listed ? models : models.map((model) => configs.reduce(applyProviderSettings, model));
  }
}

function applyProviderSettings<M extends ClassifierModel | ImageModel>(model: M, config: ProviderConfig): M {
  const changed = { ...model, baseUrl: config.baseUrl ?? model.baseUrl };
  if (changed.type === "classifier" && config.compat) changed.compat = { ...changed.compat, ...config.compat };
  return changed;
}
