// pi 1.6.0's skill helpers as extensions call them: `loadSkillsFromDir`, `loadSkills` (synchronous, as in pi),
// `formatSkillsForPrompt`, `parseSkillBlock`. The folder walk, the naming rules and the prompt section are the skills
// plugin's; what pi's loaders decide beyond them is here: which scopes they read, and that a Markdown file which is
// not a SKILL.md only counts as a skill when it has a description.
import { readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { errorMessage } from "../../../../kernel/index.js";
import type { ResourceDiagnostic } from "../../../../lib/resources/diagnostics/diagnostics.js";
import { keepFirstByName } from "../../../../lib/resources/diagnostics/name-collisions.js";
import { parseFrontmatterSync } from "../../../../lib/resources/front-matter/frontmatter.js";
import { canonicalPathSync, isUnderPath, PROJECT_CONFIG_DIR, resolveUserPath } from "../../../../lib/resources/finding/paths.js";
import { sourceInfoFor, type SourceOrigins } from "../../../../lib/resources/source-info.js";
import {
  checkSkillDescription,
  collectSkillFiles,
  formatSkillsForPrompt as formatSkillsSection,
  nameRuleProblems,
  parseSkillBlock as readSkillBlock,
  SKILL_FILE_NAME,
  type Skill,
  type SkillBlock,
  type SkillFileReader,
} from "../../../skills/index.js";

interface LoadSkillsResult {
  skills: Skill[];
  diagnostics: ResourceDiagnostic[];
}

/** pi's `source` argument: `user`, `project` and `path` are local files of that scope; any other names a source. */
function originOf(source: string, skillDir: string): SourceOrigins {
  if (source === "user" || source === "project") return { source: "local", scope: source, baseDir: skillDir };
  return { source: source === "path" ? "local" : source, scope: "temporary", baseDir: skillDir };
}

function readSkill(filePath: string, source: string, diagnostics: ResourceDiagnostic[]): Skill | undefined {
  const warn = (message: string) => diagnostics.push({ type: "warning", message, path: filePath });
  const declared = basename(filePath) === SKILL_FILE_NAME;
  let data: Record<string, unknown>;
  try {
    data = parseFrontmatterSync(readFileSync(filePath, "utf8")).data;
  } catch (error) {
    // a Markdown file beside skills is often no skill at all: only a SKILL.md is worth a word
    if (declared) warn(`skill skipped: ${errorMessage(error)}`);
    return undefined;
  }
  const { problems, description } = checkSkillDescription(data.description);
  if (!declared && description === undefined) return undefined;
  problems.forEach(warn);
  const skillDir = dirname(filePath);
  const name = typeof data.name === "string" && data.name !== "" ? data.name : basename(skillDir);
  nameRuleProblems(name).forEach(warn);
  if (description === undefined) return undefined;
  return {
    name,
    description,
    filePath,
    baseDir: skillDir,
    sourceInfo: sourceInfoFor(filePath, originOf(source, skillDir)),
    disableModelInvocation: data["disable-model-invocation"] === true,
  };
}

function skillsInFolder(dir: string, source: string): LoadSkillsResult {
  const diagnostics: ResourceDiagnostic[] = [];
  const files = collectSkillFiles(dir, true, { report: (diagnostic) => diagnostics.push(diagnostic) });
  const skills = files.map((file) => readSkill(file, source, diagnostics)).filter((skill): skill is Skill => skill !== undefined);
  return { skills, diagnostics };
}

/** The skills under `dir`: a folder with a SKILL.md is one skill; other `.md` files directly in `dir` count too. */
export function loadSkillsFromDir(options: { dir: string; source: string }): LoadSkillsResult {
  return skillsInFolder(options.dir, options.source);
}

export interface LoadSkillsOptions {
  cwd: string;
  agentDir: string;
  skillPaths: string[];
  includeDefaults: boolean;
}

/**
 * pi's `loadSkills`: with `includeDefaults`, `<agentDir>/skills` then `<cwd>/.pi/skills`; then each of `skillPaths`
 * (a folder or a `.md` file). A file reached twice counts once; of two skills with one name the first is kept.
 */
export function loadSkills(options: LoadSkillsOptions): LoadSkillsResult {
  const cwd = resolve(options.cwd);
  const userDir = join(resolve(options.agentDir), "skills");
  const projectDir = join(cwd, PROJECT_CONFIG_DIR, "skills");
  const found: LoadSkillsResult[] = [];
  if (options.includeDefaults) found.push(skillsInFolder(userDir, "user"), skillsInFolder(projectDir, "project"));
  // without the defaults, a path inside a standard folder keeps that folder's scope (pi's resource loader passes them so)
  const sourceOf = (path: string) =>
    options.includeDefaults ? "path" : isUnderPath(path, userDir) ? "user" : isUnderPath(path, projectDir) ? "project" : "path";
  for (const rawPath of options.skillPaths) found.push(skillsAtPath(resolveUserPath(rawPath, cwd, homedir()), sourceOf));
  const diagnostics = found.flatMap((result) => result.diagnostics);
  const seenFiles = new Set<string>();
  const unique = found.flatMap((result) => result.skills).filter((skill) => {
    const key = canonicalPathSync(skill.filePath);
    if (seenFiles.has(key)) return false;
    seenFiles.add(key);
    return true;
  });
  const { kept, diagnostics: collisions } = keepFirstByName(unique, "skill");
  return { skills: kept, diagnostics: [...diagnostics, ...collisions] };
}

function skillsAtPath(path: string, sourceOf: (path: string) => string): LoadSkillsResult {
  let info;
  try {
    info = statSync(path);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    return { skills: [], diagnostics: [{ type: "warning", message: missing ? "skill path does not exist" : `cannot read skill path (${errorMessage(error)})`, path }] };
  }
  if (info.isDirectory()) return skillsInFolder(path, sourceOf(path));
  if (!info.isFile() || !path.endsWith(".md")) {
    return { skills: [], diagnostics: [{ type: "warning", message: "skill path is not a Markdown (.md) file or a folder", path }] };
  }
  const diagnostics: ResourceDiagnostic[] = [];
  const skill = readSkill(path, sourceOf(path), diagnostics);
  return { skills: skill ? [skill] : [], diagnostics };
}

/** The system prompt's skills section (pith's wording); `fileReadTool` names the tool that loads a skill's file. */
export function formatSkillsForPrompt(skills: Skill[], fileReadTool: SkillFileReader = "read"): string {
  return formatSkillsSection(skills, fileReadTool);
}

export function parseSkillBlock(text: string): SkillBlock | null {
  return readSkillBlock(text) ?? null;
}
