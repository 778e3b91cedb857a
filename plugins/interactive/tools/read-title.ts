// A read's title. Collapsed, a read of a skill, of pith's own docs or of a project's instructions file is titled by
// what it is, as pi 1.6.0 titles them: `[skill] <name>`, `read docs <path in pith's folder>`, `read resource <path>`.
import { basename, dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { pithFolder } from "../../../lib/installation/pith-folder.js";
import { resolveToCwd } from "../../tools/paths.js";
import { rawPath, toolPath } from "./file-lines.js";
import { toolTitle, type ToolView } from "./tool-view.js";

const INSTRUCTION_FILES = new Set(["AGENTS.override.md", "AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"]);

type ReadKind = { kind: "skill" | "docs" | "resource"; label: string };

export function readTitle(view: ToolView): string {
  const { theme } = view;
  const kind = view.expanded ? undefined : readKind(view);
  const range = lineRange(view);
  if (!kind) return `${toolTitle(view, "read")} ${toolPath(view)}${range}`;
  const hint = theme.fg("dim", ` (${view.expandKey} to expand)`);
  if (kind.kind === "skill") return `${theme.fg("customMessageLabel", theme.bold("[skill]") + " ")}${theme.fg("customMessageText", kind.label)}${range}${hint}`;
  return `${toolTitle(view, `read ${kind.kind}`)} ${theme.fg("accent", kind.label)}${range}${hint}`;
}

/** `:from-to` of the lines asked for, when not the whole file */
function lineRange(view: ToolView): string {
  const offset = Number(view.args.offset ?? 0);
  const limit = Number(view.args.limit ?? 0);
  if (!offset && !limit) return "";
  return view.theme.fg("warning", `:${offset || 1}${limit ? `-${(offset || 1) + limit - 1}` : ""}`);
}

function readKind(view: ToolView): ReadKind | undefined {
  const path = rawPath(view);
  if (!path) return undefined;
  const absolute = resolveToCwd(path, view.cwd);
  const name = basename(absolute);
  if (name === "SKILL.md") return { kind: "skill", label: basename(dirname(absolute)) || name };
  const inPith = within(pithFolder(), absolute);
  if (inPith !== undefined && (inPith === "README.md" || inPith.startsWith("docs/"))) return { kind: "docs", label: inPith };
  if (INSTRUCTION_FILES.has(name)) return { kind: "resource", label: within(view.cwd, absolute) ?? absolute.split(sep).join("/") };
  return undefined;
}

/** `path` relative to `folder` with `/` between its parts, when it is inside it */
function within(folder: string, path: string): string | undefined {
  const inside = relative(resolve(folder), path);
  if (inside === "" || inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return undefined;
  return inside.split(sep).join("/");
}
