// pi-coding-agent 1.6.0's `resolveCliModel` and `resolveModelScopeWithDiagnostics`: a `--model`/`--provider` pair
// and `--models` patterns resolved with pi's results and messages, over the models pith's catalogue and registry
// give the `modelRuntime` passed in (pi's contract: `getModels()`, `hasConfiguredAuth(provider)`, `getAvailable()`).
import type { Model, ThinkingLevel } from "../../../../kernel/index.js";
import { compileGlob } from "../../../../lib/glob/glob.js";
import { defaultModelIds } from "../../../models/known-providers.js";
import { resolveModelReference, splitThinkingSuffix } from "../../../models/selection/model-reference.js";

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

export interface ModelScopeDiagnostic {
  type: "warning";
  code: "no-match" | "invalid-thinking-level" | "ambiguous";
  message: string;
  pattern: string;
}

export interface ScopedModel {
  model: Model;
  thinkingLevel?: ThinkingLevel;
}

export interface ResolveModelScopeResult {
  scopedModels: ScopedModel[];
  diagnostics: ModelScopeDiagnostic[];
}

/** `--models` patterns over the models whose provider has a key. */
export async function resolveModelScopeWithDiagnostics(
  patterns: string[],
  modelRuntime: Pick<ModelResolverRuntime, "getAvailable">,
  options?: unknown,
): Promise<ResolveModelScopeResult> {
  return resolveModelScopeFromModels(patterns, await modelRuntime.getAvailable(undefined, options));
}

/**
 * Every model given counts as usable, so keys cannot choose between providers offering the same id: all of them
 * are added, with a warning telling the user to pick one with `provider/id`.
 */
function resolveModelScopeFromModels(patterns: readonly string[], models: readonly Model[]): ResolveModelScopeResult {
  const scopedModels: ScopedModel[] = [];
  const diagnostics: ModelScopeDiagnostic[] = [];
  const add = (matches: readonly Model[], thinkingLevel: ThinkingLevel | undefined) => {
    for (const model of matches) {
      if (!scopedModels.some((scoped) => scoped.model.provider === model.provider && scoped.model.id === model.id)) scopedModels.push({ model, thinkingLevel });
    }
  };
  const warn = (code: ModelScopeDiagnostic["code"], pattern: string, message: string) => diagnostics.push({ type: "warning", code, message, pattern });
  const ambiguous = (pattern: string, candidates: readonly Model[]) => {
    const providers = [...new Set(candidates.map((model) => model.provider))].sort((a, b) => a.localeCompare(b));
    warn("ambiguous", pattern, `Pattern "${pattern}" matches several providers: ${providers.join(", ")}. Use provider/id to choose one.`);
  };
  for (const pattern of patterns) {
    if (/[*?[]/.test(pattern)) {
      const thinking = splitThinkingSuffix(pattern);
      const globText = thinking?.base ?? pattern;
      // an id such as `bracketed-model[1m]` is no glob
      const exact = resolveModelReference({ text: globText, thinkingSuffix: "none", fuzzy: false }, models, () => true);
      let matches: readonly Model[];
      if (exact.status === "resolved") matches = [exact.model];
      else if (exact.status === "ambiguous") {
        matches = exact.candidates;
        ambiguous(pattern, matches);
      } else {
        const glob = compileGlob(globText, { caseSensitivity: "insensitive", dotfiles: false, basename: false, syntax: "minimatch" });
        matches = models.filter((model) => glob(`${model.provider}/${model.id}`) || glob(model.id));
      }
      if (matches.length === 0) warn("no-match", pattern, `No models match pattern "${pattern}"`);
      add(matches, thinking?.thinkingLevel);
      continue;
    }
    const result = resolveModelReference({ text: pattern, thinkingSuffix: "lenient", fuzzy: true }, models, () => true);
    if (result.status === "not-found") {
      warn("no-match", pattern, `No models match pattern "${pattern}"`);
      continue;
    }
    if (result.warning) warn("invalid-thinking-level", pattern, result.warning);
    if (result.status === "ambiguous") ambiguous(pattern, result.candidates);
    add(result.status === "resolved" ? [result.model] : result.candidates, result.thinkingLevel);
  }
  return { scopedModels, diagnostics };
}
