// Text a program printed, made safe to draw inside pith's own boxes (as pi shows tool output): its escape sequences
// (colours, cursor moves, links) and other control characters dropped, carriage returns dropped. Output that sets
// its own colours would otherwise end the box's background at its first reset, and a cursor move would draw over
// the rows around it.
import { stripVTControlCharacters } from "node:util";

/** C0 controls other than tab and line feed, and the interlinear annotation characters */
const CONTROL = /[\x00-\x08\x0B-\x1F\uFFF9-\uFFFB]/g;

export function displayText(text: string): string {
  return stripVTControlCharacters(text).replace(CONTROL, "");
}
