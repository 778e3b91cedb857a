// The "ui" service in a terminal: what extensions and plugins reach as `ctx.ui`, drawn with the mode's own
// components. Dialogs take the editor's place; widgets, statuses, header and footer go to their slots.
import { Container, Text, type AutocompleteProvider, type Component, type KeybindingsManager, type TUI } from "@earendil-works/pi-tui";
import type { NotifyType, UiComponentFactory, UiDialogOptions, UiService, WidgetPlacement } from "../../../lib/ui/ui-types.js";
import type { ChatController } from "../chat/chat-controller.js";
import type { PromptEditor } from "../components/prompt-editor.js";
import { Frame, type FooterFactory, type HeaderFactory } from "../extensions/frame.js";
import { showCustom, type CustomHost, type CustomOptions } from "../extensions/custom-component.js";
import { adoptPrompt, shareActions, textOf, type ExtensionEditor } from "../extensions/custom-editor.js";
import { confirmDialog, inputDialog, openDialog, selectDialog, type DialogHost } from "./dialogs.js";
import { EditorDialog } from "../components/editor-dialog.js";
import type { Layout } from "../layout.js";
import type { Blocked } from "../terminal/program-status.js";
import { Theme } from "../theme/theme.js";
import { BUILTIN_PALETTES } from "../theme/tokens.js";
import type { CatalogTheme, ThemeCatalog } from "../theme/theme-catalog.js";

export interface InteractiveUiParts {
  tui: TUI;
  layout: Layout;
  editor: PromptEditor;
  chat: ChatController;
  theme: Theme;
  keys: KeybindingsManager;
  /** how many providers have models one can use (extensions' footers read it) */
  providerCount(): number;
  /** runs the extension shortcut a key is (true), for custom editors to ask before their own keys */
  extensionShortcut(data: string): boolean;
  /** reports that `source`, a dialog, waits for the user (OSC 7501 program status) until called with undefined */
  block(source: object, blocked: Blocked | undefined): void;
}

const MAX_WIDGET_LINES = 10;
type Factory = (...args: unknown[]) => unknown;

export class InteractiveUi implements UiService, DialogHost {
  readonly hasUI = true;
  readonly statuses = new Map<string, string>();
  private readonly widgets = { aboveEditor: new Map<string, Component>(), belowEditor: new Map<string, Component>() };
  private readonly tui: TUI;
  private readonly layout: Layout;
  private readonly prompt: PromptEditor;
  private readonly chat: ChatController;
  private current: Theme;
  private catalog: ThemeCatalog | undefined;
  private themeApplied: ((name: string) => void) | undefined;
  private editorFactory: UiComponentFactory | undefined;
  /** the prompt editor, or the extension's editor in its place */
  private active: Component;
  /** dialogs open in the editor's place */
  private dialogs = 0;
  private baseCompletion: AutocompleteProvider | undefined;
  private readonly completionWrappers: Factory[] = [];
  private readonly inputListeners = new Set<() => void>();
  /** closers of the overlays extensions opened with custom() */
  private readonly overlays = new Set<() => void>();
  private readonly extensionShortcut: (data: string) => boolean;
  private readonly block: InteractiveUiParts["block"];
  /** header and footer: the mode's, or an extension's in their place */
  readonly frame: Frame;
  readonly keys: KeybindingsManager;

  constructor(parts: InteractiveUiParts) {
    ({ tui: this.tui, layout: this.layout, editor: this.prompt, chat: this.chat, theme: this.current, keys: this.keys, extensionShortcut: this.extensionShortcut, block: this.block } = parts);
    this.active = this.prompt;
    this.frame = new Frame(this.layout, this.statuses, parts.providerCount);
  }

  get theme(): Theme {
    return this.current;
  }

  /** the prompt editor, or the extension's editor in its place (hidden while a dialog is open) */
  get editorInUse(): Component {
    return this.active;
  }

  dialogTheme(): Theme {
    return this.current;
  }

  select(title: string, options: string[], opts?: UiDialogOptions): Promise<string | undefined> {
    return this.blocking({ kind: "question", message: title }, () => selectDialog(this, title, options, opts));
  }

  confirm(title: string, message: string, opts?: UiDialogOptions): Promise<boolean> {
    return this.blocking({ kind: "question", message: title }, () => confirmDialog(this, title, message, opts));
  }

  /** the placeholder is not drawn, as in pi 1.6.0 */
  input(title: string, _placeholder?: string, opts?: UiDialogOptions): Promise<string | undefined> {
    return this.blocking({ kind: "question", message: title }, () => inputDialog(this, title, undefined, opts));
  }

