// `ctx.ui` over RPC (pi's extension UI sub-protocol): dialogs become `extension_ui_request` records that wait for
// the client's `extension_ui_response`; notices are sent and forgotten; terminal-only features do nothing.
import type { UiResponse } from "../protocol/command-schemas.js";
import { PendingDialogs, notice, type DialogRequest } from "./pending-dialogs.js";
import { PLAIN_THEME } from "./plain-theme.js";
import type { NotifyType, UiComponentFactory, UiDialogOptions, UiService, UiTheme, WidgetPlacement } from "../../../lib/ui/ui-types.js";

const cancelled = (response: UiResponse) => response.cancelled === true;
const valueOf = (response: UiResponse) => (cancelled(response) ? undefined : response.value);

export class RpcUi implements UiService {
  readonly hasUI = true;
  readonly theme: UiTheme = PLAIN_THEME;
  private readonly dialogs: PendingDialogs;

  /** `onDialog`: a dialog now waits for the client, so the client must be free to send its answer and more */
  constructor(
    private readonly send: (record: object) => void,
    private readonly onDialog: () => void = () => undefined,
  ) {
    this.dialogs = new PendingDialogs(send);
  }

  /** An `extension_ui_response` arrived; false when no dialog waits for its id. */
  answer(response: UiResponse): boolean {
    return this.dialogs.answer(response);
  }

  /** The input ended: dialogs resolve as cancelled from now on. */
  closeInput(): void {
    this.dialogs.close();
  }

  select(title: string, options: string[], opts?: UiDialogOptions): Promise<string | undefined> {
    return this.dialog({ method: "select", title, options, timeout: opts?.timeout }, undefined, valueOf, opts);
  }

  confirm(title: string, message: string, opts?: UiDialogOptions): Promise<boolean> {
    const parse = (response: UiResponse) => !cancelled(response) && response.confirmed === true;
    return this.dialog({ method: "confirm", title, message, timeout: opts?.timeout }, false, parse, opts);
  }

  input(title: string, placeholder?: string, opts?: UiDialogOptions): Promise<string | undefined> {
    return this.dialog({ method: "input", title, placeholder, timeout: opts?.timeout }, undefined, valueOf, opts);
  }

  editor(title: string, prefill?: string, opts?: UiDialogOptions): Promise<string | undefined> {
    return this.dialog({ method: "editor", title, prefill }, undefined, valueOf, opts);
  }

  notify(message: string, type?: NotifyType): void {
    this.send(notice({ method: "notify", message, notifyType: type }));
  }

  setStatus(key: string, text: string | undefined): void {
    this.send(notice({ method: "setStatus", statusKey: key, statusText: text }));
  }

  setWidget(key: string, content: readonly string[] | UiComponentFactory | undefined, options?: { placement?: WidgetPlacement }): void {
    // A component factory needs a terminal; only lines of text (or clearing) can be sent.
    if (typeof content === "function") return;
    this.send(notice({ method: "setWidget", widgetKey: key, widgetLines: content, widgetPlacement: options?.placement }));
  }

  setTitle(title: string): void {
    this.send(notice({ method: "setTitle", title }));
  }

  setEditorText(text: string): void {
    this.send(notice({ method: "set_editor_text", text }));
  }

  pasteToEditor(text: string): void {
    this.setEditorText(text);
  }

  /** The client owns the editor; a synchronous call cannot ask it. */
  getEditorText(): string {
    return "";
  }

  async custom<T>(_factory: UiComponentFactory, _options?: object): Promise<T | undefined> {
    return undefined;
  }

  onTerminalInput(_handler: (data: string) => unknown): () => void {
    return () => undefined;
  }

  // Terminal-only features: without a terminal there is nothing to draw them on.
  setWorkingMessage(_message?: string): void {}
  setWorkingVisible(_visible: boolean): void {}
  setWorkingIndicator(_options?: object): void {}
  setHiddenThinkingLabel(_label?: string): void {}
  setFooter(_factory: UiComponentFactory | undefined): void {}
  setHeader(_factory: UiComponentFactory | undefined): void {}
  addAutocompleteProvider(_factory: UiComponentFactory): void {}
  setEditorComponent(_factory: UiComponentFactory | undefined): void {}

  getEditorComponent(): undefined {
    return undefined;
  }

  getAllThemes(): { name: string; path: string | undefined }[] {
    return [];
  }

  getTheme(_name: string): undefined {
    return undefined;
  }

  setTheme(_theme: string | UiTheme): { success: boolean; error?: string } {
    return { success: false, error: "Themes cannot be switched in RPC mode: the client draws the interface." };
  }

  getToolsExpanded(): boolean {
    return false;
  }

  setToolsExpanded(_expanded: boolean): void {}

  private dialog<T>(request: DialogRequest, fallback: T, parse: (response: UiResponse) => T, opts?: UiDialogOptions): Promise<T> {
    const answer = this.dialogs.open(request, fallback, parse, opts);
    this.onDialog();
    return answer;
  }
}
