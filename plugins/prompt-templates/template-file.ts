// Reads one template file into a record, reporting problems with the file's path.
import { basename } from "node:path";
import type { DiagnosticSink } from "../../lib/resources/diagnostics/diagnostics.js";
import { readFrontmatterFile } from "../../lib/resources/front-matter/frontmatter.js";
import type { SourceInfo } from "../../lib/resources/source-info.js";
import type { PromptTemplate } from "./template.js";

const DESCRIPTION_FALLBACK_LENGTH = 60;

export async function loadTemplateFile(
  filePath: string,
  sourceInfo: SourceInfo,
  report: DiagnosticSink,
): Promise<PromptTemplate | undefined> {
  const warn = (message: string) => report({ type: "warning", message, path: filePath });
  const parsed = await readFrontmatterFile(filePath, "prompt template", warn);
  if (!parsed) return undefined;
  const { data, body } = parsed;
  const template: PromptTemplate = {
    name: basename(filePath).replace(/\.md$/, ""),
    description: describe(data.description, body, warn),
    content: body,
    sourceInfo,
    filePath,
  };
  const hint = data["argument-hint"];
  if (typeof hint === "string" && hint !== "") template.argumentHint = hint;
  else if (hint !== undefined && hint !== null && hint !== "") warn("argument-hint must be text; it was ignored");
  return template;
}

/** The front matter description, else the first non-empty body line cut to 60 characters (with "..."). */
function describe(description: unknown, body: string, warn: (message: string) => void): string {
  if (typeof description === "string" && description !== "") return description;
  if (description !== undefined && description !== null && description !== "") {
    warn("description must be text; the first line of the template is used instead");
  }
  const firstLine = body.split("\n").find((line) => line.trim() !== "");
  if (firstLine === undefined) return "";
  return firstLine.length > DESCRIPTION_FALLBACK_LENGTH
    ? `${firstLine.slice(0, DESCRIPTION_FALLBACK_LENGTH)}...`
    : firstLine;
}
