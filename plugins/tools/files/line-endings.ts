// Line endings of a file being edited: matching happens on LF text, and every line keeps its own ending
// when the result is written back, so a file with mixed endings is not rewritten whole.

export type LineEnding = "\r\n" | "\n" | "\r";

/** The ending of each line break in `text`, in order: one per "\n" of the text normalised to LF. */
export function lineEndingsOf(text: string): LineEnding[] {
  return (text.match(/\r\n|\n|\r/g) ?? []) as LineEnding[];
}

export interface ReplacedRegion {
  /** offsets in the LF text the replacements were located in */
  start: number;
  end: number;
  newText: string;
}

function countBreaks(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (let index = text.indexOf("\n", from); index !== -1 && index < to; index = text.indexOf("\n", index + 1)) count++;
  return count;
}

/**
 * The ending for each line break of the edited text. A break outside every replaced region keeps its own;
 * the breaks of a replacement reuse, in order, the endings of the breaks it replaced, and past those the
 * ending of the line the replacement ends in.
 */
export function editedLineEndings(
  before: string,
  regions: readonly ReplacedRegion[],
  original: readonly LineEnding[],
  fallback: LineEnding,
): LineEnding[] {
  const endings: LineEnding[] = [];
  let position = 0;
  let breakIndex = 0;
  for (const region of regions) {
    const unchanged = countBreaks(before, position, region.start);
    endings.push(...original.slice(breakIndex, breakIndex + unchanged));
    breakIndex += unchanged;
    const replaced = countBreaks(before, region.start, region.end);
    const lineEnding = original[breakIndex + replaced] ?? original[breakIndex + replaced - 1] ?? fallback;
    const inserted = countBreaks(region.newText);
    for (let index = 0; index < inserted; index++) {
      endings.push(index < replaced ? original[breakIndex + index]! : lineEnding);
    }
    breakIndex += replaced;
    position = region.end;
  }
  endings.push(...original.slice(breakIndex));
  return endings;
}

/** Puts `endings` back in place of the "\n"s of `text`, in order. */
export function applyLineEndings(text: string, endings: readonly LineEnding[]): string {
  let index = 0;
  return text.replace(/\n/g, () => endings[index++] ?? "\n");
}
