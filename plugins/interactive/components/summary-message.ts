// A box for what is not a plain user or model message: compaction and branch summaries, and custom messages
// that extensions send for display. Collapsed to its label line unless expanded.
import { Box, Markdown, Spacer } from "@earendil-works/pi-tui";
import type { TuiMouseEvent } from "@earendil-works/pi-tui";
import type { MarkdownTransform } from "../extensions/markdown-transform.js";
import type { Theme } from "../theme/theme.js";
import { containerToggleOnClick } from "./click-to-expand.js";
import { PaintedText } from "./painted-text.js";

export class SummaryMessage extends Box {
  private expanded: boolean;

  constructor(
    private readonly label: string,
    /** the collapsed line before its "(key to expand)" */
    private readonly collapsedText: string,
    private readonly expandKey: string,
    /** the bold heading above the body once expanded */
    private readonly heading: string,
    private readonly body: string,
    private readonly theme: Theme,
    expanded: boolean,
    /** extensions' transformers of the summary's markdown */
    private readonly transform?: MarkdownTransform,
  ) {
    super(1, 1, theme.fill("customMessageBg"));
    this.expanded = expanded;
    this.setExpanded(expanded);
  }

  /** the `outputPad` setting */
  setOutputPad(padding: number): void {
    this.setPaddingX(padding);
  }

  /** a click expands or collapses it */
  override handleMouse(event: TuiMouseEvent): ReturnType<Box["handleMouse"]> {
    return super.handleMouse(event) ?? containerToggleOnClick(this, event, () => this.setExpanded(!this.expanded));
  }

  setExpanded(expanded: boolean): void {
    this.expanded = expanded;
    this.clear();
    // pi's layout: the label, a blank line, then the collapsed line or the heading and the body
    this.addChild(new PaintedText(() => this.theme.bold(this.theme.fg("customMessageLabel", `[${this.label}]`)), 0, 0));
    this.addChild(new Spacer(1));
    if (!expanded) {
      const text = (words: string) => this.theme.fg("customMessageText", words);
      this.addChild(new PaintedText(() => `${text(`${this.collapsedText} (`)}${this.theme.fg("dim", this.expandKey)}${text(" to expand)")}`, 0, 0));
      return;
    }
    const transform = this.transform;
    const heading = `**${this.heading}**\n\n`;
    // extensions' transformers see the summary only, not the heading
    this.addChild(new Markdown(this.body, 0, 0, this.theme.markdown(), { color: this.theme.paint("customMessageText") }, { transform: (markdown, width) => heading + (transform ? transform(markdown, width) : markdown) }));
  }
}
