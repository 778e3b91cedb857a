// Turning what a user typed (`sonnet`, `anthropic/claude-opus-4-7:high`, `qwen/qwen3-coder:exacto`) into a model.
import type { Model, ThinkingLevel } from "../../../kernel/index.js";
import { isThinkingLevel } from "../../../lib/provider-kit/thinking-levels.js";
import { resolveModelScopeFromModels } from "./model-scope.js";

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

/** `--models` / `enabledModels` with pi 1.6's rules (./model-scope.ts); each warning as its message. */
export function resolveModelScope(
  patterns: readonly string[],
  models: readonly Model[],
): { scoped: ScopedModel[]; warnings: string[] } {
  const { scopedModels, diagnostics } = resolveModelScopeFromModels(patterns, models);
  return {
    scoped: scopedModels.map(({ model, thinkingLevel }) => ({ model, thinkingLevel })),
    warnings: diagnostics.map((diagnostic) => diagnostic.message),
  };
}
