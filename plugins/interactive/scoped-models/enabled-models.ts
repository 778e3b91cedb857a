// Which models ctrl+p cycles through, as /scoped-models edits it: a list of "provider/id" in cycling order, or
// null for every model. A list that names every model collapses back to null, so "all" stays "all" as models come
// and go. The list may also hold saved `enabledModels` patterns that match no model (unavailable): as in pi 1.6.0
// they keep their place, so a list holding one never collapses.
import type { Model } from "../../../kernel/index.js";

export type EnabledModels = readonly string[] | null;

/** a model as the list names it */
export const listId = (model: Pick<Model, "provider" | "id">) => `${model.provider}/${model.id}`;

export function isEnabled(enabled: EnabledModels, id: string): boolean {
  return enabled === null || enabled.includes(id);
}

function collapse(list: readonly string[], all: readonly string[]): EnabledModels {
  return all.every((id) => list.includes(id)) && list.length === all.length ? null : list;
}

export function toggle(enabled: EnabledModels, all: readonly string[], id: string): EnabledModels {
  if (enabled === null) return all.filter((other) => other !== id);
  return enabled.includes(id) ? enabled.filter((other) => other !== id) : collapse([...enabled, id], all);
}

/** `targets` (default: every model) switched on, appended in their order */
export function enable(enabled: EnabledModels, all: readonly string[], targets: readonly string[] = all): EnabledModels {
  if (enabled === null) return null;
  return collapse([...enabled, ...targets.filter((id) => !enabled.includes(id))], all);
}

/** `targets` (default: every entry, unavailable ones included) switched off */
export function disable(enabled: EnabledModels, all: readonly string[], targets?: readonly string[]): EnabledModels {
  if (!targets) return [];
  return (enabled ?? all).filter((id) => !targets.includes(id));
}

/** an enabled model one place earlier (-1) or later (+1) in the cycling order */
export function reorder(enabled: EnabledModels, id: string, step: -1 | 1): EnabledModels {
  if (enabled === null) return null;
  const from = enabled.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= enabled.length) return enabled;
  const next = [...enabled];
  next[from] = enabled[to]!;
  next[to] = id;
  return next;
}

/** the enabled entries in cycling order (unavailable ones in their place), then the other models */
export function listOrder(enabled: EnabledModels, all: readonly string[]): string[] {
  return enabled === null ? [...all] : [...enabled, ...all.filter((id) => !enabled.includes(id))];
}
