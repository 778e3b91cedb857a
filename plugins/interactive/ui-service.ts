// The "ui" service in a terminal: what extensions and plugins reach as `ctx.ui`, drawn with the mode's own
// components. Dialogs take the editor's place; widgets, statuses, header and footer go to their slots.
import { Container, Text, type AutocompleteProvider, type Component, type KeybindingsManager, type OverlayOptions, type TUI } from "@earendil-works/pi-tui";
import type { NotifyType, UiComponentFactory, UiDialogOptions, UiService, WidgetPlacement } from "../rpc/ui/ui-types.js";
import type { ChatController } from "./chat-controller.js";
import type { PromptEditor } from "./components/prompt-editor.js";
import { confirmDialog, inputDialog, openDialog, selectDialog, type DialogHost } from "./dialogs.js";
import type { Layout } from "./layout.js";
import { Theme } from "./theme/theme.js";
import { BUILTIN_PALETTES } from "./theme/tokens.js";

export interface InteractiveUiParts {
  tui: TUI;
  layout: Layout;
  editor: PromptEditor;
  chat: ChatController;
  theme: Theme;
  keys: KeybindingsManager;
}

const MAX_WIDGET_LINES = 10;
type Factory = (...args: unknown[]) => unknown;
type Done = (value: unknown) => void;

export class InteractiveUi implements UiService, DialogHost {
  readonly hasUI = true;
  readonly statuses = new Map<string, string>();
  private readonly widgets = { aboveEditor: new Map<string, Component>(), belowEditor: new Map<string, Component>() };
  private readonly tui: TUI;
  private readonly layout: Layout;
  private readonly prompt: PromptEditor;
  private readonly chat: ChatController;
  private current: Theme;
  private editorFactory: UiComponentFactory | undefined;
  private defaultHeader: Component | undefined;
  private defaultFooter: Component | undefined;
  readonly keys: KeybindingsManager;

  constructor(parts: InteractiveUiParts) {
    ({ tui: this.tui, layout: this.layout, editor: this.prompt, chat: this.chat, theme: this.current, keys: this.keys } = parts);
  }

  get theme(): Theme {
    return this.current;
  }

  dialogTheme(): Theme {
    return this.current;
  }

  select(title: string, options: string[], opts?: UiDialogOptions): Promise<string | undefined> {
    return selectDialog(this, title, options, opts);
  }

  confirm(title: string, message: string, opts?: UiDialogOptions): Promise<boolean> {
    return confirmDialog(this, title, message, opts);
  }

  input(title: string, placeholder?: string, opts?: UiDialogOptions): Promise<string | undefined> {
    return inputDialog(this, placeholder ? `${title} (${placeholder})` : title, undefined, opts);
  }

  editor(title: string, prefill?: string, opts?: UiDialogOptions): Promise<string | undefined> {
    return inputDialog(this, title, prefill, opts);
  }

  notify(message: string, type: NotifyType = "info"): void {
    this.chat.notify(type === "info" ? "status" : type, message);
  }

  setStatus(key: string, text: string | undefined): void {
    if (text === undefined) this.statuses.delete(key);
    else this.statuses.set(key, text);
    this.tui.requestRender();
  }

  setWidget(key: string, content: readonly string[] | UiComponentFactory | undefined, options?: { placement?: WidgetPlacement }): void {
    const placement = options?.placement ?? "aboveEditor";
    for (const widgets of Object.values(this.widgets)) widgets.delete(key);
    if (content !== undefined) this.widgets[placement].set(key, this.widgetComponent(content));
    for (const [where, widgets] of Object.entries(this.widgets)) this.layout.setWidgets(where as WidgetPlacement, [...widgets.values()]);
    this.tui.requestRender();
  }

  setTitle(title: string): void {
    this.tui.terminal.setTitle(title);
  }

  setEditorText(text: string): void {
    this.prompt.setText(text);
    this.tui.requestRender();
  }

  pasteToEditor(text: string): void {
    this.prompt.handleInput(`\x1b[200~${text}\x1b[201~`);
  }

  getEditorText(): string {
    return this.prompt.getText();
  }

  /** pi's `custom(factory, {overlay, overlayOptions})`: the factory gets (tui, theme, keybindings, done) */
  custom<T>(factory: UiComponentFactory, options?: object): Promise<T | undefined> {
    const { overlay, overlayOptions } = (options ?? {}) as { overlay?: boolean; overlayOptions?: OverlayOptions };
    if (!overlay) {
      return openDialog<T | undefined>(this, (finish) => (factory as Factory)(this.tui, this.current, this.keys, finish as Done) as Component, undefined);
    }
    return new Promise<T | undefined>((resolve) => {
      let handle: { hide(): void } | undefined;
      const done: Done = (value) => {
        handle?.hide();
        this.tui.requestRender();
        resolve(value as T);
      };
      handle = this.tui.showOverlay((factory as Factory)(this.tui, this.current, this.keys, done) as Component, overlayOptions);
    });
  }

