// Dialogs that take the editor's place until answered: a choice from a list, yes/no, one line of text, drawn as
// pi 1.6.0 draws an extension's. Each resolves exactly once, with the answer or (escape, timeout, an aborted
// signal) as cancelled.
import { getKeybindings, Input, Text, truncateToWidth, type Component, type Focusable } from "@earendil-works/pi-tui";
import { Countdown } from "../components/countdown.js";
import { addDialogRows } from "../components/dialog-rows.js";
import { Framed } from "../components/framed.js";
import { Rule } from "../components/ruled.js";
import type { UiDialogOptions } from "../../../lib/ui/ui-types.js";
import type { Theme } from "../theme/theme.js";

export interface DialogHost {
  /** shows the component instead of the editor; `restore` puts the editor back */
  replaceEditor(component: Component): () => void;
  dialogTheme(): Theme;
  requestRender(): void;
}

/** a dialog's options; `description` is shown under the title (what the question is about) */
export type DialogOptions = UiDialogOptions & { description?: string };

export function openDialog<T>(host: DialogHost, build: (finish: (value: T) => void) => Component, cancelled: T, options: UiDialogOptions = {}): Promise<T> {
  const { signal, timeout } = options;
  if (signal?.aborted) return Promise.resolve(cancelled);
  return new Promise<T>((resolve) => {
    let done = false;
    let restore = () => {};
    let built: Component | undefined;
    let timer: NodeJS.Timeout | undefined;
    const finish = (value: T) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      restore();
      // a countdown in a dialog's title stops with it
      if (built instanceof DialogFrame) built.dispose();
      resolve(value);
    };
    const onAbort = () => finish(cancelled);
    signal?.addEventListener("abort", onAbort, { once: true });
    if (timeout !== undefined && timeout > 0) timer = setTimeout(onAbort, timeout);
    built = build(finish);
    restore = host.replaceEditor(built);
  });
}

/**
 * pi 1.6.0's dialog (its extension selector and input): between two rules, the title, the description, the body
 * and the key hints, each padded by a column and set apart by blank lines. With a timeout, the title counts the
 * seconds down.
 */
class DialogFrame extends Framed {
  private readonly titleText: Text;
  private readonly countdown: Countdown | undefined;

  constructor(
    body: Component & Partial<Focusable>,
    parts: { host: DialogHost; title: (text: string) => string; text: string; hint: string; description?: string; timeout?: number },
  ) {
    super(body);
    const theme = parts.host.dialogTheme();
    const rule = new Rule(() => theme);
    this.titleText = new Text(parts.title(parts.text), 1, 0);
    addDialogRows((child) => this.addChild(child), {
      border: () => rule,
      title: this.titleText,
      ...(parts.description ? { description: theme.fg("text", parts.description) } : {}),
      body,
      hint: parts.hint,
    });
    if (parts.timeout !== undefined && parts.timeout > 0) {
      this.countdown = new Countdown(parts.timeout, (seconds) => {
        this.titleText.setText(parts.title(`${parts.text} (${seconds}s)`));
        parts.host.requestRender();
      });
    }
  }

  dispose(): void {
    this.countdown?.stop();
  }
}

/** `key description` hints as pi writes them: the keys dim, the words muted, two spaces apart */
function hints(theme: Theme, pairs: readonly [keys: string, what: string][]): string {
  return pairs.map(([keys, what]) => theme.fg("dim", keys) + theme.fg("muted", ` ${what}`)).join("  ");
}

const keysFor = (action: "tui.select.confirm" | "tui.select.cancel") => getKeybindings().getKeys(action).join("/");

/** pi's extension selector's list: ten rows at most, the selection in the accent colour, where it is when scrolled */
class OptionList implements Component {
  private selected = 0;

  constructor(
    private readonly options: readonly string[],
    private readonly theme: Theme,
    private readonly finish: (value: string | undefined) => void,
  ) {}

  invalidate(): void {}

  render(width: number): string[] {
    const { theme, options } = this;
    const visible = 10;
    const start = Math.max(0, Math.min(this.selected - Math.floor(visible / 2), options.length - visible));
    const end = Math.min(start + visible, options.length);
    const lines = options.slice(start, end).map((option, offset) =>
      start + offset === this.selected ? ` ${theme.fg("accent", "→ ")}${theme.fg("accent", option)}` : `   ${theme.fg("text", option)}`,
    );
    if (start > 0 || end < options.length) lines.push(theme.fg("muted", `  (${this.selected + 1}/${options.length})`));
    return lines.map((line) => truncateToWidth(line, width));
  }

  handleInput(data: string): void {
    const keys = getKeybindings();
    if (keys.matches(data, "tui.select.up") || data === "k") this.selected = Math.max(0, this.selected - 1);
    else if (keys.matches(data, "tui.select.down") || data === "j") this.selected = Math.min(this.options.length - 1, this.selected + 1);
    else if (keys.matches(data, "tui.select.confirm") || data === "\n") {
      const option = this.options[this.selected];
      if (option !== undefined) this.finish(option);
    } else if (keys.matches(data, "tui.select.cancel")) this.finish(undefined);
  }
}

export function selectDialog(host: DialogHost, title: string, options: string[], dialog?: DialogOptions): Promise<string | undefined> {
  return openDialog<string | undefined>(
    host,
    (finish) => {
      const theme = host.dialogTheme();
      const hint = hints(theme, [["↑↓", "navigate"], [keysFor("tui.select.confirm"), "select"], [keysFor("tui.select.cancel"), "cancel"]]);
      const bold = (text: string) => theme.fg("accent", theme.bold(text));
      return new DialogFrame(new OptionList(options, theme, finish), { host, title: bold, text: title, hint, description: dialog?.description, timeout: dialog?.timeout });
    },
    undefined,
    dialog,
  );
}

export function inputDialog(host: DialogHost, title: string, prefill: string | undefined, dialog?: DialogOptions): Promise<string | undefined> {
  return openDialog<string | undefined>(
    host,
    (finish) => {
      const theme = host.dialogTheme();
      const input = new Input();
      if (prefill) input.setValue(prefill);
      input.onSubmit = (value) => finish(value);
      input.onEscape = () => finish(undefined);
      const hint = hints(theme, [[keysFor("tui.select.confirm"), "submit"], [keysFor("tui.select.cancel"), "cancel"]]);
      return new DialogFrame(input, { host, title: (text) => theme.fg("accent", text), text: title, hint, description: dialog?.description, timeout: dialog?.timeout });
    },
    undefined,
    dialog,
  );
}

export async function confirmDialog(host: DialogHost, title: string, message: string, dialog?: UiDialogOptions): Promise<boolean> {
  const answer = await selectDialog(host, message ? `${title}\n${message}` : title, ["Yes", "No"], dialog);
  return answer === "Yes";
}
