// The prompt editor's border colour, as pi's: the bash colour while the text is a `!command`, else the colour of
// the thinking level ("off" for a model that does not reason). Read at each frame, so a level cycled, a model
// switched or a `!` typed shows in the next frame without being told.
import type { ThemeToken } from "../theme/tokens.js";
import type { Theme } from "../theme/theme.js";
import type { FooterData } from "./footer.js";

const LEVEL_TOKENS: Readonly<Record<string, ThemeToken>> = {
  off: "thinkingOff",
  minimal: "thinkingMinimal",
  low: "thinkingLow",
  medium: "thinkingMedium",
  high: "thinkingHigh",
  xhigh: "thinkingXhigh",
  max: "thinkingMax",
};

/** `footer`: where the footer reads the model and its level (the first frame's, then the session's) */
export function editorBorderColour(theme: Theme, editor: { getText(): string }, footer: () => Pick<FooterData, "model" | "thinkingLevel"> | undefined): (text: string) => string {
  return (text) => {
    if (editor.getText().trimStart().startsWith("!")) return theme.fg("bashMode", text);
    const data = footer();
    const level = data?.model()?.reasoning ? data.thinkingLevel() : "off";
    return theme.fg(LEVEL_TOKENS[level] ?? "thinkingOff", text);
  };
}
