// The /scoped-models list (./enabled-models.ts) to and from where a scope lives, by pi 1.6.0's rules: the saved
// `enabledModels` it opens with when the session's scope holds no model, the session's cycling scope each change
// sets, and the `enabledModels` ctrl+s writes. Saved patterns that match no model stay in the list and in the file.
import type { Model } from "../../../kernel/index.js";
import { resolveModelScopeFromModels } from "../../models/selection/model-scope.js";
import { listId, type EnabledModels } from "./enabled-models.js";

/** the saved patterns as the list: the models they match, then each pattern that matches none; null when unset */
export function savedList(patterns: readonly string[] | undefined, models: readonly Model[]): EnabledModels {
  if (!patterns?.length) return null;
  const { scopedModels, diagnostics } = resolveModelScopeFromModels(patterns, models);
  const list = scopedModels.map(({ model }) => listId(model));
  for (const { code, pattern } of diagnostics) if (code === "no-match" && !list.includes(pattern)) list.push(pattern);
  return list;
}

/** the list's models as the session's scope; [] (every model cycles) when it holds none of them or all of them */
export function sessionScope(enabled: EnabledModels, models: readonly Model[]): string[] {
  const available = models.map(listId);
  const on = enabled?.filter((id) => available.includes(id)) ?? [];
  return available.every((id) => on.includes(id)) ? [] : on;
}

/** the list as `enabledModels`, unavailable patterns kept; undefined (the setting removed) when it is every model */
export function savedPatterns(enabled: EnabledModels, models: readonly Model[]): string[] | undefined {
  if (enabled === null) return undefined;
  const available = models.map(listId);
  return enabled.length === available.length && enabled.every((id) => available.includes(id)) ? undefined : [...enabled];
}
