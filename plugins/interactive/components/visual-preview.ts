// Output cut to a number of lines as drawn, not as written: a long line (minified JSON, a log line) wraps over
// several rows and counts as several, as pi 1.6.0 cuts bash and MCP output. Its lines depend on the width, so they
// are worked out when drawn and kept for that width.
import { Text, truncateToWidth, type Component } from "@earendil-works/pi-tui";

export interface VisualPreviewOptions {
  /** the styled text */
  text: string;
  maxVisualLines: number;
  /** the first lines or the last ones */
  keep: "start" | "end";
  /** the line that says how many were left out, beyond the kept ones */
  hint(hidden: number): string;
}

export class VisualPreview implements Component {
  private drawn: { width: number; lines: readonly string[] } | undefined;

  constructor(private readonly options: VisualPreviewOptions) {}

  render(width: number): readonly string[] {
    if (this.drawn?.width === width) return this.drawn.lines;
    const { text, maxVisualLines, keep, hint } = this.options;
    const all = text ? new Text(text, 0, 0).render(width) : [];
    let lines: readonly string[] = all;
    if (all.length > maxVisualLines) {
      const kept = keep === "start" ? all.slice(0, maxVisualLines) : all.slice(-maxVisualLines);
      const note = truncateToWidth(hint(all.length - maxVisualLines), width, "...");
      lines = keep === "start" ? [...kept, note] : [note, ...kept];
    }
    this.drawn = { width, lines };
    return lines;
  }

  invalidate(): void {
    this.drawn = undefined;
  }
}
