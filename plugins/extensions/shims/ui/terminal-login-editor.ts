// pi's multi-line text dialog and login dialog as extensions construct them, in a process that runs pith's
// terminal UI: pith's own dialogs (the ones `ctx.ui.editor` and `/login` show) behind pi 1.6.0's constructors and
// methods, painted with the UI's theme.
import type { KeybindingsManager, TUI } from "@earendil-works/pi-tui";
import { openUrl } from "../../../../lib/process/open-url.js";
import { EditorDialog, type EditorDialogOptions } from "../../../interactive/components/editor-dialog.js";
import { LoginDialog } from "../../../interactive/login/login-dialog.js";
import { interactiveTheme } from "./terminal-theme.js";

/** pi's `ExtensionEditorComponent(tui, keybindings, title, prefill, onSubmit, onCancel, options?, externalEditorCommand?)` */
export class ExtensionEditorComponent extends EditorDialog {
  constructor(tui: TUI, keybindings: KeybindingsManager, title: string, prefill: string | undefined, onSubmit: (value: string) => void, onCancel: () => void, options?: EditorDialogOptions, externalEditorCommand?: string) {
    super(tui, keybindings, interactiveTheme(), title, prefill, onSubmit, onCancel, { ...options, ...(externalEditorCommand ? { externalEditorCommand } : {}) });
  }
}

interface DeviceCode {
  userCode: string;
  verificationUri: string;
}

/**
 * pi's `LoginDialogComponent(tui, providerId, onComplete, providerName?, title?)`: what an extension's sign-in shows
 * (the URL, which is opened, a device code, questions, progress); escape cancels it: its `signal` aborts and
 * `onComplete(false, "Login cancelled")` is called.
 */
export class LoginDialogComponent extends LoginDialog {
  constructor(
    tui: TUI,
    providerId: string,
    private readonly onComplete: (success: boolean, message?: string) => void,
    providerName?: string,
    title?: string,
  ) {
    super({ title: title ?? `Login to ${providerName || providerId}`, theme: interactiveTheme(), requestRender: () => tui.requestRender(), openUrl: (url) => openUrl(url) });
  }

  override cancel(): void {
    if (this.signal.aborted) return;
    super.cancel();
    this.onComplete(false, "Login cancelled");
  }

  showAuth(url: string, instructions?: string): void {
    this.show({ type: "open_url", url, instructions: instructions ?? "" });
  }

  showDeviceCode(info: DeviceCode): void {
    this.show({ type: "device_code", url: info.verificationUri, code: info.userCode });
  }

  showManualInput(prompt: string): Promise<string> {
    return this.ask(prompt);
  }

  showPrompt(message: string, placeholder?: string): Promise<string> {
    return this.ask(message, placeholder);
  }

  showDetails(lines: string[]): void {
    this.reset();
    for (const line of lines) this.line("text", line);
  }

  showInfo(message: string, links: readonly { label?: string; url: string }[] = [], showCloseHint = false): void {
    this.line("text", message);
    for (const link of links) this.line("accent", link.label ? `${link.label}: ${link.url}` : link.url);
    if (showCloseHint) this.line("dim", "(escape to close)");
  }

  showWaiting(message: string): void {
    this.line("dim", message);
  }

  showProgress(message: string): void {
    this.line("dim", message);
  }
}
