// A file's path and text in a read, write or edit row, as pi 1.6.0 draws them: the text coloured as the language the
// file's name says (plain code colour where highlight.js does not know it), else in the tool-output colour, tabs as
// three spaces.
import { homedir } from "node:os";
import { pathToFileURL } from "node:url";
import { getCapabilities, hyperlink } from "@earendil-works/pi-tui";
import { languageFromPath } from "../../../lib/ui/language-from-path.js";
import { highlightCode, mayColour } from "../../../lib/ui/syntax-highlight.js";
import { homePath } from "../components/home-path.js";
import { resolveToCwd } from "../../tools/paths.js";
import { notText, replaceTabs, titleArgument, type ToolView } from "./tool-view.js";

/**
 * The path argument as the title shows it: `...` (or `fallback`) until it streams in, from `~` under the home
 * folder, a link to the file where the terminal draws links (OSC 8).
 */
export function toolPath(view: ToolView, fallback?: string): string {
  const raw = view.args.file_path ?? view.args.path;
  return titleArgument(view, notText(raw) ? raw : raw || fallback, (path) => {
    const shown = view.theme.fg("accent", homePath(path, homedir()));
    return getCapabilities().hyperlinks ? hyperlink(shown, pathToFileURL(resolveToCwd(path, view.cwd)).href) : shown;
  });
}

/** the path argument itself, "" when there is none */
export const rawPath = (view: ToolView): string => {
  const raw = view.args.file_path ?? view.args.path;
  return typeof raw === "string" ? raw : "";
};

/** A file's text as a row shows it: its first lines, coloured, and how many lines it has in all. */
export interface FileLines {
  lines: string[];
  total: number;
}

/**
 * The first `limit` lines of `text`, coloured for the file at `path`, and the count pi gives: blank lines at the end
 * are left out, except where pi draws them in the plain code colour (a language highlight.js does not know). Only the
 * lines shown are coloured: a collapsed row of a long file that is still streaming reads its first lines only.
 */
export function fileLines(view: ToolView, path: string, text: string, limit = Number.POSITIVE_INFINITY): FileLines {
  const language = path ? languageFromPath(path) : undefined;
  const total = !language || mayColour(language) ? countWithoutTrailingBlanks(text) : countLines(text);
  const count = Math.min(limit, total);
  const shown = leadingLines(text, count);
  const lines = language
    ? highlightCode(replaceTabs(shown), language, view.theme)
    : shown.split("\n").map((line) => view.theme.fg("toolOutput", replaceTabs(line)));
  return { lines: lines.slice(0, count), total };
}

const countLines = (text: string): number => {
  let count = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  return count;
};

function countWithoutTrailingBlanks(text: string): number {
  let end = text.length;
  while (end > 0 && text[end - 1] === "\n") end--;
  return end === 0 ? 0 : countLines(text.slice(0, end));
}

/** the text of the first `count` lines */
function leadingLines(text: string, count: number): string {
  if (count === 0) return "";
  let at = -1;
  for (let line = 0; line < count; line++) {
    at = text.indexOf("\n", at + 1);
    if (at === -1) return text;
  }
  return text.slice(0, at);
}
