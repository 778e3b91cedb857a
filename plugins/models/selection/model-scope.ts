// `--models` and `enabledModels` patterns resolved to models, by pi 1.6's rules: a pattern with `*`, `?` or `[` is
// a glob (minimatch's, without case) against `provider/id` or `id`, unless it is an exact id; any other pattern is
// a model reference (fuzzy, a `:level` suffix read leniently). Each model is listed once; a pattern that matches
// nothing, names an invalid level, or matches several providers gives a warning.
import type { Model, ThinkingLevel } from "../../../kernel/index.js";
import { compileGlob } from "../../../lib/glob/glob.js";
import { resolveModelReference, splitThinkingSuffix } from "./model-reference.js";

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

/**
 * Every model given counts as usable, so keys cannot choose between providers offering the same id: all of them
 * are added, with a warning telling the user to pick one with `provider/id`.
 */
export function resolveModelScopeFromModels(patterns: readonly string[], models: readonly Model[]): ResolveModelScopeResult {
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
