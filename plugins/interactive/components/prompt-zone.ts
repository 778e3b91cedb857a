// Semantic prompt marks (OSC 133 A/B/C) around a message's lines, as pi draws them: fullscreen mode's previous and
// next message keys (`tui.altScreen.previousPrompt`/`nextPrompt`) jump between them, and terminals with prompt
// navigation do the same in regular mode. The sequences take no cells.
const ZONE_START = "\x1b]133;A\x07";
const ZONE_END = "\x1b]133;B\x07\x1b]133;C\x07";

export class PromptZone {
  private last: { source: readonly string[]; lines: readonly string[] } | undefined;

  /** `lines` marked; the same array back while `lines` is the same (pi-tui's line caches compare by identity) */
  mark(lines: readonly string[]): readonly string[] {
    if (lines.length === 0) return lines;
    if (this.last?.source !== lines) {
      const marked = [...lines];
      marked[0] = ZONE_START + marked[0];
      marked[marked.length - 1] = ZONE_END + marked[marked.length - 1];
      this.last = { source: lines, lines: marked };
    }
    return this.last.lines;
  }
}
