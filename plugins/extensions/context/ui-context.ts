// `ctx.ui` without a terminal UI: dialogs answer as pi's print mode does (no selection, no confirmation, no
// text), everything visual is accepted and ignored. `ctx.hasUI` is false alongside it.
import { plainTheme } from "../shims/ui/theme.js";

export interface ExtensionUIDialogOptions {
  signal?: AbortSignal;
  timeout?: number;
}

export interface ExtensionUIContext {
  select(title: string, options: string[], opts?: ExtensionUIDialogOptions): Promise<string | undefined>;
  confirm(title: string, message: string, opts?: ExtensionUIDialogOptions): Promise<boolean>;
  input(title: string, placeholder?: string, opts?: ExtensionUIDialogOptions): Promise<string | undefined>;
  editor(title: string, prefill?: string): Promise<string | undefined>;
  notify(message: string, type?: "info" | "warning" | "error"): void;
  onTerminalInput(handler: (data: string) => unknown): () => void;
  setStatus(key: string, text: string | undefined): void;
  setWorkingMessage(message?: string): void;
  setWorkingVisible(visible: boolean): void;
  setWorkingIndicator(options?: { frames?: string[]; intervalMs?: number }): void;
  setHiddenThinkingLabel(label?: string): void;
  setWidget(key: string, content: unknown, options?: { placement?: "aboveEditor" | "belowEditor" }): void;
  setFooter(factory: unknown): void;
  setHeader(factory: unknown): void;
  setTitle(title: string): void;
  custom<T>(factory: unknown, options?: unknown): Promise<T | undefined>;
  pasteToEditor(text: string): void;
  setEditorText(text: string): void;
  getEditorText(): string;
  addAutocompleteProvider(factory: unknown): void;
  setEditorComponent(factory: unknown): void;
  getEditorComponent(): unknown;
  readonly theme: Record<string, unknown>;
  getAllThemes(): { name: string; path: string | undefined }[];
  getTheme(name: string): unknown;
  setTheme(theme: unknown): { success: boolean; error?: string };
  getToolsExpanded(): boolean;
  setToolsExpanded(expanded: boolean): void;
}

const ignore = (): void => undefined;

export const noUIContext: ExtensionUIContext = Object.freeze({
  select: async () => undefined,
  confirm: async () => false,
  input: async () => undefined,
  editor: async () => undefined,
  notify: ignore,
  onTerminalInput: () => ignore,
  setStatus: ignore,
  setWorkingMessage: ignore,
  setWorkingVisible: ignore,
  setWorkingIndicator: ignore,
  setHiddenThinkingLabel: ignore,
  setWidget: ignore,
  setFooter: ignore,
  setHeader: ignore,
  setTitle: ignore,
  custom: async () => undefined,
  pasteToEditor: ignore,
  setEditorText: ignore,
  getEditorText: () => "",
  addAutocompleteProvider: ignore,
  setEditorComponent: ignore,
  getEditorComponent: () => undefined,
  theme: plainTheme,
  getAllThemes: () => [],
  getTheme: () => undefined,
  setTheme: () => ({ success: false, error: "UI not available" }),
  getToolsExpanded: () => false,
  setToolsExpanded: ignore,
});
