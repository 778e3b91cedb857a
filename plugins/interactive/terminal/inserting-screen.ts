// pi-tui's main-screen renderer rewrites every line from the first changed one to the end of the screen. When a
// streaming reply grows by a few lines, that is everything below it too: the working line, the editor's borders,
// the editor and the footer, which have not changed but moved down. Those were most of what streaming wrote to
// the terminal. This screen moves them instead: the rows above them scroll up as usual (into the scrollback), the
// terminal inserts blank rows above the unchanged bottom lines (CSI L, which every VT102-class terminal has), and
// pi-tui's own renderer then writes only the lines that are new or changed.
import { TuiMainScreen, type TuiMainScreenRenderState } from "@earendil-works/pi-tui";

/** never equal to a rendered line, so pi-tui writes every inserted row (an empty new line then clears its row) */
const INSERTED_ROW = "\u0000";
/** Kitty and iTerm2 image lines: pi-tui tracks them apart from the lines, so frames with images take its own path */
const IMAGE_LINE = /\x1b_G|\x1b\]1337;File=/;

/** Where new lines went in: `at` is the first unchanged bottom line of the previous frame, `count` lines were added. */
export interface Insertion {
  at: number;
  count: number;
}

/**
 * The frame is the previous one with lines added above an unchanged tail (and perhaps lines above changed), and
 * everything that changed is still on the screen once the added lines have scrolled the rows above into the
 * scrollback. Undefined when the frame needs pi-tui's own renderer.
 */
export function findInsertion(previous: readonly string[], next: readonly string[], height: number, viewportTop: number, cursorRow: number): Insertion | undefined {
  const count = next.length - previous.length;
  if (count <= 0 || previous.length === 0) return undefined;
  let tail = 0;
  while (tail < previous.length && previous[previous.length - 1 - tail] === next[next.length - 1 - tail]) tail++;
  if (tail === 0) return undefined;
  let firstChanged = 0;
  while (firstChanged < previous.length && previous[firstChanged] === next[firstChanged]) firstChanged++;
  const at = previous.length - tail;
  // the new viewport must still show every row written below, and the row the cursor goes back to
  if (Math.min(firstChanged, at, cursorRow) < Math.max(viewportTop, next.length - height)) return undefined;
  return { at, count };
}

export class InsertingScreen extends TuiMainScreen {
  private drawing = false;
  /** the lines of the last frame as components rendered them, before pi-tui's line resets and cursor markers */
  private lastFrame: readonly string[] = [];
  private lastFrameHadOverlay = true;
  /** the length of this frame when its rows were inserted */
  private insertedFrame: number | undefined;

  protected override doRender(): void {
    this.drawing = true;
    this.insertedFrame = undefined;
    try {
      super.doRender();
    } finally {
      this.drawing = false;
    }
    // pi-tui sets the viewport from the last row it wrote, which is above the moved tail now
    if (this.insertedFrame !== undefined) {
      const state = this.captureRenderState();
      this.restoreRenderState({ ...state, previousViewportTop: Math.max(state.previousViewportTop, this.insertedFrame - this.terminal.rows) });
    }
  }

  // pi-tui's renderer starts a frame by rendering the component tree: the moment to move the unchanged tail
  override render(width: number): readonly string[] {
    const lines = super.render(width);
    if (!this.drawing) return lines;
    this.drawing = false;
    const overlay = this.hasOverlayEntries;
    if (!overlay && !this.lastFrameHadOverlay) this.moveTail(lines, width);
    this.lastFrame = lines;
    this.lastFrameHadOverlay = overlay;
    return lines;
  }

  private moveTail(lines: readonly string[], width: number): void {
    const state = this.captureRenderState();
    const { rows } = this.terminal;
    const unchangedScreen = state.previousWidth === width && state.previousHeight === rows && state.maxLinesRendered <= state.previousLines.length;
    if (!unchangedScreen || state.previousLines.length !== this.lastFrame.length) return;
    if (lines.some((line) => IMAGE_LINE.test(line)) || state.previousLines.some((line) => IMAGE_LINE.test(line))) return;
    const insertion = findInsertion(this.lastFrame, lines, rows, state.previousViewportTop, state.hardwareCursorRow);
    if (!insertion) return;
    this.terminal.write(insertRows(state, insertion));
    this.restoreRenderState(afterInsertion(state, insertion));
    this.insertedFrame = lines.length;
  }
}

/**
 * From the cursor's row: to the last line, new lines there (scrolling the screen when it is full), back up to the
 * tail, blank rows inserted above it, and back to the cursor's row: pi-tui's frame has read where the cursor is
 * before it renders and moves from there. Synchronized output begins here and pi-tui's frame, which follows at
 * once and always writes the inserted rows, ends it.
 */
function insertRows(state: TuiMainScreenRenderState, { at, count }: Insertion): string {
  const last = state.previousLines.length - 1;
  return `\x1b[?2026h${moveRows(last - state.hardwareCursorRow)}${"\r\n".repeat(count)}${moveRows(at - last - count)}\x1b[${count}L${moveRows(state.hardwareCursorRow - at)}`;
}

function moveRows(rows: number): string {
  return rows > 0 ? `\x1b[${rows}B` : rows < 0 ? `\x1b[${-rows}A` : "";
}

/** what the screen holds now: the previous lines with blank rows at the insertion */
function afterInsertion(state: TuiMainScreenRenderState, { at, count }: Insertion): TuiMainScreenRenderState {
  const previousLines = [...state.previousLines.slice(0, at), ...Array<string>(count).fill(INSERTED_ROW), ...state.previousLines.slice(at)];
  return { ...state, previousLines, cursorRow: previousLines.length - 1, maxLinesRendered: previousLines.length };
}
