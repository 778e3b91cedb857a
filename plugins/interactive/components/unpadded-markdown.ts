// Markdown without the spaces pi-tui pads every line with up to the full width. They only matter under a
// background colour, which a reply has none of, and they were a third of what a streamed reply wrote to the
// terminal. Lines are trimmed once per render of the block: an unchanged block hands back the same lines.
import { Markdown } from "@earendil-works/pi-tui";

export class UnpaddedMarkdown extends Markdown {
  private padded: readonly string[] | undefined;
  private trimmed: string[] = [];

  override render(width: number): string[] {
    const lines = super.render(width);
    if (lines !== this.padded) {
      this.padded = lines;
      this.trimmed = lines.map((line) => line.replace(/ +$/, ""));
    }
    return this.trimmed;
  }
}
