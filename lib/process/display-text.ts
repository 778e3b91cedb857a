// Text a program printed, made safe to draw inside pith's own boxes and to keep in a session, as pi shows and keeps a
// command's output: its escape sequences (colours, cursor moves, links) and other control characters dropped,
// carriage returns dropped. Output that sets its own colours would otherwise end a box's background at its first
// reset, and a cursor move would draw over the rows around it.

/**
 * Escape sequences (ECMA-48): OSC (links, titles) up to its terminator; DCS, SOS, PM and APC strings (terminal
 * graphics) up to theirs; CSI (colours, cursor moves) with its parameters, intermediates and final byte; an ESC with
 * intermediates and a final byte (character sets); and the two-character ones (ESC 7, ESC M, ...). node's
 * stripVTControlCharacters is not used: it takes `ESC [ 1 G done BEL` for one sequence and drops the text with it.
 */
const ESCAPE_SEQUENCES =
  /\x1b\][\s\S]*?(?:\x07|\x1b\\|\x9c)|\x1b[PX^_][\s\S]*?(?:\x1b\\|\x9c)|(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|\x1b[\x20-\x2f]+[\x30-\x7e]|\x1b[\x30-\x7e]/g;
/** C0 controls other than tab and line feed, and the interlinear annotation characters */
const CONTROL = /[\x00-\x08\x0B-\x1F\uFFF9-\uFFFB]/g;
/**
 * An escape sequence cut off at the end: a lone ESC, a CSI or an ESC with intermediates without its final byte, a
 * string (OSC, DCS, APC, ...) without its terminator.
 */
const UNFINISHED_ESCAPE = /(?:\x1b[\]PX^_][^\x07\x1b\x9c]*\x1b?|(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*|\x1b[\x20-\x2f]*)$/;
/** how much of a piece's end is searched for a cut-off sequence; a longer one is dropped as it is */
const LONGEST_HELD = 256;

export function displayText(text: string): string {
  return text.replace(ESCAPE_SEQUENCES, "").replace(CONTROL, "");
}

/** Output arriving in pieces, made safe as it comes: an escape sequence cut at a piece's end waits for the rest. */
export class DisplayTextStream {
  private held = "";

  write(piece: string): string {
    const text = this.held + piece;
    const window = text.slice(-LONGEST_HELD);
    const cut = UNFINISHED_ESCAPE.exec(window);
    const at = cut ? text.length - window.length + cut.index : text.length;
    this.held = text.slice(at);
    return displayText(text.slice(0, at));
  }

  /** what was held back, once no more output comes */
  end(): string {
    const rest = this.held;
    this.held = "";
    return displayText(rest);
  }
}
