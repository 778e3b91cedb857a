// Dialogs that take the editor's place until answered: a choice from a list, yes/no, one line of text. Each
// resolves exactly once, with the answer or (escape, timeout, an aborted signal) as cancelled.
import { Container, Input, SelectList, Text, type Component, type Focusable } from "@earendil-works/pi-tui";
import type { UiDialogOptions } from "../../../lib/ui/ui-types.js";
import type { Theme } from "../theme/theme.js";

export interface DialogHost {
  /** shows the component instead of the editor; `restore` puts the editor back */
  replaceEditor(component: Component): () => void;
  dialogTheme(): Theme;
}

/** a dialog's options; `description` is shown under the title (what the question is about) */
export type DialogOptions = UiDialogOptions & { description?: string };

export function openDialog<T>(host: DialogHost, build: (finish: (value: T) => void) => Component, cancelled: T, options: UiDialogOptions = {}): Promise<T> {
  const { signal, timeout } = options;
  if (signal?.aborted) return Promise.resolve(cancelled);
  return new Promise<T>((resolve) => {
    let done = false;
    let restore = () => {};
    let timer: NodeJS.Timeout | undefined;
    const finish = (value: T) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      restore();
      resolve(value);
    };
    const onAbort = () => finish(cancelled);
    signal?.addEventListener("abort", onAbort, { once: true });
    if (timeout !== undefined && timeout > 0) timer = setTimeout(onAbort, timeout);
    restore = host.replaceEditor(build(finish));
  });
}

/** a titled box around a focusable child, which gets the focus and the keys */
class DialogFrame extends Container implements Focusable {
  private isFocused = false;

  constructor(
    title: string,
    private readonly body: Component & Partial<Focusable>,
    theme: Theme,
    hint: string,
    description?: string,
  ) {
    super();
    this.addChild(new Text(theme.fg("borderAccent", "─".repeat(3)) + " " + theme.bold(title), 0, 0));
    if (description) this.addChild(new Text(theme.fg("muted", description), 0, 0));
    this.addChild(body);
    this.addChild(new Text(theme.fg("dim", hint), 0, 0));
  }

  get focused(): boolean {
    return this.isFocused;
  }

  set focused(value: boolean) {
    this.isFocused = value;
    if ("focused" in this.body) this.body.focused = value;
  }

  handleInput(data: string): void {
    this.body.handleInput?.(data);
  }
}

export function selectDialog(host: DialogHost, title: string, options: string[], dialog?: DialogOptions): Promise<string | undefined> {
  return openDialog<string | undefined>(
    host,
    (finish) => {
      const theme = host.dialogTheme();
      const list = new SelectList(options.map((option) => ({ value: option, label: option })), Math.min(10, Math.max(1, options.length)), theme.selectList());
      list.onSelect = (item) => finish(item.value);
      list.onCancel = () => finish(undefined);
      return new DialogFrame(title, list, theme, "↑↓ choose · enter select · escape cancel", dialog?.description);
    },
    undefined,
    dialog,
  );
}

export function inputDialog(host: DialogHost, title: string, prefill: string | undefined, dialog?: DialogOptions): Promise<string | undefined> {
  return openDialog<string | undefined>(
    host,
    (finish) => {
      const input = new Input();
      if (prefill) input.setValue(prefill);
      input.onSubmit = (value) => finish(value);
      input.onEscape = () => finish(undefined);
      return new DialogFrame(title, input, host.dialogTheme(), "enter submit · escape cancel", dialog?.description);
    },
    undefined,
    dialog,
  );
}

export async function confirmDialog(host: DialogHost, title: string, message: string, dialog?: UiDialogOptions): Promise<boolean> {
  const answer = await selectDialog(host, message ? `${title}: ${message}` : title, ["Yes", "No"], dialog);
  return answer === "Yes";
}
