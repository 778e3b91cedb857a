// The text of /hotkeys: every application action with the keys bound to it now (keybindings.json included).
import type { KeybindingsManager } from "@earendil-works/pi-tui";
import { APP_KEYBINDINGS, type AppAction } from "../key-bindings.js";

const EDITING = ["tui.input.submit", "tui.input.newLine", "tui.input.tab", "tui.editor.deleteToLineEnd", "tui.editor.undo", "tui.editor.yank"] as const;

export function hotkeysText(keys: KeybindingsManager): string {
  const row = (id: Parameters<KeybindingsManager["getKeys"]>[0], description: string) => {
    const bound = keys.getKeys(id);
    return bound.length > 0 ? `  ${bound.join(", ").padEnd(22)} ${description}` : undefined;
  };
  const app = (Object.keys(APP_KEYBINDINGS) as AppAction[]).map((id) => row(id, APP_KEYBINDINGS[id].description));
  const editing = EDITING.map((id) => row(id, keys.getDefinition(id).description ?? id));
  return ["Keyboard Shortcuts", "", "Application", ...app, "", "Editing", ...editing].filter((line) => line !== undefined).join("\n");
}
