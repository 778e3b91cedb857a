// Fullscreen mode's screen: pi-tui's alternate-screen renderer, which compares each frame with the last row by row
// and rewrites every row that differs. When a streaming reply grows by a line, or the user scrolls the transcript
// by a line, every transcript row differs from the row at the same place before (each shows its neighbour's text),
// so a frame rewrote the whole transcript: about a screenful of bytes per new line. The terminal can move rows
// itself: this screen finds the band of rows that moved, scrolls it inside a scroll region (DECSTBM, then SU or
// SD, which every VT100-class terminal has), and writes only the rows that are new or changed.
import { type Terminal, TuiAltScreen, type TuiAltScreenOptions } from "@earendil-works/pi-tui";

/** Rows `top`..`bottom` (0-based, inclusive) scroll by `by`: positive moves their content up, negative down. */
export interface Shift {
  top: number;
  bottom: number;
  by: number;
}

/** a scroll costs its own escape sequences: smaller savings are not worth them */
const MIN_SAVING = 32;
/** frames that draw images or clear the screen take pi-tui's own path: images live outside the rows */
const UNMOVABLE = /\x1b\[2J|\x1b_G|\x1b\]1337;/;
/** what pi-tui ends a frame with: the cursor's position and visibility, then the end of synchronized output */
const FRAME_END = /((?:\x1b\[\d+;\d+H)?\x1b\[\?25[hl])\x1b\[\?2026l$/;

/**
 * The one band of rows whose scroll saves most: the longest run of rows that show, in `next`, what the rows `by`
 * below (or above) them showed in `previous`. Undefined when no scroll saves enough to be worth it.
 */
export function findShift(previous: readonly string[], next: readonly string[]): Shift | undefined {
  const height = next.length;
  if (previous.length !== height) return undefined;
  let best: { shift: Shift; saving: number } | undefined;
  for (let by = 1 - height; by < height; by++) {
    if (by === 0) continue;
    let runStart = -1;
    let saving = 0;
    const first = Math.max(0, -by);
    const last = Math.min(height - 1, height - 1 - by);
    for (let row = first; row <= last + 1; row++) {
      const moved = row <= last && next[row] === previous[row + by];
      if (moved) {
        if (runStart < 0) {
          runStart = row;
          saving = 0;
        }
        // a row that is the same where it is needs no write either way
        if (next[row] !== previous[row]) saving += next[row]!.length;
        continue;
      }
      if (runStart >= 0 && saving > (best?.saving ?? MIN_SAVING)) {
        const end = row - 1;
        best = { saving, shift: by > 0 ? { top: runStart, bottom: end + by, by } : { top: runStart + by, bottom: end, by } };
      }
      runStart = -1;
    }
  }
  return best?.shift;
}

/** the screen after `shift`: moved rows, and blank ones where the band opened */
export function shifted(previous: readonly string[], { top, bottom, by }: Shift): string[] {
  const rows = [...previous];
  for (let row = top; row <= bottom; row++) {
    const source = row + by;
    rows[row] = source >= top && source <= bottom ? previous[source]! : "";
  }
  return rows;
}

function scrollSequence({ top, bottom, by }: Shift): string {
  return `\x1b[${top + 1};${bottom + 1}r\x1b[${Math.abs(by)}${by > 0 ? "S" : "T"}\x1b[r`;
}

/** where pi-tui's writes go while a frame is held back */
interface Hold {
  frame: string | undefined;
}

/** the terminal as pi-tui sees it: the same, except that a frame's writes go to `hold` while it holds one */
function holdingTerminal(terminal: Terminal, hold: Hold): Terminal {
  return new Proxy(terminal, {
    get: (target, property) => {
      if (property === "write") return (data: string) => (hold.frame === undefined ? target.write(data) : (hold.frame += data));
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export class ScrollingAltScreen extends TuiAltScreen {
  private readonly hold: Hold;

  constructor(terminal: Terminal, showHardwareCursor?: boolean, options?: TuiAltScreenOptions) {
    const hold: Hold = { frame: undefined };
    super(holdingTerminal(terminal, hold), showHardwareCursor, undefined, options);
    this.hold = hold;
  }

  protected override doRender(): void {
    const previous = this.getScreenLines();
    this.hold.frame = "";
    let frame: string;
    try {
      super.doRender();
    } finally {
      frame = this.hold.frame;
      this.hold.frame = undefined;
    }
    if (frame === "") return;
    this.terminal.write(this.scrolled(previous, this.getScreenLines(), frame) ?? frame);
  }

  /** the frame written as a scroll and the rows the scroll did not bring, or undefined to write it as it is */
  private scrolled(previous: readonly string[], next: readonly string[], frame: string): string | undefined {
    if (previous.length !== this.terminal.rows || UNMOVABLE.test(frame)) return undefined;
    const end = FRAME_END.exec(frame);
    const shift = end ? findShift(previous, next) : undefined;
    if (!end || !shift) return undefined;
    const moved = shifted(previous, shift);
    let buffer = `\x1b[?2026h${scrollSequence(shift)}`;
    for (let row = 0; row < next.length; row++) if (next[row] !== moved[row]) buffer += `\x1b[${row + 1};1H\x1b[2K${next[row]}`;
    return `${buffer}${end[1]}\x1b[?2026l`;
  }
}
