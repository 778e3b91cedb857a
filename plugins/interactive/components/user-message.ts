// A message the user sent: Markdown on the user-message background.
import { Box, Markdown } from "@earendil-works/pi-tui";
import type { MarkdownTransform } from "../extensions/markdown-transform.js";
import type { Theme } from "../theme/theme.js";
import { PromptZone } from "./prompt-zone.js";

export class UserMessage extends Box {
  private readonly zone = new PromptZone();

  constructor(text: string, theme: Theme, transform?: MarkdownTransform, paddingX = 1) {
    super(paddingX, 1, theme.fill("userMessageBg"));
    this.addChild(new Markdown(text, 0, 0, theme.markdown(), { color: theme.paint("userMessageText") }, transform && { transform }));
  }

  override render(width: number): readonly string[] {
    return this.zone.mark(super.render(width));
  }

  /** the `outputPad` setting */
  setOutputPad(padding: number): void {
    this.setPaddingX(padding);
  }
}
