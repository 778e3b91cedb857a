// pi's `keyText`/`keyHint` as renderers get them (tool, message and entry renderers): the keys the user bound
// to an action now, keybindings.json included, so hints follow the user's configuration.
import type { KeybindingsManager } from "@earendil-works/pi-tui";
import type { Theme } from "../theme/theme.js";

export interface KeyHints {
  /** the keys of an action id (`app.tools.expand`), `""` when it has none */
  keyText(action: string): string;
  /** the keys, dimmed, and a description */
  keyHint(action: string, description: string): string;
}

export function keyHints(keys: KeybindingsManager, theme: () => Theme): KeyHints {
  const keyText = (action: string) => keys.getKeys(action as Parameters<KeybindingsManager["getKeys"]>[0]).join("/");
  return {
    keyText,
    keyHint: (action, description) => theme().fg("dim", keyText(action)) + theme().fg("muted", ` ${description}`),
  };
}
