// One renderer per built-in tool, in a table; any other tool gets the generic one (its name, its arguments as
// JSON, its output).
import { renderDiff } from "../../../lib/ui/render-diff.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, formatSize, type TruncationResult } from "../../tools/truncate.js";
import { headLines, outputLines, stringArg, tailLines, type ToolRenderer, type ToolView } from "./tool-view.js";

const path = (view: ToolView) => view.theme.fg("accent", stringArg(view.args, "path", "file_path") ?? "");
const bold = (view: ToolView, text: string) => view.theme.bold(text);
const output = (view: ToolView, lines: string[]) => lines.map((line) => view.theme.fg(view.isError ? "error" : "toolOutput", line));

const read: ToolRenderer = {
  title(view) {
    const offset = Number(view.args.offset ?? 0);
    const limit = Number(view.args.limit ?? 0);
    let range = "";
    if (offset || limit) range = view.theme.fg("warning", `:${offset || 1}${limit ? `-${(offset || 1) + limit - 1}` : ""}`);
    return `${bold(view, "read")} ${path(view)}${range}`;
  },
  body: (view) => [...output(view, headLines(outputLines(view), 10, view)), ...readTruncation(view)],
};

/** how much of the file the read returned, when not all of it (pi's wording) */
function readTruncation(view: ToolView): string[] {
  const truncation = view.details?.truncation as Partial<TruncationResult> | undefined;
  if (!truncation?.truncated) return [];
  const bytes = formatSize(truncation.maxBytes ?? DEFAULT_MAX_BYTES);
  const note = truncation.firstLineExceedsLimit
    ? `[First line exceeds ${bytes} limit]`
    : truncation.truncatedBy === "lines"
      ? `[Truncated: showing ${String(truncation.outputLines)} of ${String(truncation.totalLines)} lines (${String(truncation.maxLines ?? DEFAULT_MAX_LINES)} line limit)]`
      : `[Truncated: ${String(truncation.outputLines)} lines shown (${bytes} limit)]`;
  return [view.theme.fg("warning", note)];
}

const bash: ToolRenderer = {
  title(view) {
    const timeout = view.args.timeout === undefined ? "" : view.theme.fg("dim", ` (timeout ${String(view.args.timeout)}s)`);
    return bold(view, `$ ${stringArg(view.args, "command") ?? ""}`) + timeout;
  },
  body: (view) => output(view, tailLines(outputLines(view), 5, view)),
};

const edit: ToolRenderer = {
  title: (view) => `${bold(view, "edit")} ${path(view)}`,
  body(view) {
    const diff = typeof view.details?.diff === "string" ? view.details.diff : undefined;
    if (!diff) return output(view, view.isError ? outputLines(view) : []);
    return renderDiff(diff, view.theme).split("\n");
  },
};

const write: ToolRenderer = {
  title: (view) => `${bold(view, "write")} ${path(view)}`,
  body(view) {
    if (view.isError) return output(view, outputLines(view));
    const content = (stringArg(view.args, "content") ?? "").replace(/\t/g, "    ").replace(/\n$/, "").split("\n");
    const shown = view.expanded || content.length <= 10 ? content : content.slice(0, 10);
    const lines = shown.map((line) => view.theme.fg("toolOutput", line));
    if (shown.length < content.length) lines.push(view.theme.fg("dim", `... (${content.length - 10} more lines, ${content.length} total, ${view.expandKey} to expand)`));
    return lines;
  },
};

/** the limits a search tool hit, as pi words them under its output (details set by plugins/tools/search) */
function truncatedNote(view: ToolView, limitName: string, limitField: string): string[] {
  const notes: string[] = [];
  const limit = view.details?.[limitField];
  if (typeof limit === "number") notes.push(`${limit} ${limitName} limit`);
  const truncation = view.details?.truncation as Partial<TruncationResult> | undefined;
  if (truncation?.truncated) notes.push(`${formatSize(truncation.maxBytes ?? DEFAULT_MAX_BYTES)} limit`);
  if (view.details?.linesTruncated === true) notes.push("some lines truncated");
  return notes.length > 0 ? [view.theme.fg("warning", `[Truncated: ${notes.join(", ")}]`)] : [];
}

function listing(name: string, limit: number, describe: (view: ToolView) => string, limits: [name: string, field: string]): ToolRenderer {
  return {
    title: (view) => `${bold(view, name)} ${describe(view)}`,
    body: (view) => [...output(view, headLines(outputLines(view), limit, view)), ...truncatedNote(view, ...limits)],
  };
}

/** " in <folder>", the session's folder when none is given */
const where = (view: ToolView) => ` in ${view.theme.fg("accent", stringArg(view.args, "path") || ".")}`;
const limitNote = (view: ToolView, format: (limit: string) => string) => {
  const limit = stringArg(view.args, "limit");
  return limit === undefined ? "" : format(limit);
};

const grep = listing(
  "grep",
  15,
  (view) => {
    const glob = stringArg(view.args, "glob");
    return `${view.theme.fg("accent", `/${stringArg(view.args, "pattern") ?? ""}/`)}${where(view)}${glob ? ` (${glob})` : ""}${limitNote(view, (limit) => ` limit ${limit}`)}`;
  },
  ["matches", "matchLimitReached"],
);
const find = listing("find", 20, (view) => `${view.theme.fg("accent", stringArg(view.args, "pattern") ?? "")}${where(view)}${limitNote(view, (limit) => ` (limit ${limit})`)}`, ["results", "resultLimitReached"]);
const ls = listing("ls", 20, (view) => `${view.theme.fg("accent", stringArg(view.args, "path") || ".")}${limitNote(view, (limit) => ` (limit ${limit})`)}`, ["entries", "entryLimitReached"]);

export function genericRenderer(name: string): ToolRenderer {
  return {
    title(view) {
      const args = Object.keys(view.args).length > 0 ? ` ${view.theme.fg("muted", JSON.stringify(view.args))}` : "";
      return bold(view, name) + args;
    },
    body: (view) => output(view, headLines(outputLines(view), 10, view)),
  };
}

export const TOOL_RENDERERS: Readonly<Record<string, ToolRenderer>> = { read, bash, edit, write, grep, find, ls };
