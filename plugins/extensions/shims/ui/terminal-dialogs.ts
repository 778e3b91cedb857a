// pi's loader and dialog components that extensions build their own UI from, as real pi-tui components in a
// process that runs pith's terminal UI, painted with its theme and answering the keys the user bound:
// `BorderedLoader` (a spinner between two borders that escape cancels), `ExtensionSelectorComponent` (a list to
// choose from) and `ExtensionInputComponent` (one line of text).
import { CancellableLoader, Container, getKeybindings, Input, Loader, Spacer, Text, type Focusable, type TUI } from "@earendil-works/pi-tui";
import { Countdown } from "../../../interactive/components/countdown.js";
import { addDialogRows } from "../../../interactive/components/dialog-rows.js";
import { DynamicBorder } from "./dynamic-border.js";
import { keyHint, rawKeyHint, terminalTheme, type TerminalTheme } from "./terminal-theme.js";

type Keys = Parameters<ReturnType<typeof getKeybindings>["matches"]>[1];
const pressed = (data: string, action: string) => getKeybindings().matches(data, action as Keys);

/** pi's `BorderedLoader(tui, theme, message, {cancellable})`: `signal` aborts when the user cancels */
export class BorderedLoader extends Container {
  private readonly loader: CancellableLoader | Loader;
  private readonly uncancellable = new AbortController();

  constructor(tui: TUI, theme: Pick<TerminalTheme, "fg">, message: string, options?: { cancellable?: boolean }) {
    super();
    const cancellable = options?.cancellable ?? true;
    const border = () => new DynamicBorder((text) => theme.fg("border", text));
    const accent = (text: string) => theme.fg("accent", text);
    const muted = (text: string) => theme.fg("muted", text);
    this.loader = cancellable ? new CancellableLoader(tui, accent, muted, message) : new Loader(tui, accent, muted, message);
    this.addChild(border());
    this.addChild(this.loader);
    if (cancellable) {
      this.addChild(new Spacer(1));
      this.addChild(new Text(keyHint("tui.select.cancel", "cancel"), 1, 0));
    }
    this.addChild(new Spacer(1));
    this.addChild(border());
  }

  get signal(): AbortSignal {
    return this.loader instanceof CancellableLoader ? this.loader.signal : this.uncancellable.signal;
  }

  set onAbort(handler: (() => void) | undefined) {
    if (this.loader instanceof CancellableLoader) this.loader.onAbort = handler;
  }

  handleInput(data: string): void {
    if (this.loader instanceof CancellableLoader) this.loader.handleInput(data);
  }

  dispose(): void {
    if (this.loader instanceof CancellableLoader) this.loader.dispose();
    else this.loader.stop();
  }
}

interface DialogOptions {
  tui?: TUI;
  /** ms until the dialog cancels itself; the title counts down */
  timeout?: number;
  description?: string;
}

/** the frame pi's extension dialogs share: borders, a title that may count down, a description, a key hint */
abstract class ExtensionDialog extends Container {
  private readonly titleText: Text;
  private countdown: Countdown | undefined;

  constructor(
    private readonly title: string,
    body: Container | Input,
    hint: string,
    protected readonly onCancel: () => void,
    options: DialogOptions = {},
  ) {
    super();
    const theme = terminalTheme();
    this.titleText = new Text(this.titled(), 1, 0);
    addDialogRows((child) => super.addChild(child), {
      border: () => new DynamicBorder((text) => theme.fg("border", text)),
      title: this.titleText,
      ...(options.description ? { description: theme.fg("text", options.description) } : {}),
      body,
      hint,
    });
    if (options.timeout && options.timeout > 0 && options.tui) this.startCountdown(options.timeout, options.tui);
  }

  dispose(): void {
    this.countdown?.stop();
  }

  private titled(seconds?: number): string {
    const theme = terminalTheme();
    return theme.fg("accent", theme.bold(seconds === undefined ? this.title : `${this.title} (${seconds}s)`));
  }

  private startCountdown(timeout: number, tui: TUI): void {
    const firstCount = Math.ceil(timeout / 1000);
    this.countdown = new Countdown(timeout, (seconds) => {
      this.titleText.setText(this.titled(seconds));
      // the first count is drawn with the dialog itself
      if (seconds === firstCount) return;
      tui.requestRender();
      if (seconds <= 0) this.onCancel();
    });
  }
}

/** pi's `ExtensionSelectorComponent(title, options, onSelect, onCancel, opts?)` */
export class ExtensionSelectorComponent extends ExtensionDialog {
  private selected = 0;
  private readonly list: Container;

  constructor(
    title: string,
    private readonly options: string[],
    private readonly onSelect: (option: string) => void,
    onCancel: () => void,
    opts?: DialogOptions & { onToggleToolsExpanded?: () => void },
  ) {
    const list = new Container();
    super(title, list, `${rawKeyHint("↑↓", "navigate")}  ${keyHint("tui.select.confirm", "select")}  ${keyHint("tui.select.cancel", "cancel")}`, onCancel, opts);
    this.list = list;
    this.onToggleToolsExpanded = opts?.onToggleToolsExpanded;
    this.showList();
  }

  private readonly onToggleToolsExpanded: (() => void) | undefined;

  handleInput(data: string): void {
    if (pressed(data, "app.tools.expand")) this.onToggleToolsExpanded?.();
    else if (pressed(data, "tui.select.up") || data === "k") this.move(-1);
    else if (pressed(data, "tui.select.down") || data === "j") this.move(1);
    else if (pressed(data, "tui.select.confirm") || data === "\n") {
      const option = this.options[this.selected];
      if (option !== undefined) this.onSelect(option);
    } else if (pressed(data, "tui.select.cancel")) this.onCancel();
  }

  private move(by: number): void {
    this.selected = Math.max(0, Math.min(this.options.length - 1, this.selected + by));
    this.showList();
  }

  private showList(): void {
    const theme = terminalTheme();
    const visible = 10;
    const start = Math.max(0, Math.min(this.selected - Math.floor(visible / 2), this.options.length - visible));
    const end = Math.min(start + visible, this.options.length);
    this.list.clear();
    for (let index = start; index < end; index++) {
      const option = this.options[index]!;
      this.list.addChild(new Text(index === this.selected ? theme.fg("accent", `→ ${option}`) : `  ${theme.fg("text", option)}`, 1, 0));
    }
    if (start > 0 || end < this.options.length) this.list.addChild(new Text(theme.fg("muted", `  (${this.selected + 1}/${this.options.length})`), 0, 0));
  }
}

/** pi's `ExtensionInputComponent(title, placeholder, onSubmit, onCancel, opts?)` */
export class ExtensionInputComponent extends ExtensionDialog implements Focusable {
  private readonly input: Input;

  constructor(title: string, _placeholder: string | undefined, private readonly onSubmit: (value: string) => void, onCancel: () => void, opts?: DialogOptions & { initialValue?: string }) {
    const input = new Input();
    if (opts?.initialValue) input.setValue(opts.initialValue);
    super(title, input, `${keyHint("tui.select.confirm", "submit")}  ${keyHint("tui.select.cancel", "cancel")}`, onCancel, opts);
    this.input = input;
  }

  get focused(): boolean {
    return this.input.focused;
  }

  set focused(value: boolean) {
    this.input.focused = value;
  }

  handleInput(data: string): void {
    if (pressed(data, "tui.select.confirm") || data === "\n") this.onSubmit(this.input.getValue());
    else if (pressed(data, "tui.select.cancel")) this.onCancel();
    else this.input.handleInput(data);
  }
}
