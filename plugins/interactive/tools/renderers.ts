// One renderer per built-in tool, in a table; any other tool gets one of ./other-tools.ts.
import type { ToolDefinition } from "../../../kernel/index.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, formatSize, type TruncationResult } from "../../tools/truncate.js";
import { errorOutput, expandNote, formatDuration, headLines, notText, outputLines, replaceTabs, stringArg, titleArgument, toolTitle, type ToolRenderer, type ToolView } from "./tool-view.js";
import { mcpToolRenderer, registeredToolRenderer, unknownToolRenderer } from "./other-tools.js";
import { fileLines, rawPath, toolPath } from "./file-lines.js";
import { readTitle } from "./read-title.js";
import { edit } from "./edit-row.js";

/** output lines in the output colour */
const output = (view: ToolView, lines: string[]) => lines.map((line) => view.theme.fg("toolOutput", line));

const read: ToolRenderer = {
  title: readTitle,
  // as pi 1.6.0: a successful read shows its content only when expanded, coloured as the file's language
  body(view) {
    if (view.isError) return [...output(view, headLines(outputLines(view), 10, view)), ...readTruncation(view)];
    if (!view.expanded) return [];
    return [...fileLines(view, rawPath(view), view.output ?? "").lines, ...readTruncation(view)];
  },
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
    const shown = titleArgument(view, view.args.command);
    const timeout = view.args.timeout ? view.theme.fg("muted", ` (timeout ${String(view.args.timeout)}s)`) : "";
    return toolTitle(view, `$ ${shown}`) + timeout;
  },
  // as pi 1.6.0: collapsed, the last 5 lines as drawn (a long line wrapped counts as several)
  body(view) {
    const text = bashOutput(view);
    const after = [...bashTruncation(view)];
    if (view.elapsedMs !== undefined) after.push("", view.theme.fg("muted", `${view.running ? "Elapsed" : "Took"} ${formatDuration(view.elapsedMs)}`));
    // the row puts one blank line under the title already
    if (!text) return after.slice(1);
    const styled = text.split("\n").map((line) => view.theme.fg("toolOutput", line));
    if (view.expanded) return [...styled, ...after];
    return { cut: { text: styled.join("\n"), maxVisualLines: 5, keep: "end", hint: (hidden) => expandNote(view, `${hidden} earlier lines`) }, after };
  },
  showsTime: true,
};

/** the output, trimmed, without the "[Showing lines ... Full output: <file>]" note the tool adds for the model: the row says it below */
function bashOutput(view: ToolView): string {
  const output = replaceTabs(view.output ?? "").trim();
  const fullOutputPath = view.details?.fullOutputPath;
  const truncated = (view.details?.truncation as Partial<TruncationResult> | undefined)?.truncated;
  if (view.running || !truncated || typeof fullOutputPath !== "string" || !fullOutputPath || !output.endsWith("]")) return output;
  const footer = output.lastIndexOf("\n\n[");
  return footer !== -1 && output.slice(footer).includes(fullOutputPath) ? output.slice(0, footer).trimEnd() : output;
}

function bashTruncation(view: ToolView): string[] {
  const truncation = view.details?.truncation as Partial<TruncationResult> | undefined;
  const fullOutputPath = view.details?.fullOutputPath;
  const notes: string[] = [];
  if (typeof fullOutputPath === "string") notes.push(`Full output: ${fullOutputPath}`);
  if (truncation?.truncated) {
    notes.push(
      truncation.truncatedBy === "lines"
        ? `Truncated: showing ${String(truncation.outputLines)} of ${String(truncation.totalLines)} lines`
        : `Truncated: ${String(truncation.outputLines)} lines shown (${formatSize(truncation.maxBytes ?? DEFAULT_MAX_BYTES)} limit)`,
    );
  }
  return notes.length > 0 ? ["", view.theme.fg("warning", `[${notes.join(". ")}]`)] : [];
}

const write: ToolRenderer = {
  title: (view) => `${toolTitle(view, "write")} ${toolPath(view)}`,
  body(view) {
    if (view.isError) return errorOutput(view, outputLines(view));
    const content = view.args.content;
    if (notText(content)) return [view.theme.fg("error", "[invalid content arg - expected string]")];
    if (typeof content !== "string" || !content) return [];
    const { lines, total } = fileLines(view, rawPath(view), content.replace(/\r/g, ""), view.expanded ? undefined : 10);
    if (lines.length < total) lines.push(expandNote(view, `${total - lines.length} more lines, ${total} total`));
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
    title: (view) => `${toolTitle(view, name)} ${describe(view)}`,
    body: (view) => [...output(view, headLines(outputLines(view), limit, view)), ...truncatedNote(view, ...limits)],
  };
}

/** " in <folder>", the session's folder when none is given */
const where = (view: ToolView) => view.theme.fg("toolOutput", ` in ${stringArg(view.args, "path") || "."}`);
const limitNote = (view: ToolView, format: (limit: string) => string) => {
  const limit = stringArg(view.args, "limit");
  return limit === undefined ? "" : format(limit);
};

const grep = listing(
  "grep",
  15,
  (view) => {
    const glob = stringArg(view.args, "glob");
    const more = `${glob ? ` (${glob})` : ""}${limitNote(view, (limit) => ` limit ${limit}`)}`;
    return `${view.theme.fg("accent", `/${stringArg(view.args, "pattern") ?? ""}/`)}${where(view)}${more ? view.theme.fg("toolOutput", more) : ""}`;
  },
  ["matches", "matchLimitReached"],
);
const limitInBrackets = (view: ToolView) => limitNote(view, (limit) => view.theme.fg("toolOutput", ` (limit ${limit})`));
const find = listing("find", 20, (view) => `${view.theme.fg("accent", stringArg(view.args, "pattern") ?? "")}${where(view)}${limitInBrackets(view)}`, ["results", "resultLimitReached"]);
const ls = listing("ls", 20, (view) => `${toolPath(view, ".")}${limitInBrackets(view)}`, ["entries", "entryLimitReached"]);

const TOOL_RENDERERS: Readonly<Record<string, ToolRenderer>> = { read, bash, edit, write, grep, find, ls };

/** What the session knows of a tool that has no renderer of its own. */
export interface RegisteredTool {
  label?: string;
  /** an MCP server's tool, drawn as pi draws those */
  fromMcp: boolean;
}

/** A tool as the session's registry has it: an MCP server's is one the MCP plugin registered under a server's namespace. */
export function registeredTool(tools: ToolRegistryView, name: string): RegisteredTool | undefined {
  const tool = tools.get(name);
  if (!tool) return undefined;
  return { ...(tool.label ? { label: tool.label } : {}), fromMcp: tools.owner(name) === "mcp" && tool.namespace !== undefined };
}

/** the parts of the kernel's tool registry read here */
export interface ToolRegistryView {
  get(name: string): Pick<ToolDefinition, "label" | "namespace"> | undefined;
  owner(name: string): string | undefined;
}

/** How calls of `name` are drawn: the built-in tool's renderer, else by what is registered under that name. */
export function rendererFor(name: string, registered: RegisteredTool | undefined): ToolRenderer {
  const builtIn = TOOL_RENDERERS[name];
  if (builtIn) return builtIn;
  if (!registered) return unknownToolRenderer(name);
  return registered.fromMcp ? mcpToolRenderer(registered.label ?? name) : registeredToolRenderer(name);
}
