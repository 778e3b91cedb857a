// `--provider` / `--model` resolution over all models (not only those with a key, so `--api-key` can bootstrap a
// provider), with pi 1.6's rules: with 40-odd providers the same id often lives on several of them, and then
// the provider with a key decides; if none or several have one, the reference is ambiguous and the user is told
// to name the provider.
import type { Model, ThinkingLevel } from "../../../kernel/index.js";
import { isThinkingLevel } from "../../../lib/provider-kit/thinking-levels.js";
import { defaultModelIds } from "../known-providers.js";

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

type Resolved =
  | { status: "resolved"; model: Model; thinkingLevel?: ThinkingLevel }
  | { status: "ambiguous"; candidates: Model[]; usableCount: number }
  | { status: "not-found" };

const nothing: CliModelResolution = { model: undefined, thinkingLevel: undefined, warning: undefined, error: undefined };

export function resolveCliModel(request: CliModelRequest): CliModelResolution {
  const { provider: cliProvider, model: cliModel, models } = request;
  const usable = request.usable ?? (() => false);
  if (!cliModel) return nothing;
  if (models.length === 0) return { ...nothing, error: "No models available. Add a provider to models.json or check the installation." };
  const provider = cliProvider ? models.find((model) => model.provider.toLowerCase() === cliProvider.toLowerCase())?.provider : undefined;
  if (cliProvider && !provider) {
    return { ...nothing, error: `Unknown provider "${cliProvider}". Use --list-models to see available providers and models.` };
  }
  const text = cliModel.trim();
  const pool = provider ? models.filter((model) => model.provider === provider) : models;
  const result = resolveText(text, pool, usable);
  if (result.status === "resolved") return { ...nothing, model: result.model, thinkingLevel: result.thinkingLevel };
  if (result.status === "ambiguous") {
    const names = result.candidates.map((model) => `${model.provider}/${model.id}`).sort((a, b) => a.localeCompare(b));
    const hint = result.usableCount === 0 ? "No matching provider has a key." : "More than one matching provider has a key.";
    return { ...nothing, error: `Model "${cliModel}" is ambiguous across providers: ${names.join(", ")}. ${hint} Use --provider or provider/model.` };
  }
  // Not in the catalogue: a model of the named provider with the requested id, built on its default model.
  const split = provider ? undefined : splitProviderPrefix(text, pool);
  const target = provider ?? split?.provider;
  if (!target) return { ...nothing, error: `Model "${cliModel}" not found. Use --list-models to see available models.` };
  const modelText = split?.modelText ?? stripProvider(text, target);
  const suffix = splitThinkingSuffix(modelText);
  const id = suffix?.base ?? modelText;
  const ofProvider = pool.filter((model) => model.provider === target);
  const template = ofProvider.find((model) => model.id === defaultModelIds()[target]) ?? ofProvider[0]!;
  return {
    model: { ...structuredClone(template), id, name: id },
    thinkingLevel: suffix?.thinkingLevel,
    warning: `Model "${id}" not found for provider "${target}". Using custom model id.`,
    error: undefined,
  };
}

/** `--provider anthropic --model anthropic/x` means x. */
function stripProvider(text: string, provider: string): string {
  return text.toLowerCase().startsWith(`${provider.toLowerCase()}/`) ? text.slice(provider.length + 1) : text;
}

function resolveText(text: string, pool: readonly Model[], usable: (provider: string) => boolean): Resolved {
  const reference = selectReference(text, pool, usable);
  if (reference) return reference;
  const fuzzy = selectFuzzy(fuzzyMatches(text, pool), usable);
  if (fuzzy) return fuzzy;
  // `:level` splits only when it names a level; anything else stays part of the id and fails.
  const thinking = splitThinkingSuffix(text);
  if (!thinking) return { status: "not-found" };
  const inner = resolveText(thinking.base, pool, usable);
  return inner.status === "resolved" ? { ...inner, thinkingLevel: thinking.thinkingLevel } : inner;
}

