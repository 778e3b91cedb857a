// `@earendil-works/pi-ai/providers/all` (and `@mariozechner/pi-ai/providers/all`) as pi 1.6.0 serves it: reads of the
// built-in model catalogue, answered from pith's own catalogue (pi 1.6.0's chat models). pith's catalogue has no
// image or classifier models; pi-ai's provider objects and `Models` collections belong to its runtime.
import type { Model } from "../../../../kernel/index.js";
import { builtInModelsOf, builtInProviders } from "../../../models/catalogue.js";
import { unsupported } from "../unsupported.js";

const runtimeOnly = (name: string) => unsupported("@earendil-works/pi-ai/providers/all", name);

export const getBuiltinProviders = (): string[] => builtInProviders();
export const getBuiltinModels = (provider: string): Model[] => builtInModelsOf(provider);
export const getAllBuiltinModels = getBuiltinModels;

/** One catalogue model; undefined when pith's catalogue has no such model. */
export function getBuiltinModel(provider: string, modelId: string): Model | undefined {
  return getBuiltinModels(provider).find((model) => model.id === modelId);
}

export const getBuiltinImageModels = (_provider: string): never[] => [];
export const getBuiltinImageModel = (_provider: string, _modelId: string): undefined => undefined;
export const getBuiltinClassifierModels = (_provider: string): never[] => [];
export const getBuiltinClassifierModel = (_provider: string, _modelId: string): undefined => undefined;
/** pith's catalogue does not record when pi generated its data. */
export const getBuiltinModelDataGeneratedAt = (): undefined => undefined;

export const builtinProviders = runtimeOnly("builtinProviders");
export const builtinModels = runtimeOnly("builtinModels");
export const radiusProvider = runtimeOnly("radiusProvider");
