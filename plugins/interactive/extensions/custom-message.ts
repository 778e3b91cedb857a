// A custom message an extension sent for display (`pi.sendMessage({display: true})`): drawn by the component its
// message renderer returns (pi's `registerMessageRenderer`), given the expanded state, the padding and key hints;
// without a renderer, or when it throws or returns nothing, as pith's own labelled box.
import { Box, Markdown, Spacer, type Component } from "@earendil-works/pi-tui";
import type { ExtensionRenderFunction } from "../../extensions/service/terminal-parts.js";
import type { Theme } from "../theme/theme.js";
import { ExpandableItem } from "./expandable-item.js";
import type { KeyHints } from "./key-hints.js";
import type { MarkdownTransform } from "./markdown-transform.js";
import { PaintedText } from "../components/painted-text.js";

export interface CustomMessageData {
  customType: string;
  content: unknown;
  details?: unknown;
}

type MessageRenderer = (message: CustomMessageData, options: { expanded: boolean; outputPad: number } & KeyHints, theme: Theme) => Component | undefined;

export class CustomMessage extends ExpandableItem {

  constructor(
    private readonly message: CustomMessageData,
    /** the message's text, for pith's own box */
    private readonly text: string,
    private readonly renderer: ExtensionRenderFunction | undefined,
    private readonly theme: Theme,
    private readonly hints: KeyHints,
    expanded: boolean,
    /** extensions' transformers of the text in pith's own box */
    private readonly transform?: MarkdownTransform,
  ) {
    super(expanded);
    this.rebuild();
  }

  protected rebuild(): void {
    this.clear();
    this.addChild(new Spacer(1));
    this.addChild(this.rendered() ?? this.ownBox());
  }

  private rendered(): Component | undefined {
    if (!this.renderer) return undefined;
    try {
      return (this.renderer as MessageRenderer)(this.message, { expanded: this.expanded, outputPad: this.outputPad, ...this.hints }, this.theme) ?? undefined;
    } catch {
      // a failing renderer leaves the message readable
      return undefined;
    }
  }

  private ownBox(): Component {
    const { theme } = this;
    const box = new Box(this.outputPad, 1, theme.fill("customMessageBg"));
    box.addChild(new PaintedText(() => theme.bold(theme.fg("customMessageLabel", `[${this.message.customType}]`)), 0, 0));
    // a blank line between the label and the text, as pi
    box.addChild(new Spacer(1));
    box.addChild(new Markdown(this.text, 0, 0, theme.markdown(), { color: theme.paint("customMessageText") }, this.transform && { transform: this.transform }));
    return box;
  }
}
