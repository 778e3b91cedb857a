// Extensions' shortcuts (pi's `registerShortcut`) as keys of the editor. They are checked before the application's
// keys, as in pi 1.6.0, except on the keys of the actions an extension may not take (abort, clear, exit, submit...):
// such a shortcut is skipped with a warning. A shortcut on another built-in key takes it, with a warning; of two
// extensions on one key, the later one wins, with a warning. The table is built again after every reload or
// session move, as the extensions are then new instances.
import { matchesKey, type KeyId, type KeybindingsManager } from "@earendil-works/pi-tui";
import type { ExtensionShortcut, ExtensionTerminalParts } from "../../extensions/service/terminal-parts.js";

/** pi 1.6.0's actions whose keys extensions cannot take */
const RESERVED_ACTIONS: ReadonlySet<string> = new Set([
  "app.interrupt",
  "app.clear",
  "app.exit",
  "app.suspend",
  "app.thinking.cycle",
  "app.model.cycleForward",
  "app.model.cycleBackward",
  "app.model.select",
  "app.tools.expand",
  "app.thinking.toggle",
  "app.editor.external",
  "app.message.copy",
  "app.message.followUp",
  "tui.input.submit",
  "tui.select.confirm",
  "tui.select.cancel",
  "tui.input.copy",
  "tui.editor.deleteToLineEnd",
]);

export interface ShortcutTable {
  readonly shortcuts: readonly ExtensionShortcut[];
  readonly warnings: readonly string[];
}

/** The shortcuts that apply, one per key (lower case), and what was skipped or overridden. */
export function resolveShortcuts(parts: ExtensionTerminalParts | undefined, keys: KeybindingsManager): ShortcutTable {
  const builtIn = new Map<string, { action: string; reserved: boolean }>();
  for (const [action, bound] of Object.entries(keys.getResolvedBindings())) {
    const reserved = RESERVED_ACTIONS.has(action);
    for (const key of [bound ?? []].flat()) {
      const normalized = key.toLowerCase();
      // a key bound to a reserved action and another one stays reserved
      if (builtIn.get(normalized)?.reserved && !reserved) continue;
      builtIn.set(normalized, { action, reserved });
    }
  }
  const chosen = new Map<string, ExtensionShortcut>();
  const warnings: string[] = [];
  for (const shortcut of parts?.shortcuts() ?? []) {
    const key = shortcut.key.toLowerCase();
    const taken = builtIn.get(key);
    if (taken?.reserved) {
      warnings.push(`Extension shortcut '${shortcut.key}' from ${shortcut.extension} conflicts with built-in shortcut. Skipping.`);
      continue;
    }
    if (taken) warnings.push(`Extension shortcut conflict: '${shortcut.key}' is built-in shortcut for ${taken.action} and ${shortcut.extension}. Using ${shortcut.extension}.`);
    const earlier = chosen.get(key);
    if (earlier) warnings.push(`Extension shortcut conflict: '${shortcut.key}' registered by both ${earlier.extension} and ${shortcut.extension}. Using ${shortcut.extension}.`);
    chosen.set(key, shortcut);
  }
  return { shortcuts: [...chosen.values()], warnings };
}

/** The shortcut `data` is, if any. */
export function shortcutFor(table: ShortcutTable, data: string): ExtensionShortcut | undefined {
  return table.shortcuts.find((shortcut) => matchesKey(data, shortcut.key as KeyId));
}
