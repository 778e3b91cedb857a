// pi-coding-agent 1.6.0's `resolveCliModel` and `resolveModelScopeWithDiagnostics`: a `--model`/`--provider` pair
// and `--models` patterns resolved with pi's results and messages, over the models pith's catalogue and registry
// give the `modelRuntime` passed in (pi's contract: `getModels()`, `hasConfiguredAuth(provider)`, `getAvailable()`).
import type { Model, ThinkingLevel } from "../../../../kernel/index.js";
import { defaultModelIds } from "../../../models/known-providers.js";
import { resolveModelReference } from "../../../models/selection/model-reference.js";
import { resolveModelScopeFromModels, type ResolveModelScopeResult } from "../../../models/selection/model-scope.js";

/** The part of pi's `ModelRuntime` these functions read. */
export interface ModelResolverRuntime {
  getModels(): readonly Model[];
  hasConfiguredAuth(provider: string): boolean;
  getAvailable(provider?: string, options?: unknown): Promise<readonly Model[]>;
}

export interface ResolveCliModelResult {
  model: Model | undefined;
  thinkingLevel?: ThinkingLevel;
  warning: string | undefined;
  error: string | undefined;
}

export interface ResolveCliModelOptions {
  cliProvider?: string;
  cliModel?: string;
  cliThinking?: ThinkingLevel;
  /** `--api-key` was given: it goes to whichever provider is chosen, so stored keys must not choose */
  inlineApiKey?: boolean;
  modelRuntime: Pick<ModelResolverRuntime, "getModels" | "hasConfiguredAuth">;
}

const failed = (error: string): ResolveCliModelResult => ({ model: undefined, warning: undefined, error });

export function resolveCliModel(options: ResolveCliModelOptions): ResolveCliModelResult {
  const { cliProvider, cliModel, cliThinking, inlineApiKey, modelRuntime } = options;
  if (!cliModel) return { model: undefined, warning: undefined, error: undefined };
  // every model, not only those with a key, so that `--api-key` can set a provider up
  const models = [...modelRuntime.getModels()];
  if (models.length === 0) return failed("No models available. Check your installation or add models to models.json.");
  const provider = cliProvider ? models.find((model) => model.provider.toLowerCase() === cliProvider.toLowerCase())?.provider : undefined;
  if (cliProvider && !provider) return failed(`Unknown provider "${cliProvider}". Use --list-models to see available providers/models.`);
  const usable = inlineApiKey ? () => false : (id: string) => modelRuntime.hasConfiguredAuth(id);
  const result = resolveModelReference({ text: cliModel, provider, thinkingSuffix: "strict", fuzzy: true }, models, usable);
  if (result.status === "resolved") return { model: result.model, thinkingLevel: result.thinkingLevel, warning: result.warning, error: undefined };
  if (result.status === "ambiguous") {
    const names = result.candidates.map((model) => `${model.provider}/${model.id}`).sort((a, b) => a.localeCompare(b));
    const hint = inlineApiKey
      ? "--api-key does not choose a provider."
      : result.usableCount === 0
        ? "No matching provider is authenticated."
        : "More than one matching provider is authenticated.";
    return failed(`Model "${cliModel}" is ambiguous across providers: ${names.join(", ")}. ${hint} Use --provider or provider/model.`);
  }
  const { target } = result;
  if (!target) return failed(`Model "${cliModel}" not found. Use --list-models to see available models.`);
  // with --thinking given, a `:level` suffix stays part of the custom id
  const modelId = cliThinking ? target.modelText : target.modelId;
  const suffixLevel = cliThinking ? undefined : target.thinkingLevel;
  const template = target.providerModels.find((model) => model.id === defaultModelIds()[target.provider]) ?? target.providerModels[0];
  const custom: Model = { ...template, id: modelId, name: modelId };
  const requested = cliThinking ?? suffixLevel;
  return {
    model: requested && requested !== "off" ? { ...custom, reasoning: true } : custom,
    thinkingLevel: suffixLevel,
    warning: `Model "${modelId}" not found for provider "${target.provider}". Using custom model id.`,
    error: undefined,
  };
}

export type { ModelScopeDiagnostic, ResolveModelScopeResult, ScopedModel } from "../../../models/selection/model-scope.js";

/** `--models` patterns over the models whose provider has a key. */
export async function resolveModelScopeWithDiagnostics(
  patterns: string[],
  modelRuntime: Pick<ModelResolverRuntime, "getAvailable">,
  options?: unknown,
): Promise<ResolveModelScopeResult> {
  return resolveModelScopeFromModels(patterns, await modelRuntime.getAvailable(undefined, options));
}
