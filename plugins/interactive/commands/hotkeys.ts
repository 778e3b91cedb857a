// The text of /hotkeys: every application action with the keys bound to it now (keybindings.json included).
import type { KeybindingsManager } from "@earendil-works/pi-tui";
import { APP_KEYBINDINGS, type AppAction } from "../keys/key-bindings.js";

/** keys that act only inside a selector */
const SELECTOR_KEYS = /^app\.(tree|models)\.|^app\.thinking\.save$/;
const EDITING = ["tui.input.submit", "tui.input.newLine", "tui.input.tab", "tui.editor.deleteToLineEnd", "tui.editor.undo", "tui.editor.yank"] as const;

/** `extensionKeys`: the extensions' shortcuts that apply (pi lists them under their own heading) */
export function hotkeysText(keys: KeybindingsManager, extensionKeys: readonly { key: string; description?: string }[] = []): string {
  const row = (id: Parameters<KeybindingsManager["getKeys"]>[0], description: string) => {
    const bound = keys.getKeys(id);
    return bound.length > 0 ? `  ${bound.join(", ").padEnd(22)} ${description}` : undefined;
  };
  const ids = Object.keys(APP_KEYBINDINGS) as AppAction[];
  const inSelector = (id: AppAction) => SELECTOR_KEYS.test(id);
  const app = ids.filter((id) => !inSelector(id)).map((id) => row(id, APP_KEYBINDINGS[id].description));
  const selectors = ids.filter(inSelector).map((id) => row(id, APP_KEYBINDINGS[id].description));
  const editing = EDITING.map((id) => row(id, keys.getDefinition(id).description ?? id));
  const extensions = extensionKeys.length > 0 ? ["", "Extensions", ...extensionKeys.map((shortcut) => `  ${shortcut.key.padEnd(22)} ${shortcut.description ?? ""}`.trimEnd())] : [];
  return ["Keyboard Shortcuts", "", "Application", ...app, "", "Editing", ...editing, "", "In /tree, /scoped-models and /thinking", ...selectors, ...extensions]
    .filter((line) => line !== undefined)
    .join("\n");
}
