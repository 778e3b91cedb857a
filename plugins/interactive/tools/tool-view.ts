// What a tool renderer is given and gives back. A renderer turns one call (its arguments, and the result or
// partial output once there is one) into a title line and body lines; the tool row adds the box and colours.
import type { Theme } from "../theme/theme.js";

export interface ToolView {
  args: Record<string, unknown>;
  /** the text of the result (or of the partial result while the tool runs); undefined before any output */
  output: string | undefined;
  details: Record<string, unknown> | undefined;
  isError: boolean;
  running: boolean;
  expanded: boolean;
  theme: Theme;
  /** the expand key, for "(N more lines, ctrl+o to expand)" */
  expandKey: string;
}

export interface ToolRenderer {
  title(view: ToolView): string;
  body(view: ToolView): string[];
}

export function stringArg(args: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = args[name];
    if (typeof value === "string") return value;
    if (typeof value === "number") return String(value);
  }
  return undefined;
}

/** the first `limit` lines, then a "N more lines" line naming the expand key; all of them when expanded */
export function headLines(lines: string[], limit: number, view: ToolView): string[] {
  if (view.expanded || lines.length <= limit) return lines;
  const rest = lines.length - limit;
  return [...lines.slice(0, limit), view.theme.fg("dim", `... (${rest} more line${rest === 1 ? "" : "s"}, ${view.expandKey} to expand)`)];
}

/** the last `limit` lines after an "N earlier lines" line; all of them when expanded */
export function tailLines(lines: string[], limit: number, view: ToolView): string[] {
  if (view.expanded || lines.length <= limit) return lines;
  const skipped = lines.length - limit;
  return [view.theme.fg("dim", `... (${skipped} earlier line${skipped === 1 ? "" : "s"}, ${view.expandKey} to expand)`), ...lines.slice(-limit)];
}

export function outputLines(view: ToolView): string[] {
  if (view.output === undefined || view.output === "") return [];
  return view.output.replace(/\t/g, "    ").replace(/\n+$/, "").split("\n");
}
