// What a tool renderer is given and gives back. A renderer turns one call (its arguments, and the result or
// partial output once there is one) into a title line and body lines; the tool row adds the box and colours.
import type { Theme } from "../theme/theme.js";
import type { VisualPreviewOptions } from "../components/visual-preview.js";

export interface ToolView {
  args: Record<string, unknown>;
  /** the text of the result (or of the partial result while the tool runs); undefined before any output */
  output: string | undefined;
  details: Record<string, unknown> | undefined;
  isError: boolean;
  running: boolean;
  /** how long the tool has run (while running, once it has output) or ran; undefined when unknown */
  elapsedMs: number | undefined;
  expanded: boolean;
  theme: Theme;
  /** the expand key, for "(N more lines, ctrl+o to expand)" */
  expandKey: string;
  /** the session's folder, which relative paths in the arguments are read from */
  cwd: string;
  /** what the renderer's `preview` gave for the complete arguments, once it has */
  preview: unknown;
}

export type RowBackground = "toolPendingBg" | "toolSuccessBg" | "toolErrorBg";

/** Output cut to lines as drawn (../components/visual-preview.ts), then lines under it (notes, the time). */
export interface CutBody {
  cut: VisualPreviewOptions;
  after: string[];
}

export interface ToolRenderer {
  title(view: ToolView): string;
  /** the lines under the title, after a blank line; or output cut to lines as drawn, after a blank line */
  body(view: ToolView): string[] | CutBody;
  /** the body ends with the time the tool ran ("Elapsed 1.0s" while running, "Took 1.2s") */
  showsTime?: boolean;
  /** the body's lines follow the title's without a blank line between */
  tight?: boolean;
  /** worked out once the arguments are complete, before the tool runs (an edit's diff, read from the file) */
  preview?(args: Record<string, unknown>, cwd: string): Promise<unknown>;
  /** the box's background, where it is not the call's state (pending, succeeded, failed) */
  background?(view: ToolView): RowBackground;
  /** lines under the box, after a blank line */
  outside?(view: ToolView): string[];
}

export function stringArg(args: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = args[name];
    if (typeof value === "string") return value;
    if (typeof value === "number") return String(value);
  }
  return undefined;
}

/** a title's name, in the tool-title colour and bold */
export const toolTitle = (view: ToolView, text: string): string => view.theme.fg("toolTitle", view.theme.bold(text));

/** whether an argument is there but not text (pi then shows `[invalid arg]`) */
export const notText = (value: unknown): boolean => value !== undefined && value !== null && typeof value !== "string";

/** a text argument as a title shows it: `[invalid arg]` when it is not text, `...` until it streams in */
export function titleArgument(view: ToolView, value: unknown, show: (text: string) => string = (text) => text): string {
  if (notText(value)) return view.theme.fg("error", "[invalid arg]");
  return typeof value === "string" && value ? show(value) : view.theme.fg("toolOutput", "...");
}

/** `... (<what>, ctrl+o to expand)` under cut-short output, in pi's colours: the key dim, the words muted */
export function expandNote(view: ToolView, what: string): string {
  const { theme } = view;
  return `${theme.fg("muted", `... (${what},`)} ${theme.fg("dim", view.expandKey)}${theme.fg("muted", " to expand)")}`;
}

/** the first `limit` lines, then a "N more lines" line naming the expand key; all of them when expanded */
export function headLines(lines: string[], limit: number, view: ToolView): string[] {
  if (view.expanded || lines.length <= limit) return lines;
  return [...lines.slice(0, limit), expandNote(view, `${lines.length - limit} more lines`)];
}

/** lines in the error colour: edit and write print their failures so, as in pi (the others on the red box only) */
export const errorOutput = (view: ToolView, lines: string[]): string[] => lines.map((line) => view.theme.fg("error", line));

/** tabs as pi-tui draws them: three spaces */
export const replaceTabs = (text: string): string => text.replace(/\t/g, "   ");

/**
 * The output's lines, tabs as spaces, blank lines at its ends left out as pi's renderers trim it (its carriage
 * returns went with the rest of the control characters, lib/process/display-text.ts).
 */
export function outputLines(view: ToolView): string[] {
  const text = view.output && replaceTabs(view.output).replace(/^\s*\n/, "").trimEnd();
  return text ? text.split("\n") : [];
}

/** pi's way of writing a duration: `4.2s` below a minute, then `1m 30s` and `2h 3m 4s` */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.floor(seconds) % 60;
  return minutes < 60 ? `${minutes}m ${rest}s` : `${Math.floor(minutes / 60)}h ${minutes % 60}m ${rest}s`;
}
