// `ctx.modelRegistry.classify()`: one classifier call with its auth resolved as for chat models (--api-key,
// auth.json, a variable, a login, models.json's key and headers), served by the extension that registered the
// model's API, else by pith's own module for it. Never rejects: a call that fails answers `stopReason: "error"`
// (or "aborted") with the reason and pith's error code, keeping the usage a billed request reported.
import { PithError, errorMessage, type Model } from "../../kernel/index.js";
import type { ModelRegistry } from "../models/registry.js";
import type { ClassifierModel } from "../models/model-types.js";
import type { ClassifierCall, ClassifierContext, ClassifierOptions, ClassifierResult } from "./classifier-types.js";
import { cloudflareSystemOne, systemOneCall, typesafeSystemOne } from "./system-one.js";
import { openAiDecisions } from "./openai-decisions.js";

const BUILT_IN_CALLS: Record<string, ClassifierCall> = {
  "typesafe-system-one": systemOneCall(typesafeSystemOne),
  "cloudflare-workers-ai-system-one": systemOneCall(cloudflareSystemOne),
  "openai-decisions": openAiDecisions,
};

export async function classify(registry: ModelRegistry | undefined, model: ClassifierModel, context: ClassifierContext, options: ClassifierOptions = {}): Promise<ClassifierResult> {
  const output: ClassifierResult = { api: model?.api, provider: model?.provider, model: model?.id, answers: {}, stopReason: "stop", timestamp: Date.now() };
  try {
    if (!registry) throw new PithError("MODELS_UNAVAILABLE", "pith has no models service in this session");
    if (model?.type !== "classifier") throw new PithError("MODEL_TYPE_MISMATCH", `Model ${String(model?.provider)}/${String(model?.id)} is not a classifier model`);
    if (context?.images?.length && !model.input.includes("image")) throw new PithError("CLASSIFIER_IMAGE_UNSUPPORTED", `Model ${model.provider}/${model.id} does not accept image input`);
    const extensionCall = registry.typedModels.operation("classifiers", model.provider, model.api);
    const call = BUILT_IN_CALLS[model.api];
    if (!extensionCall && !call) {
      throw new PithError("CLASSIFIER_API_UNSUPPORTED", `pith cannot classify with ${model.provider}/${model.id}: it has no implementation of the "${model.api}" API`);
    }
    const auth = await registry.resolveAuth(model as unknown as Model, options.signal);
    const apiKey = options.apiKey ?? auth.apiKey;
    if (!apiKey) throw new PithError("NO_API_KEY", `No API key for provider: ${model.provider}`);
    const baseUrl = withAccountPlaceholders(registry, model.provider, auth.baseUrl ?? model.baseUrl);
    const prepared = { ...model, baseUrl };
    const callOptions = { ...options, apiKey, headers: { ...auth.headers, ...options.headers } };
    if (extensionCall) return (await extensionCall(prepared as never, context as never, callOptions as never)) as ClassifierResult;
    await call!(prepared, context, callOptions, output);
    return output;
  } catch (error) {
    const aborted = options.signal?.aborted === true;
    return { ...output, answers: {}, stopReason: aborted ? "aborted" : "error", errorMessage: errorMessage(error), code: aborted ? "CLASSIFIER_ABORTED" : errorCode(error) };
  }
}

function errorCode(error: unknown): string {
  return error instanceof PithError ? error.code : "CLASSIFIER_REQUEST_FAILED";
}

/** Cloudflare's base URLs name the account (`{CLOUDFLARE_ACCOUNT_ID}`): from the stored credential, else the environment. */
function withAccountPlaceholders(registry: ModelRegistry, provider: string, baseUrl: string): string {
  return baseUrl.replace(/\{([A-Z][A-Z0-9_]*)\}/gu, (placeholder, name: string) => {
    const value = registry.environmentValue(provider, name);
    if (value === undefined) throw new PithError("NO_API_KEY", `${provider} needs ${name} (its endpoint names the account): set the environment variable`);
    return value;
  });
}
