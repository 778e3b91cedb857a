// pi 1.6.0's `generateImages(model, context, options)` over pith's registry: the key and headers resolved as for a
// chat request (`--api-key`, auth.json, a login, the environment, models.json and extension headers), the request
// sent by the model's image API. It never rejects: whatever fails ends in `stopReason: "error"` (or "aborted"),
// with pith's error code beside pi's message.
import { errorMessage, PithError, type ResolvedAuth } from "../../../kernel/index.js";
import { mergeHeaders } from "../../../lib/provider-kit/index.js";
import type { ModelRegistry } from "../registry.js";
import type { ImageModel } from "../model-types.js";
import type { AssistantImages, ImagesContext, ImagesOptions } from "./image-types.js";

type ImagesFunction = (model: ImageModel, context: ImagesContext, options: ImagesOptions) => Promise<AssistantImages>;

function failed(model: Partial<ImageModel> | undefined, code: string, message: string, aborted = false): AssistantImages {
  return { api: model?.api ?? "unknown", provider: model?.provider ?? "unknown", model: model?.id ?? "unknown", output: [], stopReason: aborted ? "aborted" : "error", errorMessage: message, code, timestamp: Date.now() };
}

export async function generateImages(registry: ModelRegistry, model: ImageModel, context: ImagesContext, options: ImagesOptions = {}): Promise<AssistantImages> {
  const aborted = () => options.signal?.aborted === true;
  if (model?.type !== "image") return failed(model, "MODEL_TYPE_MISMATCH", `Model ${String(model?.provider)}/${String(model?.id)} is not an image model`);
  if (!Array.isArray(context?.input)) return failed(model, "IMAGE_INPUT_INVALID", "generateImages() takes { input: [{ type: \"text\", text }, { type: \"image\", data, mimeType }, ...] }");
  if (!registry.providers().includes(model.provider)) return failed(model, "MODEL_PROVIDER_UNKNOWN", `Unknown provider: ${model.provider}`);
  // an extension's own function for the api first (pi's `images` of registerProvider), else pith's
  const registered = registry.typedModels.operation("images", model.provider, model.api) as ImagesFunction | undefined;
  if (!registered && model.api !== "openrouter-images") return failed(model, "IMAGE_API_UNAVAILABLE", `Provider ${model.provider} has no image implementation for "${model.api}"`);
  let auth: ResolvedAuth = {};
  try {
    auth = await registry.resolveAuth(model, options.signal);
  } catch (error) {
    // a key given with the call stands in for the provider's
    if (options.apiKey === undefined) return failed(model, error instanceof PithError ? error.code : "NO_API_KEY", errorMessage(error), aborted());
  }
  const apiKey = options.apiKey ?? auth.apiKey;
  if (!apiKey) return failed(model, "NO_API_KEY", `No API key for provider: ${model.provider}`);
  const requestModel = auth.baseUrl ? { ...model, baseUrl: auth.baseUrl } : model;
  const headers = mergeHeaders(auth.headers, options.headers);
  const request = { ...options, apiKey, headers };
  if (registered) {
    try {
      return await registered(requestModel, context, request);
    } catch (error) {
      return failed(model, aborted() ? "IMAGE_GENERATION_ABORTED" : "IMAGE_GENERATION_FAILED", errorMessage(error), aborted());
    }
  }
  const { generateOpenRouterImages } = await import("./openrouter-images.js");
  return generateOpenRouterImages(requestModel, context, request);
}
