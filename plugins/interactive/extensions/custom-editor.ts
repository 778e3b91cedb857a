// An extension's editor in the prompt editor's place (pi's `ctx.ui.setEditorComponent`): it gets the prompt's
// text, look, completion and submit handler, and, when it is one of pi's `CustomEditor`s (it has their
// `actionHandlers` map), the application's keys and the extensions' shortcuts, as pi 1.6.0 wires them.
import type { AutocompleteProvider, Component } from "@earendil-works/pi-tui";
import type { PromptEditor } from "../components/prompt-editor.js";

/** What pith reads and sets on an extension's editor; every member is optional (duck typing, as pi does). */
export interface ExtensionEditor extends Component {
  onSubmit?: (text: string) => void;
  onChange?: (text: string) => void;
  setText?(text: string): void;
  getText?(): string;
  getExpandedText?(): string;
  borderColor?: (text: string) => string;
  setPaddingX?(padding: number): void;
  setAutocompleteMaxVisible?(count: number): void;
  setAutocompleteProvider?(provider: AutocompleteProvider): void;
  handleInput?(data: string): void;
  // pi's CustomEditor
  actionHandlers?: Map<string, () => void>;
  onEscape?: () => void;
  onCtrlD?: () => void;
  onExtensionShortcut?: (data: string) => boolean;
}

export function textOf(editor: ExtensionEditor | PromptEditor): string {
  return editor.getExpandedText?.() ?? editor.getText?.() ?? "";
}

/**
 * Gives `custom` what the prompt editor has; the prompt keeps no text of its own meanwhile. Handlers go through
 * the prompt's at each use, as an extension may set its editor before the mode bound its keys (at session start).
 */
export function adoptPrompt(custom: ExtensionEditor, prompt: PromptEditor, provider: AutocompleteProvider | undefined, extensionShortcut: (data: string) => boolean): void {
  custom.onSubmit = (text) => prompt.onSubmit?.(text);
  custom.onChange = (text) => prompt.onChange?.(text);
  custom.setText?.(textOf(prompt));
  prompt.setText("");
  if (custom.borderColor !== undefined) custom.borderColor = prompt.borderColor;
  custom.setPaddingX?.(prompt.getPaddingX());
  custom.setAutocompleteMaxVisible?.(prompt.getAutocompleteMaxVisible());
  if (provider) custom.setAutocompleteProvider?.(provider);
  if (!(custom.actionHandlers instanceof Map)) return;
  custom.onEscape ??= () => void prompt.actionHandlers().get("app.interrupt")?.();
  custom.onCtrlD ??= () => void prompt.actionHandlers().get("app.exit")?.();
  custom.onExtensionShortcut ??= extensionShortcut;
  shareActions(custom, prompt);
}

/** `custom` answers the application's keys the prompt answers (again once the mode bound them) */
export function shareActions(custom: ExtensionEditor, prompt: PromptEditor): void {
  if (!(custom.actionHandlers instanceof Map)) return;
  for (const action of prompt.actionHandlers().keys()) custom.actionHandlers.set(action, () => void prompt.actionHandlers().get(action)?.());
}
