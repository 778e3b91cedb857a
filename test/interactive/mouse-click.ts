// A left click as a terminal with SGR mouse reporting sends it (press, then release), for fullscreen mode's clicks.
import type { PtyRun } from "./pty-harness.js";

/** a left click on the first screen row holding `text`, at column 5 (1-based, as the terminal counts) */
export function clickOn(run: PtyRun, text: string): void {
  const row = run.screen().findIndex((line) => line.includes(text));
  if (row < 0) throw new Error(`clickOn: "${text}" is not on the screen:\n${run.screen().join("\n")}`);
  run.type(`\x1b[<0;5;${row + 1}M\x1b[<0;5;${row + 1}m`);
}

/** later than a double click (500 ms), which selects a word instead of clicking again */
export const pastDoubleClick = () => new Promise((resolve) => setTimeout(resolve, 600));
