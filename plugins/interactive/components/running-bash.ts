// A `!cmd` while it runs: the command and the last lines of its output so far, replaced by the recorded block
// (chat/chat-items.ts) when it ends.
import { PaddedText } from "../extensions/output-pad.js";
import type { Theme } from "../theme/theme.js";

const SHOWN_LINES = 20;
/** output kept for display; older text is dropped (the full output is in the record) */
const KEPT_CHARS = 64 * 1024;

export class RunningBash extends PaddedText {
  private output = "";

  constructor(
    private readonly command: string,
    private readonly excluded: boolean,
    private readonly theme: Theme,
    /** the key that stops it, for the hint */
    private readonly stopKey: string,
  ) {
    super("");
    this.redraw();
  }

  append(delta: string): void {
    this.output = (this.output + delta).slice(-KEPT_CHARS);
    this.redraw();
  }

  private redraw(): void {
    const { theme } = this;
    const lines = this.output.replace(/\n+$/, "").split("\n");
    const shown = lines.slice(-SHOWN_LINES);
    const parts = [theme.bold(theme.fg(this.excluded ? "dim" : "bashMode", `$ ${this.command}`))];
    if (shown.length < lines.length) parts.push(theme.fg("dim", `... ${lines.length - shown.length} earlier lines`));
    if (this.output !== "") parts.push(...shown.map((line) => theme.fg("toolOutput", line)));
    parts.push(theme.fg("dim", `Running... (${this.stopKey} to cancel)`));
    this.setText(`\n${parts.join("\n")}`);
  }
}
