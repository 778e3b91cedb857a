// The "ui" service: what an extension's `ctx.ui` needs, in pi's `ExtensionUIContext` shape. A mode that can ask
// the user things provides it (RPC through the extension UI sub-protocol); without it, extensions run headless.
// Terminal-only parts (components, editors, key input) are typed loosely: modes without a terminal ignore them.

export interface UiDialogOptions {
  /** dismisses the dialog: it resolves as cancelled */
  signal?: AbortSignal;
  /** milliseconds; the dialog then resolves as cancelled */
  timeout?: number;
}

export type NotifyType = "info" | "warning" | "error";
export type WidgetPlacement = "aboveEditor" | "belowEditor";
/** A terminal component factory (pi's TUI); only a terminal mode can show one. */
export type UiComponentFactory = (...args: never[]) => unknown;

export type UiTheme = {
  fg(color: string, text: string): string;
  bg(color: string, text: string): string;
  bold(text: string): string;
  italic(text: string): string;
  underline(text: string): string;
  inverse(text: string): string;
  strikethrough(text: string): string;
};

export interface UiService {
  /** `ctx.hasUI`: true when dialogs reach someone */
  readonly hasUI: boolean;
  select(title: string, options: string[], opts?: UiDialogOptions): Promise<string | undefined>;
  confirm(title: string, message: string, opts?: UiDialogOptions): Promise<boolean>;
  input(title: string, placeholder?: string, opts?: UiDialogOptions): Promise<string | undefined>;
  /** pi's editor takes no options; pith accepts the same ones as the other dialogs */
  editor(title: string, prefill?: string, opts?: UiDialogOptions): Promise<string | undefined>;
  notify(message: string, type?: NotifyType): void;
  setStatus(key: string, text: string | undefined): void;
  setWidget(key: string, content: readonly string[] | UiComponentFactory | undefined, options?: { placement?: WidgetPlacement }): void;
  setTitle(title: string): void;
  setEditorText(text: string): void;
  pasteToEditor(text: string): void;
  getEditorText(): string;
  custom<T>(factory: UiComponentFactory, options?: object): Promise<T | undefined>;
  onTerminalInput(handler: (data: string) => unknown): () => void;
  setWorkingMessage(message?: string): void;
  setWorkingVisible(visible: boolean): void;
  setWorkingIndicator(options?: object): void;
  setHiddenThinkingLabel(label?: string): void;
  setFooter(factory: UiComponentFactory | undefined): void;
  setHeader(factory: UiComponentFactory | undefined): void;
  addAutocompleteProvider(factory: UiComponentFactory): void;
  setEditorComponent(factory: UiComponentFactory | undefined): void;
  getEditorComponent(): UiComponentFactory | undefined;
  readonly theme: UiTheme;
  getAllThemes(): { name: string; path: string | undefined }[];
  getTheme(name: string): UiTheme | undefined;
  setTheme(theme: string | UiTheme): { success: boolean; error?: string };
  getToolsExpanded(): boolean;
  setToolsExpanded(expanded: boolean): void;
}

declare module "../../kernel/index.js" {
  interface PithServices {
    ui: UiService;
  }
}