  onTerminalInput(handler: (data: string) => unknown): () => void {
    return this.tui.addInputListener((data) => handler(data) as { consume?: boolean; data?: string } | undefined);
  }

  setWorkingMessage(message?: string): void {
    this.chat.setWorkingMessage(message);
    this.tui.requestRender();
  }

  setWorkingVisible(visible: boolean): void {
    this.chat.setWorkingVisible(visible);
  }

  setWorkingIndicator(): void {
    // pi-tui's Loader keeps its frames; the indicator stays the built-in spinner
  }

  setHiddenThinkingLabel(label?: string): void {
    this.chat.settings.hiddenThinkingLabel = label ?? "Thinking...";
    if (this.chat.settings.hideThinking) this.chat.setHideThinking(true);
  }

  setFooter(factory: UiComponentFactory | undefined): void {
    this.defaultFooter ??= this.layout.footer.content;
    const data = { getGitBranch: () => undefined, getExtensionStatuses: () => this.statuses, onBranchChange: () => () => undefined };
    this.layout.footer.show(factory ? ((factory as Factory)(this.tui, this.current, data) as Component) : this.defaultFooter);
    this.tui.requestRender();
  }

  setHeader(factory: UiComponentFactory | undefined): void {
    this.defaultHeader ??= this.layout.header.content;
    this.layout.header.show(factory ? ((factory as Factory)(this.tui, this.current) as Component) : this.defaultHeader);
    this.tui.requestRender();
  }

  /** pi's form: the factory wraps the provider in place and returns the new one */
  addAutocompleteProvider(factory: UiComponentFactory): void {
    const current = (this.prompt as unknown as { autocompleteProvider?: AutocompleteProvider }).autocompleteProvider;
    this.prompt.setAutocompleteProvider((factory as Factory)(current) as AutocompleteProvider);
  }

  setEditorComponent(factory: UiComponentFactory | undefined): void {
    this.editorFactory = factory;
    if (!factory) {
      this.layout.editor.show(this.prompt);
      this.tui.setFocus(this.prompt);
    } else {
      const custom = (factory as Factory)(this.tui, this.current, this.keys) as Component & { onSubmit?: (text: string) => void };
      custom.onSubmit ??= this.prompt.onSubmit;
      this.layout.editor.show(custom);
      this.tui.setFocus(custom);
    }
    this.tui.requestRender();
  }

  getEditorComponent(): UiComponentFactory | undefined {
    return this.editorFactory;
  }

  getAllThemes(): { name: string; path: string | undefined }[] {
    return Object.keys(BUILTIN_PALETTES).map((name) => ({ name, path: undefined }));
  }

  getTheme(name: string): Theme | undefined {
    const palette = BUILTIN_PALETTES[name];
    return palette && new Theme(name, palette, this.current.depth);
  }

  setTheme(theme: string | UiService["theme"]): { success: boolean; error?: string } {
    const next = typeof theme === "string" ? this.getTheme(theme) : theme instanceof Theme ? theme : undefined;
    if (!next) return { success: false, error: `Theme "${String(typeof theme === "string" ? theme : "(object)")}" not found; themes: ${Object.keys(BUILTIN_PALETTES).join(", ")}` };
    this.current = next;
    this.tui.invalidate();
    this.tui.requestRender();
    return { success: true };
  }

  getToolsExpanded(): boolean {
    return this.chat.settings.toolsExpanded;
  }

  setToolsExpanded(expanded: boolean): void {
    this.chat.setToolsExpanded(expanded);
  }

  /** DialogHost: `component` takes the editor's place and the focus until the returned function is called */
  replaceEditor(component: Component): () => void {
    const previous = this.layout.editor.content;
    this.layout.editor.show(component);
    this.tui.setFocus(component);
    this.tui.requestRender();
    return () => {
      this.layout.editor.show(previous);
      this.tui.setFocus(previous ?? null);
      this.tui.requestRender();
    };
  }

  /** a component of the mode's own (selector, picker) in the editor's place until it calls `finish` */
  openComponent<T>(build: (finish: (value: T) => void) => Component, cancelled: T): Promise<T> {
    return openDialog(this, build, cancelled);
  }

  requestRender(): void {
    this.tui.requestRender();
  }

  /** raw output for the terminal (OSC 52 clipboard) */
  writeToTerminal(sequence: string): void {
    this.tui.terminal.write(sequence);
  }

  private widgetComponent(content: readonly string[] | UiComponentFactory): Component {
    if (typeof content === "function") return (content as Factory)(this.tui, this.current) as Component;
    const lines = content.length > MAX_WIDGET_LINES ? [...content.slice(0, MAX_WIDGET_LINES), this.current.fg("muted", "... (widget truncated)")] : [...content];
    const container = new Container();
    container.addChild(new Text(lines.join("\n"), 1, 0));
    return container;
  }
}
