// The application's key actions as data: pi's action ids and default keys, so a pi `keybindings.json` applies
// unchanged. The editor's own keys (tui.*) come from pi-tui; both are resolved by one KeybindingsManager.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { replaceFileSync } from "../../../lib/fs/replace-file.js";
import { KeybindingsManager, TUI_KEYBINDINGS, setKeybindings, type KeyId, type KeybindingDefinitions, type KeybindingsConfig } from "@earendil-works/pi-tui";
import { isWsl } from "../clipboard/paste.js";
import { renameOldActions } from "./key-binding-names.js";

/** Windows terminals (and WSL's) keep ctrl+v for themselves; pi binds alt+v there too */
const windowsKeys = process.platform === "win32" || isWsl();

export const APP_KEYBINDINGS = {
  "app.interrupt": { defaultKeys: "escape", description: "Cancel / abort" },
  "app.clear": { defaultKeys: "ctrl+c", description: "Clear editor (first) / exit (second)" },
  "app.exit": { defaultKeys: "ctrl+d", description: "Exit (when editor empty)" },
  "app.suspend": { defaultKeys: "ctrl+z", description: "Suspend to background" },
  "app.editor.external": { defaultKeys: "ctrl+g", description: "Open in external editor" },
  "app.clipboard.pasteImage": { defaultKeys: windowsKeys ? ["alt+v", "ctrl+v"] : "ctrl+v", description: "Paste an image or text from the clipboard" },
  "app.session.new": { defaultKeys: [], description: "Start a new session (/new)" },
  "app.session.tree": { defaultKeys: [], description: "Open the session tree (/tree)" },
  "app.session.fork": { defaultKeys: [], description: "Fork the session from an earlier message (/fork)" },
  "app.session.resume": { defaultKeys: [], description: "Open the session picker (/resume)" },
  "app.session.togglePath": { defaultKeys: "ctrl+p", description: "Show or hide session file paths (/resume)" },
  "app.session.toggleSort": { defaultKeys: "ctrl+s", description: "Next sort order: threaded, recent, relevance (/resume)" },
  "app.session.toggleNamedFilter": { defaultKeys: "ctrl+n", description: "Only named sessions, or all (/resume)" },
  "app.session.rename": { defaultKeys: "ctrl+r", description: "Rename the selected session (/resume)" },
  "app.session.delete": { defaultKeys: "ctrl+d", description: "Delete the selected session (/resume)" },
  "app.session.deleteNoninvasive": { defaultKeys: "ctrl+backspace", description: "Delete the selected session when the search is empty (/resume)" },
  "app.model.select": { defaultKeys: "ctrl+l", description: "Open model selector" },
  "app.model.cycleForward": { defaultKeys: "ctrl+p", description: "Cycle to next model" },
  "app.model.cycleBackward": { defaultKeys: "shift+ctrl+p", description: "Cycle to previous model" },
  "app.thinking.cycle": { defaultKeys: "shift+tab", description: "Cycle thinking level" },
  "app.thinking.save": { defaultKeys: "ctrl+s", description: "Save the chosen thinking level as the default (/thinking)" },
  "app.thinking.toggle": { defaultKeys: "ctrl+t", description: "Collapse or expand thinking blocks" },
  "app.tools.expand": { defaultKeys: "ctrl+o", description: "Collapse or expand tool output" },
  "app.message.copy": { defaultKeys: "ctrl+x", description: "Copy the last assistant message" },
  "app.message.followUp": { defaultKeys: "alt+enter", description: "Queue follow-up message" },
  "app.message.dequeue": { defaultKeys: "alt+up", description: "Restore queued messages to editor" },
  "app.tree.foldOrUp": { defaultKeys: ["ctrl+left", "alt+left"], description: "Fold the branch at the selected entry, or go up to the previous branch start (/tree)" },
  "app.tree.unfoldOrDown": { defaultKeys: ["ctrl+right", "alt+right"], description: "Unfold the selected entry, or go down to the next branch start or the branch's end (/tree)" },
  "app.tree.editLabel": { defaultKeys: "shift+l", description: "Label the selected entry (/tree)" },
  "app.tree.toggleLabelTimestamp": { defaultKeys: "shift+t", description: "Show when labels were set (/tree)" },
  "app.tree.filter.default": { defaultKeys: "ctrl+d", description: "Default filter (/tree)" },
  "app.tree.filter.noTools": { defaultKeys: "ctrl+t", description: "Hide tool results (/tree)" },
  "app.tree.filter.userOnly": { defaultKeys: "ctrl+u", description: "Only your messages (/tree)" },
  "app.tree.filter.labeledOnly": { defaultKeys: "ctrl+l", description: "Only labelled entries (/tree)" },
  "app.tree.filter.all": { defaultKeys: "ctrl+a", description: "Every entry (/tree)" },
  "app.tree.filter.cycleForward": { defaultKeys: "ctrl+o", description: "Next filter (/tree)" },
  "app.tree.filter.cycleBackward": { defaultKeys: "shift+ctrl+o", description: "Previous filter (/tree)" },
  "app.models.save": { defaultKeys: "ctrl+s", description: "Save the scoped models to settings (/scoped-models)" },
  "app.models.enableAll": { defaultKeys: "ctrl+a", description: "Enable all models (/scoped-models)" },
  "app.models.clearAll": { defaultKeys: "ctrl+x", description: "Disable all models (/scoped-models)" },
  "app.models.toggleProvider": { defaultKeys: "ctrl+p", description: "Toggle all models of the provider (/scoped-models)" },
  "app.models.reorderUp": { defaultKeys: "alt+up", description: "Move the model up in the cycling order (/scoped-models)" },
  "app.models.reorderDown": { defaultKeys: "alt+down", description: "Move the model down in the cycling order (/scoped-models)" },
} as const satisfies KeybindingDefinitions;

