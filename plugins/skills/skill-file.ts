// Reads one skill file into a record, reporting every problem with the file's path.
import { basename, dirname } from "node:path";
import type { DiagnosticSink } from "../../lib/resources/diagnostics/diagnostics.js";
import { readFrontmatterFile } from "../../lib/resources/front-matter/frontmatter.js";
import type { SourceInfo } from "../../lib/resources/source-info.js";
import type { Skill } from "./skill.js";
import { checkSkillDescription, skillNameProblems } from "./skill-validation.js";

export async function loadSkillFile(
  filePath: string,
  sourceInfo: SourceInfo,
  report: DiagnosticSink,
): Promise<Skill | undefined> {
  const warn = (message: string) => report({ type: "warning", message, path: filePath });
  const parsed = await readFrontmatterFile(filePath, "skill", warn);
  if (!parsed) return undefined;
  const baseDir = dirname(filePath);
  const folderName = basename(baseDir);
  const { data } = parsed;

  const { problems, description } = checkSkillDescription(data.description);
  problems.forEach(warn);

  let name = folderName;
  if (typeof data.name === "string" && data.name !== "") name = data.name;
  else if (data.name !== undefined && data.name !== null && data.name !== "") {
    warn(`name must be text; using the folder name "${folderName}"`);
  }
  skillNameProblems(name, folderName).forEach(warn);

  if (description === undefined) return undefined;
  return {
    name,
    description,
    filePath,
    baseDir,
    sourceInfo,
    disableModelInvocation: data["disable-model-invocation"] === true,
  };
}
