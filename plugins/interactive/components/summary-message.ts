// A box for what is not a plain user or model message: compaction and branch summaries, and custom messages
// that extensions send for display. Collapsed to its label line unless expanded.
import { Box, Markdown, Text } from "@earendil-works/pi-tui";
import type { MarkdownTransform } from "../extensions/markdown-transform.js";
import type { Theme } from "../theme/theme.js";

export class SummaryMessage extends Box {
  constructor(
    private readonly label: string,
    private readonly collapsedText: string,
    private readonly body: string,
    private readonly theme: Theme,
    expanded: boolean,
    /** extensions' transformers of the summary's markdown */
    private readonly transform?: MarkdownTransform,
  ) {
    super(1, 1, theme.fill("customMessageBg"));
    this.setExpanded(expanded);
  }

  /** the `outputPad` setting */
  setOutputPad(padding: number): void {
    this.setPaddingX(padding);
  }

  setExpanded(expanded: boolean): void {
    this.clear();
    const label = this.theme.bold(this.theme.fg("customMessageLabel", `[${this.label}]`));
    if (!expanded) {
      this.addChild(new Text(`${label} ${this.theme.fg("customMessageText", this.collapsedText)}`, 0, 0));
      return;
    }
    this.addChild(new Text(label, 0, 0));
    this.addChild(new Markdown(this.body, 0, 0, this.theme.markdown(), { color: this.theme.paint("customMessageText") }, this.transform && { transform: this.transform }));
  }
}
