// A multi-line text dialog (pi's `ctx.ui.editor` and its `ExtensionEditorComponent`): a title, an optional
// description, pi-tui's editor with the prefill, enter to submit and shift+enter for a new line as in the prompt,
// escape to cancel, and the external-editor key to edit the text in $VISUAL/$EDITOR.
import { Container, Editor, getKeybindings, Spacer, Text, type EditorOptions, type Focusable, type KeybindingsManager, type TUI } from "@earendil-works/pi-tui";
import { editExternally } from "../terminal/external-editor.js";
import type { Theme } from "../theme/theme.js";
import { PaintedText } from "./painted-text.js";

export interface EditorDialogOptions extends EditorOptions {
  description?: string;
  /** the external editor's command instead of $VISUAL/$EDITOR */
  externalEditorCommand?: string;
}

export class EditorDialog extends Container implements Focusable {
  private readonly editor: Editor;
  private readonly problem = new Text("", 1, 0);
  private readonly theme: Theme;
  private readonly externalCommand: string | undefined;

  constructor(
    private readonly tui: TUI,
    private readonly keys: KeybindingsManager,
    theme: Theme,
    title: string,
    prefill: string | undefined,
    onSubmit: (text: string) => void,
    private readonly onCancel: () => void,
    options: EditorDialogOptions = {},
  ) {
    super();
    this.theme = theme;
    const { description, externalEditorCommand, ...editorOptions } = options;
    this.externalCommand = externalEditorCommand;
    const border = () => new PaintedText(() => theme.fg("border", "─".repeat(3)), 0, 0);
    this.addChild(border());
    this.addChild(new Spacer(1));
    this.addChild(new PaintedText(() => theme.fg("accent", title), 1, 0));
    if (description) this.addChild(new PaintedText(() => theme.fg("text", description), 1, 0));
    this.addChild(new Spacer(1));
    this.editor = new Editor(tui, theme.editor(), editorOptions);
    if (prefill) this.editor.setText(prefill);
    this.editor.onSubmit = onSubmit;
    this.addChild(this.editor);
    this.addChild(this.problem);
    const hint = (action: string, label: string) => `${theme.fg("dim", keys.getKeys(action as Parameters<KeybindingsManager["getKeys"]>[0]).join("/"))}${theme.fg("muted", ` ${label}`)}`;
    this.addChild(new Text([hint("tui.select.confirm", "submit"), hint("tui.input.newLine", "newline"), hint("tui.select.cancel", "cancel"), hint("app.editor.external", "external editor")].join("  "), 1, 0));
    this.addChild(border());
  }

  get focused(): boolean {
    return this.editor.focused;
  }

  set focused(value: boolean) {
    this.editor.focused = value;
  }

  getText(): string {
    return this.editor.getText();
  }

  handleInput(data: string): void {
    if (getKeybindings().matches(data, "tui.select.cancel")) return this.onCancel();
    if (this.keys.matches(data, "app.editor.external" as Parameters<KeybindingsManager["matches"]>[1])) return this.editExternally();
    this.editor.handleInput(data);
  }

  private editExternally(): void {
    const result = editExternally(this.editor.getText(), this.tui, this.externalCommand ? { ...process.env, VISUAL: this.externalCommand } : process.env);
    this.problem.setText("error" in result ? this.theme.fg("warning", result.error) : "");
    if ("text" in result) this.editor.setText(result.text);
  }
}
