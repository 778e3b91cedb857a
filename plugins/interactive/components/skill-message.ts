// A `/skill:name args` message: the skill's text, which the message starts with as a <skill> block, is a box of
// its own, collapsed to `[skill] name` unless expanded; what the user typed after the command follows as a normal
// user message (chat/chat-items.ts).
import { Box, Markdown } from "@earendil-works/pi-tui";
import type { TuiMouseEvent } from "@earendil-works/pi-tui";
import type { Theme } from "../theme/theme.js";
import { containerToggleOnClick } from "./click-to-expand.js";
import type { SkillBlock } from "../../skills/index.js";
import { PaintedText } from "./painted-text.js";

// the block the skills plugin writes (pi's format): the skill's body, then the user's words
export { parseSkillBlock, type SkillBlock } from "../../skills/index.js";

export class SkillMessage extends Box {
  private expanded: boolean;

  constructor(
    private readonly block: SkillBlock,
    private readonly theme: Theme,
    private readonly expandKey: string,
    expanded: boolean,
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
    const { theme, block } = this;
    this.clear();
    const label = () => theme.bold(theme.fg("customMessageLabel", "[skill]"));
    if (!expanded) {
      this.addChild(new PaintedText(() => `${label()} ${theme.fg("customMessageText", block.name)}${theme.fg("dim", ` (${this.expandKey} to expand)`)}`, 0, 0));
      return;
    }
    this.addChild(new PaintedText(label, 0, 0));
    this.addChild(new Markdown(`**${block.name}**\n\n${block.content}`, 0, 0, theme.markdown(), { color: theme.paint("customMessageText") }));
  }
}
