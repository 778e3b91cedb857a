// Loads every skill the options point at: gather files in precedence order, read each, keep the first of a name.
import { dirname, join } from "node:path";
import type { ResourceDiagnostic } from "../resources-common/diagnostics.js";
import type { WalkContext } from "../resources-common/directory-listing.js";
import { resolveLocations, type ResourceLocations } from "../resources-common/locations.js";
import { keepFirstByName } from "../resources-common/name-collisions.js";
import type { ResourcePluginOptions } from "../resources-common/options.js";
import { isUnderPath } from "../resources-common/paths.js";
import { gatherResourceFiles, type ResourceKind } from "../resources-common/resource-gathering.js";
import type { Skill } from "./skill.js";
import { loadSkillFile } from "./skill-file.js";
import { collectSkillFolder, standardSkillFolders } from "./skill-folders.js";

export interface LoadedSkills {
  skills: Skill[];
  diagnostics: ResourceDiagnostic[];
}

export async function discoverSkills(options: ResourcePluginOptions, signal?: AbortSignal): Promise<LoadedSkills> {
  const locations = resolveLocations(options);
  const diagnostics: ResourceDiagnostic[] = [];
  const context: WalkContext = { report: (diagnostic) => diagnostics.push(diagnostic), signal };
  const files = await gatherResourceFiles(skillKind(locations), locations, context);
  const skills: Skill[] = [];
  for (const file of files) {
    signal?.throwIfAborted();
    const skill = await loadSkillFile(file.path, file.sourceInfo, context.report);
    if (skill) skills.push(skill);
  }
  const { kept, diagnostics: collisions } = keepFirstByName(skills, "skill");
  return { skills: kept, diagnostics: [...diagnostics, ...collisions] };
}

function skillKind(locations: ResourceLocations): ResourceKind {
  const userSkills = join(locations.agentDir, "skills");
  const projectSkills = join(locations.projectConfigDir, "skills");
  return {
    standardFolders: (scope) => standardSkillFolders(scope, locations),
    collectSettingsFolder: collectSkillFolder,
    collectCliFolder: collectSkillFolder,
    // pi labels a CLI skill inside a standard folder with that folder's scope; its baseDir is the skill's folder.
    cliOrigin: (file) => ({
      source: "local",
      scope: isUnderPath(file, userSkills) ? "user" : isUnderPath(file, projectSkills) ? "project" : "temporary",
      baseDir: dirname(file),
    }),
  };
}
