// pi-ai's global image-generation registry: `generateImages` dispatches on the model's api to the function
// registered for it, with the key in `options.apiKey` (`ctx.modelRegistry.generateImages` resolves the provider's
// auth instead). OpenRouter's image API is the built-in entry, as in pi-ai.
import type { ImageModel } from "../../../models/model-types.js";
import type { AssistantImages, ImagesContext, ImagesOptions } from "../../../models/images/image-types.js";

type GenerateImages = (model: ImageModel, context: ImagesContext, options?: ImagesOptions) => Promise<AssistantImages>;

/** pi-ai's `ImagesApiProvider`: an image API and its generation function. */
export interface ImagesApiProvider {
  api: string;
  generateImages: GenerateImages;
}

const registry = new Map<string, ImagesApiProvider>();

/** OpenRouter's image API with `options.apiKey` (pi-ai's global call resolves no provider auth). */
export async function generateImagesOpenRouter(model: ImageModel, context: ImagesContext, options: ImagesOptions = {}): Promise<AssistantImages> {
  const { apiKey } = options;
  if (!apiKey) return { api: model.api, provider: model.provider, model: model.id, output: [], stopReason: "error", errorMessage: `No API key for provider: ${model.provider}`, timestamp: Date.now() };
  const { generateOpenRouterImages } = await import("../../../models/images/openrouter-images.js");
  return generateOpenRouterImages(model, context, { ...options, apiKey });
}

/** `sourceId` is accepted as pi-ai accepts it; pi-ai has no call that removes image APIs by it either */
export function registerImagesApiProvider(provider: ImagesApiProvider, _sourceId?: string): void {
  const { api } = provider;
  const generateImages: GenerateImages = (model, context, options) => {
    if (model.api !== api) throw new Error(`Mismatched api: ${model.api} expected ${api}`);
    return provider.generateImages(model, context, options);
  };
  registry.set(api, { api, generateImages });
}

export function getImagesApiProvider(api: string): ImagesApiProvider | undefined {
  return registry.get(api);
}

export function registerBuiltInImagesApiProviders(): void {
  registerImagesApiProvider({ api: "openrouter-images", generateImages: generateImagesOpenRouter });
}

registerBuiltInImagesApiProviders();

/** pi-ai's global `generateImages`: by the model's api, with the key in `options.apiKey`. */
export async function generateImages(model: ImageModel, context: ImagesContext, options?: ImagesOptions): Promise<AssistantImages> {
  const provider = getImagesApiProvider(model.api);
  if (!provider) throw new Error(`No API provider registered for api: ${model.api}`);
  return provider.generateImages(model, context, options);
}
