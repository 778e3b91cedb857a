// `--models` / `enabledModels` as pith's session reads them: pi 1.6's scope rules (./model-scope.ts), each model with
// the thinking level its pattern named, and each warning as its message.
import type { Model, ThinkingLevel } from "../../../kernel/index.js";
import { resolveModelScopeFromModels } from "./model-scope.js";

export interface ScopedModel {
  model: Model;
  thinkingLevel: ThinkingLevel | undefined;
}

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
