// The box a /login runs in, in the editor's place: it is the sign-in's conversation with the user (lib/oauth's
// SignInConversation). It shows the URL to open (and opens it), a device code, progress lines, and asks for a
// pasted code or a choice. Escape cancels the whole sign-in at any point: its signal aborts, so the loopback
// server closes and polling stops.
import { Container, getKeybindings, Input, SelectList, Spacer, Text, type Component, type Focusable } from "@earendil-works/pi-tui";
import { PithError } from "../../../kernel/index.js";
import type { SignInChoice, SignInConversation, SignInNotice } from "../../../lib/oauth/types.js";
import type { Theme } from "../theme/theme.js";
import { PaintedText } from "../components/painted-text.js";

export interface LoginDialogOptions {
  title: string;
  theme: Theme;
  requestRender(): void;
  openUrl(url: string): void;
}

type Question = (Component & Partial<Focusable>) & { handleInput(data: string): void };

const cancelled = () => new PithError("OAUTH_SIGN_IN_CANCELLED", "Login cancelled.");

export class LoginDialog extends Container implements Focusable, SignInConversation {
  private readonly aborter = new AbortController();
  private readonly body = new Container();
  private question: { component: Question; reject(error: Error): void } | undefined;
  /** the device-code page, opened by enter while nothing is asked */
  private pendingUrl: string | undefined;
  private isFocused = false;

  constructor(private readonly options: LoginDialogOptions) {
    super();
    const { theme } = options;
    this.addChild(new PaintedText(() => theme.fg("borderAccent", "─".repeat(3)) + " " + theme.fg("accent", theme.bold(options.title)), 0, 0));
    this.addChild(this.body);
    this.addChild(new PaintedText(() => theme.fg("borderAccent", "─".repeat(3)), 0, 0));
  }

  get signal(): AbortSignal {
    return this.aborter.signal;
  }

  get focused(): boolean {
    return this.isFocused;
  }

  set focused(value: boolean) {
    this.isFocused = value;
    if (this.question && "focused" in this.question.component) this.question.component.focused = value;
  }

  cancel(): void {
    if (this.aborter.signal.aborted) return;
    this.aborter.abort(cancelled());
    this.question?.reject(cancelled());
  }

  handleInput(data: string): void {
    const keys = getKeybindings();
    if (keys.matches(data, "tui.select.cancel")) return this.cancel();
    if (this.question) return this.question.component.handleInput(data);
    if (this.pendingUrl && keys.matches(data, "tui.select.confirm")) {
      this.options.openUrl(this.pendingUrl);
      this.pendingUrl = undefined;
      this.line("dim", "Browser open requested");
    }
  }

  show(notice: SignInNotice): void {
    const { theme } = this.options;
    if (notice.type === "open_url") {
      this.reset();
      this.body.addChild(new PaintedText(() => theme.fg("accent", notice.url), 1, 0));
      this.body.addChild(new Spacer(1));
      this.body.addChild(new PaintedText(() => theme.fg("warning", notice.instructions), 1, 0));
      this.options.openUrl(notice.url);
    } else if (notice.type === "device_code") {
      this.reset();
      this.body.addChild(new PaintedText(() => theme.fg("accent", notice.url), 1, 0));
      this.body.addChild(new Spacer(1));
      this.body.addChild(new PaintedText(() => theme.fg("warning", `Enter code: ${notice.code}`), 1, 0));
      this.body.addChild(new PaintedText(() => theme.fg("dim", "(enter to open the browser)"), 1, 0));
      this.pendingUrl = notice.url;
      this.line("dim", "Waiting for authentication... (escape to cancel)");
    } else this.line("dim", notice.message);
    this.options.requestRender();
  }

  /** a question; its answer stays above the next step as typed (an API key too, as pi 1.6.0 shows it) */
  ask(message: string, placeholder?: string, signal?: AbortSignal): Promise<string> {
    const input = new Input();
    this.body.addChild(new Spacer(1));
    this.line("text", message);
    if (placeholder) this.line("dim", `e.g., ${placeholder}`);
    return this.await<string>(input, signal, (resolve) => {
      input.onSubmit = (value) => resolve(value);
    }, (value) => value);
  }

  choose(message: string, choices: readonly SignInChoice[], signal?: AbortSignal): Promise<string> {
    const list = new SelectList(choices.map((choice) => ({ value: choice.id, label: choice.label })), Math.min(8, choices.length), this.options.theme.selectList());
    this.body.addChild(new Spacer(1));
    this.line("text", message);
    return this.await<string>(list, signal, (resolve) => {
      list.onSelect = (item) => resolve(item.value);
      list.onCancel = () => this.cancel();
    }, (value) => choices.find((choice) => choice.id === value)?.label ?? value);
  }

  /** shows `component` as the question; it leaves when answered (replaced by the answer) or when `signal` ends it */
  private await<T>(component: Question, signal: AbortSignal | undefined, wire: (resolve: (value: T) => void) => void, echo: (value: T) => string): Promise<T> {
    if (this.aborter.signal.aborted) return Promise.reject(cancelled());
    if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : cancelled());
    return new Promise<T>((resolve, reject) => {
      const settle = (finish: () => void, answer?: string) => {
        if (this.question?.component !== component) return;
        this.question = undefined;
        signal?.removeEventListener("abort", onAbort);
        const index = this.body.children.indexOf(component);
        if (index >= 0) this.body.children.splice(index, 1, ...(answer === undefined ? [] : [new Text(`> ${answer}`, 1, 0)]));
        this.options.requestRender();
        finish();
      };
      const onAbort = () => settle(() => reject(cancelled()));
      this.question = { component, reject: (error) => settle(() => reject(error)) };
      signal?.addEventListener("abort", onAbort, { once: true });
      wire((value) => settle(() => resolve(value), echo(value)));
      this.body.addChild(component);
      if ("focused" in component) component.focused = this.isFocused;
      this.options.requestRender();
    });
  }

  protected line(token: string, text: string): void {
    this.body.addChild(new Text(this.options.theme.fg(token, text), 1, 0));
    this.options.requestRender();
  }

  protected reset(): void {
    this.pendingUrl = undefined;
    this.body.clear();
    this.body.addChild(new Spacer(1));
  }
}