  editor(title: string, prefill?: string, opts?: UiDialogOptions): Promise<string | undefined> {
    const dialog = (finish: (text: string | undefined) => void) => new EditorDialog(this.tui, this.keys, this.current, title, prefill, finish, () => finish(undefined));
    return this.blocking({ kind: "question", message: title }, () => openDialog<string | undefined>(this, dialog, undefined, opts));
  }

  /** the program status says "blocked" (`blocked`) while the dialog `open` shows waits for the user */
  private blocking<T>(blocked: Blocked | undefined, open: () => Promise<T>): Promise<T> {
    if (!blocked) return open();
    const source = {};
    this.block(source, blocked);
    return open().finally(() => this.block(source, undefined));
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
    (this.active as ExtensionEditor).setText?.(text);
    this.tui.requestRender();
  }

  pasteToEditor(text: string): void {
    (this.active as ExtensionEditor).handleInput?.(`\x1b[200~${text}\x1b[201~`);
  }

  getEditorText(): string {
    return textOf(this.active as ExtensionEditor);
  }

  /** pi's `custom(factory, options)`: in the editor's place, or an overlay (see custom-component.ts) */
  custom<T>(factory: UiComponentFactory, options?: object): Promise<T | undefined> {
    const host: CustomHost = {
      tui: this.tui,
      keys: this.keys,
      theme: () => this.current,
      replaceEditor: (component) => this.replaceEditor(component),
      overlays: this.overlays,
    };
    // pi's `blocked` option: reported until the component is done
    const blocked = (options as { blocked?: Blocked } | undefined)?.blocked;
    return this.blocking(blocked, () => showCustom<T | undefined>(host, factory as Parameters<typeof showCustom>[1], options as CustomOptions | undefined));
  }

  onTerminalInput(handler: (data: string) => unknown): () => void {
    const remove = this.tui.addInputListener((data) => handler(data) as { consume?: boolean; data?: string } | undefined);
    this.inputListeners.add(remove);
    return () => {
      this.inputListeners.delete(remove);
      remove();
    };
  }

  setWorkingMessage(message?: string): void {
    this.chat.setWorkingMessage(message);
    this.tui.requestRender();
  }

  setWorkingVisible(visible: boolean): void {
    this.chat.setWorkingVisible(visible);
  }

  /** pi's frames are drawn as given (colour them with the theme); none: the built-in spinner; `frames: []`: no indicator */
  setWorkingIndicator(options?: { frames?: string[]; intervalMs?: number }): void {
    this.chat.setWorkingIndicator(options && { ...options, ...(options.frames ? { frames: [...options.frames] } : {}) });
    this.tui.requestRender();
  }

  setHiddenThinkingLabel(label?: string): void {
    this.chat.setHiddenThinkingLabel(label ?? "Thinking...");
  }

  setFooter(factory: UiComponentFactory | undefined): void {
    this.frame.setFooter(this.tui, this.current, factory as FooterFactory | undefined);
    this.tui.requestRender();
  }

  setHeader(factory: UiComponentFactory | undefined): void {
    this.frame.setHeader(this.tui, this.current, factory as HeaderFactory | undefined);
    this.tui.requestRender();
  }

  /** pi's form: the factory wraps the provider in place and returns the new one; wrappers stack in call order */
  addAutocompleteProvider(factory: UiComponentFactory): void {
    this.completionWrappers.push(factory as Factory);
    this.applyCompletion();
  }

  /** the mode's own completion (commands, files), under what extensions stack on it */
  setBaseCompletion(provider: AutocompleteProvider): void {
    this.baseCompletion = provider;
    this.applyCompletion();
  }

  /**
   * The extensions are about to be replaced (reload, session move): what they put on the screen goes, as in pi:
   * widgets, statuses, header and footer, open overlays, their editor and completion, input listeners, working indicator
   * and label.
   */
  resetExtensionParts(): void {
    for (const widgets of Object.values(this.widgets)) widgets.clear();
    for (const where of ["aboveEditor", "belowEditor"] as const) this.layout.setWidgets(where, []);
    this.statuses.clear();
    this.frame.reset();
    for (const close of [...this.overlays]) close();
    for (const remove of this.inputListeners) remove();
    this.inputListeners.clear();
    this.completionWrappers.length = 0;
    this.applyCompletion();
    if (this.editorFactory) this.setEditorComponent(undefined);
    this.setWorkingMessage(undefined);
    this.setWorkingVisible(true);
    this.setWorkingIndicator(undefined);
    this.setHiddenThinkingLabel(undefined);
  }