/**
 * An exact id, or `provider/rest`. The prefix is only a hint: the whole text may be an id on another provider
 * (a gateway's `zai/glm-5`). The named provider wins when it has a key, else a sole raw match with a key, else
 * the named provider (so `--api-key` can set it up).
 */
function selectReference(text: string, pool: readonly Model[], usable: (provider: string) => boolean): Resolved | undefined {
  const lower = text.toLowerCase();
  const raw = pool.filter((model) => model.id.toLowerCase() === lower);
  const split = splitProviderPrefix(text, pool);
  let named: Model | undefined;
  if (split) {
    const ofProvider = pool.filter((model) => model.provider === split.provider);
    const lowerModel = split.modelText.toLowerCase();
    named =
      ofProvider.find((model) => model.id.toLowerCase() === lowerModel) ??
      raw.find((model) => model.provider === split.provider) ??
      bestFuzzyMatch(fuzzyMatches(split.modelText, ofProvider));
  }
  const others = raw.filter((model) => model !== named);
  const candidates = named ? [named, ...others] : others;
  if (candidates.length === 0) return undefined;
  if (new Set(candidates.map((model) => model.provider)).size === 1) return { status: "resolved", model: candidates[0]! };
  if (named && usable(named.provider)) return { status: "resolved", model: named };
  const usableOthers = others.filter((model) => usable(model.provider));
  if (usableOthers.length === 1) return { status: "resolved", model: usableOthers[0]! };
  if (usableOthers.length === 0 && named) return { status: "resolved", model: named };
  return { status: "ambiguous", candidates, usableCount: usableOthers.length };
}

function fuzzyMatches(text: string, models: readonly Model[]): Model[] {
  const lower = text.toLowerCase();
  return models.filter((model) => model.id.toLowerCase().includes(lower) || model.name.toLowerCase().includes(lower));
}

function selectFuzzy(matches: Model[], usable: (provider: string) => boolean): Resolved | undefined {
  if (matches.length === 0) return undefined;
  const severalProviders = new Set(matches.map((model) => model.provider)).size > 1;
  const usableMatches = severalProviders ? matches.filter((model) => usable(model.provider)) : [];
  const pool = usableMatches.length > 0 ? usableMatches : matches;
  const best = bestFuzzyMatch(pool)!;
  // The same id on several providers must not be decided by catalogue order.
  const tied = pool.filter((model) => model.id === best.id);
  if (new Set(tied.map((model) => model.provider)).size === 1) return { status: "resolved", model: best };
  return { status: "ambiguous", candidates: tied, usableCount: usableMatches.length > 0 ? tied.length : 0 };
}

/** Aliases (`claude-sonnet-4-5`) over dated ids (`claude-sonnet-4-5-20250929`), then the highest id. */
function bestFuzzyMatch(matches: Model[]): Model | undefined {
  const aliases = matches.filter((model) => model.id.endsWith("-latest") || !/-\d{8}$/.test(model.id));
  return [...(aliases.length > 0 ? aliases : matches)].sort((a, b) => b.id.localeCompare(a.id))[0];
}

/** The longest provider name followed by "/" that starts the text (provider names may contain "/"). */
function splitProviderPrefix(text: string, models: readonly Model[]): { provider: string; modelText: string } | undefined {
  const lower = text.toLowerCase();
  let best: { provider: string; modelText: string } | undefined;
  for (const provider of new Set(models.map((model) => model.provider))) {
    const prefix = provider.trim().toLowerCase();
    if (!prefix || (best && best.provider.length >= provider.length)) continue;
    const slash = lower.indexOf("/", prefix.length);
    if (slash === -1 || lower.slice(0, slash).trim() !== prefix) continue;
    const modelText = text.slice(slash + 1).trim();
    if (modelText) best = { provider, modelText };
  }
  return best;
}

function splitThinkingSuffix(text: string): { base: string; thinkingLevel: ThinkingLevel } | undefined {
  const colon = text.lastIndexOf(":");
  const suffix = text.slice(colon + 1);
  return colon === -1 || !isThinkingLevel(suffix) ? undefined : { base: text.slice(0, colon), thinkingLevel: suffix };
}
