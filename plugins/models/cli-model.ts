// `--provider` / `--model` resolution, over all models (not only those with a key, so `--api-key` can
// bootstrap a provider).
import type { Model, ThinkingLevel } from "../../kernel/model.js";
import { DEFAULT_MODEL_PER_PROVIDER } from "./known-providers.js";
import { parseModelPattern } from "./model-pattern.js";

export interface CliModelResolution {
  model: Model | undefined;
  /** from `--model x:level`; the caller applies it unless `--thinking` was given */
  thinkingLevel: ThinkingLevel | undefined;
  warning: string | undefined;
  /** set when nothing could be resolved; the CLI prints it and exits 1 */
  error: string | undefined;
}

export interface CliModelRequest {
  provider?: string;
  model?: string;
  models: readonly Model[];
}

const nothing: CliModelResolution = {
  model: undefined,
  thinkingLevel: undefined,
  warning: undefined,
  error: undefined,
};

export function resolveCliModel(request: CliModelRequest): CliModelResolution {
  const { provider: cliProvider, model: cliModel, models } = request;
  if (!cliModel) return nothing;
  if (models.length === 0) {
    return { ...nothing, error: "No models available. Add a provider to models.json or check the installation." };
  }
  const providersByLowerName = new Map(models.map((model) => [model.provider.toLowerCase(), model.provider]));
  let provider = cliProvider ? providersByLowerName.get(cliProvider.toLowerCase()) : undefined;
  if (cliProvider && !provider) {
    return {
      ...nothing,
      error: `Unknown provider "${cliProvider}". Use --list-models to see available providers and models.`,
    };
  }

  let pattern = cliModel;
  let providerInferred = false;
  if (!provider) {
    // `zai/glm-5` means provider zai when zai is a provider, even if another provider has an id "zai/glm-5".
    const slash = cliModel.indexOf("/");
    const prefixProvider = slash === -1 ? undefined : providersByLowerName.get(cliModel.slice(0, slash).toLowerCase());
    if (prefixProvider) {
      provider = prefixProvider;
      pattern = cliModel.slice(slash + 1);
      providerInferred = true;
    } else {
      const exact = exactIdOrReference(cliModel, models);
      if (exact) return { ...nothing, model: exact };
    }
  }
  if (cliProvider && provider && cliModel.toLowerCase().startsWith(`${provider.toLowerCase()}/`)) {
    pattern = cliModel.slice(provider.length + 1);
  }

  const candidates = provider ? models.filter((model) => model.provider === provider) : models;
  const match = parseModelPattern(pattern, candidates, { allowInvalidThinkingLevel: false });
  if (match.model) return { ...match, error: undefined };

  if (providerInferred) {
    // `openai/gpt-4o:extended` may be an OpenRouter id that merely starts with a provider name.
    const exact = exactIdOrReference(cliModel, models);
    if (exact) return { ...nothing, model: exact };
    const whole = parseModelPattern(cliModel, models, { allowInvalidThinkingLevel: false });
    if (whole.model) return { ...whole, error: undefined };
  }

  if (provider) {
    const custom = customModel(provider, pattern, models);
    if (custom) {
      const note = `Model "${pattern}" not found for provider "${provider}". Using custom model id.`;
      return { ...nothing, model: custom, warning: match.warning ? `${match.warning} ${note}` : note };
    }
  }
  const shown = provider ? `${provider}/${pattern}` : cliModel;
  return {
    ...nothing,
    warning: match.warning,
    error: `Model "${shown}" not found. Use --list-models to see available models.`,
  };
}

function exactIdOrReference(reference: string, models: readonly Model[]): Model | undefined {
  const lower = reference.toLowerCase();
  return models.find(
    (model) => model.id.toLowerCase() === lower || `${model.provider}/${model.id}`.toLowerCase() === lower,
  );
}

/** A model the catalogue does not list yet: the provider's default model with the requested id. */
function customModel(provider: string, id: string, models: readonly Model[]): Model | undefined {
  const ofProvider = models.filter((model) => model.provider === provider);
  const template = ofProvider.find((model) => model.id === DEFAULT_MODEL_PER_PROVIDER[provider]) ?? ofProvider[0];
  return template ? { ...structuredClone(template), id, name: id } : undefined;
}
