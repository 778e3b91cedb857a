// How often pi-tui draws a frame for changes that are not the user's typing (keys draw at once, whatever this
// says): a streaming reply, a running tool's output, the working spinner. pi-tui's 16 ms (60 frames a second)
// rewrote the editor and footer below a growing reply up to three times per delta of a fast stream, most of what
// streaming wrote to the terminal; 30 frames a second reads as smooth and writes half of that.
import { TuiMainScreen } from "@earendil-works/pi-tui";

export const FRAME_INTERVAL_MS = 33;

/** pi-tui reads the interval from the base class of its screens, a static of the library's own */
export function setFrameInterval(ms: number): void {
  const base = Object.getPrototypeOf(TuiMainScreen) as { MIN_RENDER_INTERVAL_MS?: number };
  if (typeof base.MIN_RENDER_INTERVAL_MS !== "number") throw new Error("pi-tui no longer has TuiBase.MIN_RENDER_INTERVAL_MS");
  base.MIN_RENDER_INTERVAL_MS = ms;
}