export type AppAction = keyof typeof APP_KEYBINDINGS;

const KEYBINDINGS: KeybindingDefinitions = { ...TUI_KEYBINDINGS, ...APP_KEYBINDINGS };

/** pi writes the file back under the current ids; the bindings apply either way, so a read-only file is no error */
function writeBack(file: string, config: Record<string, unknown>): void {
  try {
    replaceFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  } catch {
    // the renamed ids are used for this run; the file keeps its old names
  }
}

declare module "@earendil-works/pi-tui" {
  interface Keybindings extends Record<AppAction, true> {}
}

export interface LoadedKeybindings {
  manager: KeybindingsManager;
  /** a keybindings.json that could not be read or parsed */
  warning?: string;
}

/** `<agentDir>/keybindings.json`'s bindings (a missing file is no error); a file that cannot be used gives none and a warning */
function readUserBindings(agentDir: string): { user: KeybindingsConfig; warning?: string } {
  const file = join(agentDir, "keybindings.json");
  const user: KeybindingsConfig = {};
  let warning: string | undefined;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("expected an object of action ids");
    const { config, renamed } = renameOldActions(parsed as Record<string, unknown>, Object.keys(KEYBINDINGS));
    if (renamed) writeBack(file, config);
    for (const [id, keys] of Object.entries(config)) {
      if (id === "$schema") continue;
      if (typeof keys === "string" || (Array.isArray(keys) && keys.every((key) => typeof key === "string"))) user[id] = keys as KeyId | KeyId[];
      else warning = `${file}: "${id}" must be a key or a list of keys`;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") return { user: {}, warning: `${file} was not used: ${error instanceof Error ? error.message : String(error)}` };
  }
  return warning ? { user, warning } : { user };
}

/** Reads `<agentDir>/keybindings.json` (a missing file is no error) and installs the result as pi-tui's bindings. */
export function loadKeybindings(agentDir: string): LoadedKeybindings {
  const { user, warning } = readUserBindings(agentDir);
  const manager = new KeybindingsManager(KEYBINDINGS, user);
  setKeybindings(manager);
  return { manager, warning };
}

/** `/reload`: the file is read again and its bindings replace the old ones; the warning when it cannot be used */
export function reloadKeybindings(manager: KeybindingsManager, agentDir: string): string | undefined {
  const { user, warning } = readUserBindings(agentDir);
  manager.setUserBindings(user);
  return warning;
}

/** The keys bound to an action, for hints ("ctrl+o"); empty when unbound. */
export function keysOf(manager: KeybindingsManager, action: AppAction | keyof typeof TUI_KEYBINDINGS): string {
  return manager.getKeys(action).join("/");
}

/** keys as pi writes them where they begin a line or a label ("alt+up" → "Alt+Up") */
export function capitalisedKeys(keys: string): string {
  return keys.replace(/(^|[+/])([a-z])/g, (_whole, before: string, letter: string) => before + letter.toUpperCase());
}