  setEditorComponent(factory: UiComponentFactory | undefined): void {
    this.editorFactory = factory;
    const text = textOf(this.active as ExtensionEditor);
    if (!factory) {
      this.active = this.prompt;
      this.prompt.setText(text);
    } else {
      const custom = (factory as Factory)(this.tui, this.current.editor("thinkingMedium"), this.keys) as ExtensionEditor;
      if (this.active !== this.prompt) this.prompt.setText(text);
      adoptPrompt(custom, this.prompt, this.completion(), this.extensionShortcut);
      this.active = custom;
    }
    this.chat.status.editorChanged();
    // an open dialog keeps the editor's place; the editor in use comes back when it closes
    if (this.dialogs > 0) return;
    this.layout.editor.show(this.active);
    this.tui.setFocus(this.active);
    this.tui.requestRender();
  }

  /** the editor in use (the prompt, or an extension's set before the keys were bound) takes the keys */
  focusEditor(): void {
    if (this.active !== this.prompt) shareActions(this.active as ExtensionEditor, this.prompt);
    this.tui.setFocus(this.active);
  }

  getEditorComponent(): UiComponentFactory | undefined {
    return this.editorFactory;
  }

  /** the themes of this run, known once the session has decided project trust */
  useThemes(catalog: ThemeCatalog): void {
    this.catalog = catalog;
  }

  /** told the name of each theme applied with setTheme (the run's themes start following the terminal for "system") */
  whenThemeApplied(listener: (name: string) => void): void {
    this.themeApplied = listener;
  }

  getAllThemes(): { name: string; path: string | undefined }[] {
    return this.themeList().map(({ name, path }) => ({ name, path }));
  }

  getTheme(name: string): Theme | undefined {
    const found = this.themeList().find((theme) => theme.name === name);
    return found && new Theme(found.name, found.palette, this.current.depth, found.path);
  }

  /** a name, or a theme object (getTheme's, or pi's `new Theme(...)`): the theme in use takes its colours, so everything drawn repaints */
  setTheme(theme: string | UiService["theme"]): { success: boolean; error?: string } {
    const found = typeof theme === "string" ? this.themeList().find((candidate) => candidate.name === theme) : theme instanceof Theme ? theme : undefined;
    if (!found) {
      const named = typeof theme === "string" ? `Theme "${theme}" not found` : "Not a theme (make one with getTheme(name) or new Theme(...))";
      return { success: false, error: `${named}; themes: ${this.themeList().map((candidate) => candidate.name).join(", ")}` };
    }
    this.current.apply(found.name, found.palette, found.path);
    this.themeApplied?.(found.name);
    this.tui.invalidate();
    this.tui.requestRender();
    return { success: true };
  }

  private themeList(): CatalogTheme[] {
    return this.catalog?.list() ?? Object.entries(BUILTIN_PALETTES).map(([name, palette]) => ({ name, palette }));
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
    const replacedEditor = previous === this.active;
    this.dialogs++;
    this.layout.editor.show(component);
    this.tui.setFocus(component);
    this.tui.requestRender();
    return () => {
      this.dialogs--;
      // the editor may have been swapped meanwhile (setEditorComponent)
      const back = replacedEditor ? this.active : previous;
      this.layout.editor.show(back);
      this.tui.setFocus(back ?? null);
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

  /** the editor's completion now: the mode's own, wrapped by every extension provider in turn */
  private completion(): AutocompleteProvider | undefined {
    if (!this.baseCompletion) return undefined;
    return this.completionWrappers.reduce<AutocompleteProvider>((provider, wrap) => wrap(provider) as AutocompleteProvider, this.baseCompletion);
  }

  private applyCompletion(): void {
    const provider = this.completion();
    if (!provider) return;
    this.prompt.setAutocompleteProvider(provider);
    if (this.active !== this.prompt) (this.active as ExtensionEditor).setAutocompleteProvider?.(provider);
  }

  private widgetComponent(content: readonly string[] | UiComponentFactory): Component {
    if (typeof content === "function") return (content as Factory)(this.tui, this.current) as Component;
    const lines = content.length > MAX_WIDGET_LINES ? [...content.slice(0, MAX_WIDGET_LINES), this.current.fg("muted", "... (widget truncated)")] : [...content];
    const container = new Container();
    container.addChild(new Text(lines.join("\n"), 1, 0));
    return container;
  }
}
