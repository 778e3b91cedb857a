// What a typed model reference (`sonnet`, `anthropic/claude-opus-4-7:high`, `qwen/qwen3-coder:exacto`) names among
// many providers' models, by pi 1.6's rules: the same id often lives on several providers, and then the one that is
// usable (has a key) decides; when nothing matches, the named provider is kept as a target for a custom model id.
import type { Model, ThinkingLevel } from "../../../kernel/index.js";
import { isThinkingLevel } from "../../../lib/provider-kit/thinking-levels.js";

export interface ModelReferenceRequest {
  /** a bare id or `provider/id`, optionally ending in `:<thinking>` */
  text: string;
  /** only this provider's models (matched without case) */
  provider?: string;
  /**
   * How a trailing `:<suffix>` is read once the whole text matched nothing (ids may hold colons):
   * `none` keeps it in the id, `strict` splits off a valid thinking level only, `lenient` also drops an invalid
   * suffix with a warning.
   */
  thinkingSuffix: "none" | "strict" | "lenient";
  /** whether substrings of ids and names match when no id does */
  fuzzy: boolean;
}

/** Where a reference that matched nothing points: a provider named explicitly or by a `provider/` prefix. */
export interface ModelReferenceTarget {
  provider: string;
  /** that provider's models, the first one being the pool's first of it */
  providerModels: [Model, ...Model[]];
  /** the text after the provider prefix, as typed */
  modelText: string;
  /** `modelText` without a valid thinking suffix (kept when the suffix mode is `none`) */
  modelId: string;
  thinkingLevel?: ThinkingLevel;
}

export type ModelReferenceResult =
  | { status: "resolved"; model: Model; thinkingLevel?: ThinkingLevel; warning?: string }
  | { status: "ambiguous"; candidates: Model[]; usableCount: number; thinkingLevel?: ThinkingLevel; warning?: string }
  | { status: "not-found"; target?: ModelReferenceTarget };

type Usable = (provider: string) => boolean;

/** `usable` only breaks ties between providers: a reference with one match resolves without any key. */
export function resolveModelReference(request: ModelReferenceRequest, models: readonly Model[], usable: Usable): ModelReferenceResult {
  const text = request.text.trim();
  if (!text) return { status: "not-found" };
  const wanted = request.provider?.toLowerCase();
  const pool = wanted ? models.filter((model) => model.provider.toLowerCase() === wanted) : models;
  const result = resolveText(text, request, pool, usable);
  if (result.status !== "not-found") return result;
  const split = splitProviderPrefix(text, pool);
  const anchor = wanted ? pool[0] : pool.find((model) => model.provider === split?.provider);
  if (!anchor) return result;
  const modelText = split?.modelText ?? text;
  const suffix = request.thinkingSuffix === "none" ? undefined : splitThinkingSuffix(modelText);
  return {
    status: "not-found",
    target: {
      provider: anchor.provider,
      providerModels: [anchor, ...pool.filter((model) => model.provider === anchor.provider && model !== anchor)],
      modelText,
      modelId: suffix?.base ?? modelText,
      thinkingLevel: suffix?.thinkingLevel,
    },
  };
}

function resolveText(text: string, request: ModelReferenceRequest, pool: readonly Model[], usable: Usable): ModelReferenceResult {
  const reference = selectReference(text, pool, request.fuzzy, usable);
  if (reference) return reference;
  if (request.fuzzy) {
    const fuzzy = selectFuzzy(fuzzyMatches(text, pool), usable);
    if (fuzzy) return fuzzy;
  }
  if (request.thinkingSuffix === "none") return { status: "not-found" };
  const thinking = splitThinkingSuffix(text);
  if (thinking) {
    const inner = resolveText(thinking.base, request, pool, usable);
    if (inner.status === "not-found") return inner;
    // an invalid level deeper in the text voids this one too
    return { ...inner, thinkingLevel: inner.warning ? undefined : thinking.thinkingLevel };
  }
  // strict: an invalid suffix stays part of the id and fails, rather than resolve another model
  const colon = text.lastIndexOf(":");
  if (request.thinkingSuffix === "strict" || colon === -1) return { status: "not-found" };
  const inner = resolveText(text.slice(0, colon), request, pool, usable);
  if (inner.status === "not-found") return inner;
  const warning = `Invalid thinking level "${text.slice(colon + 1)}" in pattern "${text}". Using default instead.`;
  return { ...inner, thinkingLevel: undefined, warning };
}

/**
 * An exact id, or `provider/rest`. The prefix is only a hint: the whole text may be an id on another provider
 * (a gateway's `zai/glm-5`). The named provider wins when usable, else a sole usable raw match, else the named
 * provider (so `--api-key` can set it up).
 */
function selectReference(text: string, pool: readonly Model[], fuzzy: boolean, usable: Usable): ModelReferenceResult | undefined {
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
      (fuzzy ? bestFuzzyMatch(fuzzyMatches(split.modelText, ofProvider)) : undefined);
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
  return models.filter((model) => model.id.toLowerCase().includes(lower) || (model.name ?? "").toLowerCase().includes(lower));
}

function selectFuzzy(matches: Model[], usable: Usable): ModelReferenceResult | undefined {
  if (matches.length === 0) return undefined;
  const severalProviders = new Set(matches.map((model) => model.provider)).size > 1;
  const usableMatches = severalProviders ? matches.filter((model) => usable(model.provider)) : [];
  const pool = usableMatches.length > 0 ? usableMatches : matches;
  const best = bestFuzzyMatch(pool)!;
  // the same id on several providers must not be decided by catalogue order
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

/** `text` split at its last colon when what follows names a thinking level. */
export function splitThinkingSuffix(text: string): { base: string; thinkingLevel: ThinkingLevel } | undefined {
  const colon = text.lastIndexOf(":");
  const suffix = text.slice(colon + 1);
  return colon === -1 || !isThinkingLevel(suffix) ? undefined : { base: text.slice(0, colon), thinkingLevel: suffix };
}
