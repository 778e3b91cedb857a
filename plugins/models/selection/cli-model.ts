// `--provider` / `--model` resolution over all models (not only those with a key, so `--api-key` can bootstrap a
// provider), with pi 1.6's rules: with 40-odd providers the same id often lives on several of them, and then
// the provider with a key decides; if none or several have one, the reference is ambiguous and the user is told
// to name the provider.
import type { Model, ThinkingLevel } from "../../../kernel/index.js";
import { defaultModelIds } from "../known-providers.js";
import { resolveModelReference } from "./model-reference.js";

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
  /** whether a provider has a key; only breaks ties between providers (default: none has) */
  usable?: (provider: string) => boolean;
}

const nothing: CliModelResolution = { model: undefined, thinkingLevel: undefined, warning: undefined, error: undefined };

export function resolveCliModel(request: CliModelRequest): CliModelResolution {
  const { provider: cliProvider, model: cliModel, models } = request;
  if (!cliModel) return nothing;
  if (models.length === 0) return { ...nothing, error: "No models available. Add a provider to models.json or check the installation." };
  const provider = cliProvider ? models.find((model) => model.provider.toLowerCase() === cliProvider.toLowerCase())?.provider : undefined;
  if (cliProvider && !provider) {
    return { ...nothing, error: `Unknown provider "${cliProvider}". Use --list-models to see available providers and models.` };
  }
  const result = resolveModelReference({ text: cliModel, provider, thinkingSuffix: "strict", fuzzy: true }, models, request.usable ?? (() => false));
  if (result.status === "resolved") return { ...nothing, model: result.model, thinkingLevel: result.thinkingLevel };
  if (result.status === "ambiguous") {
    const names = result.candidates.map((model) => `${model.provider}/${model.id}`).sort((a, b) => a.localeCompare(b));
    const hint = result.usableCount === 0 ? "No matching provider has a key." : "More than one matching provider has a key.";
    return { ...nothing, error: `Model "${cliModel}" is ambiguous across providers: ${names.join(", ")}. ${hint} Use --provider or provider/model.` };
  }
  // Not in the catalogue: a model of the named provider with the requested id, built on its default model.
  const { target } = result;
  if (!target) return { ...nothing, error: `Model "${cliModel}" not found. Use --list-models to see available models.` };
  const template = target.providerModels.find((model) => model.id === defaultModelIds()[target.provider]) ?? target.providerModels[0];
  return {
    model: { ...structuredClone(template), id: target.modelId, name: target.modelId },
    thinkingLevel: target.thinkingLevel,
    warning: `Model "${target.modelId}" not found for provider "${target.provider}". Using custom model id.`,
    error: undefined,
  };
}
