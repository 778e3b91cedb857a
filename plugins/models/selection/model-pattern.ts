// Turning what a user typed (`sonnet`, `anthropic/claude-opus-4-7:high`, `qwen/qwen3-coder:exacto`) into a model.
import type { Model, ThinkingLevel } from "../../../kernel/index.js";
import { isThinkingLevel } from "../../../lib/provider-kit/thinking-levels.js";
import { compileGlob } from "../../../lib/glob/glob.js";

export interface PatternMatch {
  model: Model | undefined;
  /** from a `:level` suffix */
  thinkingLevel: ThinkingLevel | undefined;
  warning: string | undefined;
}

export interface PatternOptions {
  /**
   * true (scope mode, `--models`): `sonnet:bogus` matches sonnet with a warning.
   * false (`--model`): the suffix is taken as part of the id, so the pattern fails rather than pick another model.
   */
  allowInvalidThinkingLevel?: boolean;
}

/** A dated id ends in `-YYYYMMDD`; anything else (or `-latest`) is an alias that follows the newest release. */
export function isAliasId(id: string): boolean {
  return id.endsWith("-latest") || !/-\d{8}$/.test(id);
}

/**
 * `provider/id` (case-insensitive), then `provider` + `id` split at the first `/`, then a bare id. Each step
 * must be unambiguous; an ambiguous step ends the search.
 */
export function findExactModelReference(reference: string, models: readonly Model[]): Model | undefined {
  const trimmed = reference.trim();
  if (!trimmed) return undefined;
  const lower = trimmed.toLowerCase();
  const canonical = models.filter((model) => `${model.provider}/${model.id}`.toLowerCase() === lower);
  if (canonical.length > 0) return unique(canonical);
  const slash = trimmed.indexOf("/");
  if (slash !== -1) {
    const provider = trimmed.slice(0, slash).trim().toLowerCase();
    const id = trimmed.slice(slash + 1).trim().toLowerCase();
    if (provider && id) {
      const split = models.filter(
        (model) => model.provider.toLowerCase() === provider && model.id.toLowerCase() === id,
      );
      if (split.length > 0) return unique(split);
    }
  }
  return unique(models.filter((model) => model.id.toLowerCase() === lower));
}

function unique(models: Model[]): Model | undefined {
  return models.length === 1 ? models[0] : undefined;
}

/** Exact reference first; else a substring of id or name, preferring aliases, then the highest id. */
function matchModel(pattern: string, models: readonly Model[]): Model | undefined {
  const exact = findExactModelReference(pattern, models);
  if (exact) return exact;
  const needle = pattern.toLowerCase();
  const matches = models.filter(
    (model) => model.id.toLowerCase().includes(needle) || model.name.toLowerCase().includes(needle),
  );
  const aliases = matches.filter((model) => isAliasId(model.id));
  const pool = aliases.length > 0 ? aliases : matches;
  return [...pool].sort((a, b) => b.id.localeCompare(a.id))[0];
}

/**
 * The whole pattern is tried first, so ids containing colons match as they are; only then is a `:suffix`
 * split off at the last colon and read as a thinking level.
 */
export function parseModelPattern(
  pattern: string,
  models: readonly Model[],
  options: PatternOptions = {},
): PatternMatch {
  const whole = matchModel(pattern, models);
  if (whole) return { model: whole, thinkingLevel: undefined, warning: undefined };
  const colon = pattern.lastIndexOf(":");
  if (colon === -1) return { model: undefined, thinkingLevel: undefined, warning: undefined };
  const prefix = pattern.slice(0, colon);
  const suffix = pattern.slice(colon + 1);
  if (isThinkingLevel(suffix)) {
    const inner = parseModelPattern(prefix, models, options);
    if (!inner.model) return inner;
    // An invalid level deeper in the pattern voids this one too.
    return { model: inner.model, thinkingLevel: inner.warning ? undefined : suffix, warning: inner.warning };
  }
  if (options.allowInvalidThinkingLevel === false) {
    return { model: undefined, thinkingLevel: undefined, warning: undefined };
  }
  const inner = parseModelPattern(prefix, models, options);
  if (!inner.model) return inner;
  return {
    model: inner.model,
    thinkingLevel: undefined,
    warning: `Invalid thinking level "${suffix}" in pattern "${pattern}". Using the default level instead.`,
  };
}

export interface ScopedModel {
  model: Model;
  thinkingLevel: ThinkingLevel | undefined;
}

/**
 * `--models` / `enabledModels`: a pattern with `*`, `?` or `[` is a glob (pi's: minimatch, case-insensitive, so
 * `*` stops at `/`, wildcards skip ids starting with a dot, a leading `!` negates) against `provider/id` or `id`,
 * with an optional `:level`; other patterns go through `parseModelPattern`. Unmatched patterns become warnings;
 * a model is listed once.
 */
export function resolveModelScope(
  patterns: readonly string[],
  models: readonly Model[],
): { scoped: ScopedModel[]; warnings: string[] } {
  const scoped: ScopedModel[] = [];
  const warnings: string[] = [];
  const add = (model: Model, thinkingLevel: ThinkingLevel | undefined) => {
    if (!scoped.some((entry) => entry.model.provider === model.provider && entry.model.id === model.id)) {
      scoped.push({ model, thinkingLevel });
    }
  };
  for (const pattern of patterns) {
    if (/[*?[]/.test(pattern)) {
      const colon = pattern.lastIndexOf(":");
      const suffix = colon === -1 ? "" : pattern.slice(colon + 1);
      const level = isThinkingLevel(suffix) ? suffix : undefined;
      const glob = compileGlob(level ? pattern.slice(0, colon) : pattern, {
        caseSensitivity: "insensitive",
        dotfiles: false,
        basename: false,
        syntax: "minimatch",
      });
      const matches = models.filter((model) => glob(`${model.provider}/${model.id}`) || glob(model.id));
      if (matches.length === 0) warnings.push(`No models match pattern "${pattern}"`);
      for (const model of matches) add(model, level);
      continue;
    }
    const match = parseModelPattern(pattern, models);
    if (match.warning) warnings.push(match.warning);
    if (match.model) add(match.model, match.thinkingLevel);
    else warnings.push(`No models match pattern "${pattern}"`);
  }
  return { scoped, warnings };
}
