// One row of /scoped-models as pi 1.6.0 draws it: the arrow on the highlighted row, ✓ on an enabled model, the id
// (in the accent colour when highlighted), a name that adds to the id and the provider in brackets. A saved pattern
// that matches no model shows its text struck through, no ✓ and `[unavailable]` in the provider's place.
import type { Model } from "../../../kernel/index.js";
import { distinctModelName } from "../components/model-names.js";
import type { Theme } from "../theme/theme.js";

export function scopedModelRow(theme: Theme, id: string, model: Model | undefined, state: { highlighted: boolean; enabled: boolean }): string {
  const shownId = model ? model.id : theme.strikethrough(id);
  const name = model && distinctModelName(model);
  return [
    state.highlighted ? theme.fg("accent", "→ ") : "  ",
    model && state.enabled ? theme.fg("accent", "✓ ") : "  ",
    state.highlighted ? theme.fg("accent", shownId) : shownId,
    name ? theme.fg("muted", ` (${name})`) : "",
    theme.fg("muted", model ? ` [${model.provider}]` : " [unavailable]"),
  ].join("");
}

/** the line under the rows: the highlighted model's name, or that it is unavailable */
export function highlightedLine(theme: Theme, model: Model | undefined): string {
  return theme.fg("muted", `  ${model ? `Model Name: ${model.name}` : "Model unavailable"}`);
}
