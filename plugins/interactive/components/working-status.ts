// The spinner shown while the agent works, retries or compacts: in the top border of the editor in use when that
// editor draws it there (the prompt editor, or an extension's editor that asks to), else on its own row above the
// widgets, as pi 1.6.0 places it. It moves when the editor is replaced.
import type { Container, LoaderIndicatorOptions, TUI } from "@earendil-works/pi-tui";
import type { Theme } from "../theme/theme.js";
import { embedsStatus, StatusLoader } from "./border-status.js";

/**
 * `accent`: the accent spinner and muted message, both in the border's colour when drawn in it (working,
 * compacting); `warning`: a retry's wait, a warning spinner and muted message wherever drawn; `plain`: accent and
 * muted wherever drawn (a branch summary), as pi's indicators are coloured.
 */
export type StatusColours = "accent" | "warning" | "plain";

export class WorkingStatus {
  private loader: StatusLoader | undefined;
  private spinner: StatusColours = "accent";
  /** extensions' indicator (`ctx.ui.setWorkingIndicator`); undefined: the built-in spinner */
  private indicator: LoaderIndicatorOptions | undefined;
  /** the editor the loader is drawn in, when it is drawn in one */
  private host: { setWorkingStatusIndicator(indicator: StatusLoader | undefined): void } | undefined;

  constructor(
    private readonly tui: TUI,
    private readonly theme: Theme,
    private readonly row: Container,
    private readonly editorInUse: () => unknown,
  ) {}

  get shown(): boolean {
    return this.loader !== undefined;
  }

  show(message: string, spinner: StatusColours = "accent"): void {
    this.spinner = spinner;
    if (this.loader) return this.loader.setMessage(message);
    // embedded, it takes the border's colour (which follows the thinking level); asked of the editor in use at each
    // frame, since the loader paints its first frame as it is made, before it is placed
    const paint = (token: "accent" | "muted") => (text: string) => {
      if (this.spinner === "warning") return this.theme.fg(token === "accent" ? "warning" : "muted", text);
      if (this.spinner === "plain") return this.theme.fg(token, text);
      const editor = this.editorInUse();
      const border = embedsStatus(editor) ? (editor as { borderColor?: (text: string) => string }).borderColor : undefined;
      return border ? border(text) : this.theme.fg(token, text);
    };
    this.loader = new StatusLoader(this.tui, paint("accent"), paint("muted"), message, this.indicator);
    this.place();
  }

  hide(): void {
    if (!this.loader) return;
    this.loader.stop();
    this.unplace();
    this.loader = undefined;
    this.tui.requestRender();
  }

  setMessage(message: string): void {
    this.loader?.setMessage(message);
  }

  setIndicator(indicator: LoaderIndicatorOptions | undefined): void {
    this.indicator = indicator;
    this.loader?.setIndicator(indicator);
  }

  /** the editor in use changed: the spinner goes to its border or to its own row */
  editorChanged(): void {
    if (!this.loader) return;
    this.unplace();
    this.place();
  }

  private place(): void {
    const editor = this.editorInUse();
    if (embedsStatus(editor)) {
      this.host = editor;
      editor.setWorkingStatusIndicator(this.loader);
    } else if (this.loader) this.row.addChild(this.loader);
    this.tui.requestRender();
  }

  private unplace(): void {
    this.host?.setWorkingStatusIndicator(undefined);
    this.host = undefined;
    if (this.loader) this.row.removeChild(this.loader);
  }
}
