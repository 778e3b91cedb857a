// The interactive terminal UI (`pith` in a terminal). Imported only when a run is interactive: pi-tui and the
// components stay out of print, JSON and RPC runs.
export { interactiveMode, type InteractiveMode, type InteractiveModeOptions, type InitialMessage } from "./interactive-mode.js";
export type { FirstFrame } from "./startup/first-frame.js";
