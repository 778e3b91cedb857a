// `@earendil-works/pi-ai/providers/all` (and `@mariozechner/pi-ai/providers/all`) as pi 1.6.0 serves it: reads of the
// built-in model catalogue, answered from pith's own catalogue (pi 1.6.0's chat, image and classifier models), and
// pi-ai's provider objects over it (./builtin-providers.ts).
import type { Model } from "../../../../kernel/index.js";
import { builtInModelsOf, builtInModelsOfType, builtInProviders } from "../../../models/catalogue.js";
import type { ClassifierModel, ImageModel } from "../../../models/model-types.js";

export const getBuiltinProviders = (): string[] => builtInProviders();
export const getBuiltinModels = (provider: string): Model[] => builtInModelsOf(provider);
export const getAllBuiltinModels = getBuiltinModels;

/** One catalogue model; undefined when pith's catalogue has no such model. */
export function getBuiltinModel(provider: string, modelId: string): Model | undefined {
  return getBuiltinModels(provider).find((model) => model.id === modelId);
}

export const getBuiltinImageModels = (provider: string): ImageModel[] => builtInModelsOfType("image", provider);
export const getBuiltinImageModel = (provider: string, modelId: string): ImageModel | undefined => getBuiltinImageModels(provider).find((model) => model.id === modelId);
export const getBuiltinClassifierModels = (provider: string): ClassifierModel[] => builtInModelsOfType("classifier", provider);
export const getBuiltinClassifierModel = (provider: string, modelId: string): ClassifierModel | undefined =>
  getBuiltinClassifierModels(provider).find((model) => model.id === modelId);
/** pith's catalogue does not record when pi generated its data. */
export const getBuiltinModelDataGeneratedAt = (): undefined => undefined;

export { builtinModels, builtinProviders, radiusProvider } from "./builtin-providers.js";
