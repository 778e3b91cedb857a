// The working indicator drawn in an editor's top border (pi 1.6.0's `embedWorkingStatus`): the prompt editor
// shows it there, and so does an extension's `CustomEditor` built with `{ embedWorkingStatus: true }`; any other
// editor keeps the indicator on its own row above the widgets.
import { Loader, truncateToWidth, visibleWidth } from "@earendil-works/pi-tui";

/** pi-tui's spinner, which can also give its text (or only its frame) for a border */
export class StatusLoader extends Loader {
  /** spinner and message on one line at most `width` wide */
  renderInBorder(width: number): string {
    // Loader draws a blank line, then the text after one column of padding
    const line = super.render(width + 2)[1] ?? "";
    return truncateToWidth(line.startsWith(" ") ? line.slice(1).trimEnd() : line.trimEnd(), width, "");
  }

  renderSpinnerInBorder(width: number): string {
    return truncateToWidth(this.getRenderedIndicator(), width, "");
  }
}

/** an editor that draws the working indicator in its border (duck-typed, as pi checks it) */
export interface StatusInBorder {
  readonly embedWorkingStatus: boolean;
  setWorkingStatusIndicator(indicator: StatusLoader | undefined): void;
}

export function embedsStatus(editor: unknown): editor is StatusInBorder {
  const candidate = editor as Partial<StatusInBorder> | undefined;
  return candidate?.embedWorkingStatus === true && typeof candidate.setWorkingStatusIndicator === "function";
}

/**
 * The top border with `status` at its left (`── ⠋ Working... ─────`), keeping the editor's "↑ n more" label in
 * the middle when both fit, else the spinner alone; undefined when nothing is to be drawn (the plain border).
 */
export function borderWithStatus(status: StatusLoader | undefined, width: number, hiddenLineCount: number, color: (text: string) => string): string | undefined {
  if (!status || width <= 0) return undefined;
  let text = status.renderInBorder(Math.max(1, width - 5));
  if (visibleWidth(text) === 0) return undefined;
  const label = hiddenLineCount > 0 ? ` ↑ ${hiddenLineCount} more ` : undefined;
  const labelWidth = label ? visibleWidth(label) : 0;
  const labelStart = Math.floor((width - labelWidth) / 2);
  const labelFits = () => label !== undefined && labelWidth + 2 <= width && labelStart - (4 + visibleWidth(text)) >= 1;
  if (label && !labelFits()) text = status.renderSpinnerInBorder(width);
  if (label && labelFits()) {
    const left = 4 + visibleWidth(text);
    return color("── ") + text + color(` ${"─".repeat(labelStart - left)}${label}${"─".repeat(width - labelStart - labelWidth)}`);
  }
  if (width >= visibleWidth(text) + 5) return color("── ") + text + color(` ${"─".repeat(width - visibleWidth(text) - 4)}`);
  text = status.renderSpinnerInBorder(width);
  const prefix = Math.min(3, Math.max(0, width - visibleWidth(text)));
  return color("─".repeat(prefix)) + text + color("─".repeat(Math.max(0, width - prefix - visibleWidth(text))));
}
