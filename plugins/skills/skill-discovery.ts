// Loads every skill the options point at: gather files in precedence order, read each, keep the first of a name.
import { dirname, join } from "node:path";
import type { ResourceDiagnostic } from "../../lib/resources/diagnostics/diagnostics.js";
import { resolveLocations, type ResourceLocations } from "../../lib/resources/finding/locations.js";
import type { ResourcePluginOptions } from "../../lib/resources/options.js";
import { isUnderPath } from "../../lib/resources/finding/paths.js";
import { discoverResources, type ResourceKind } from "../../lib/resources/finding/resource-gathering.js";
import type { Skill } from "./skill.js";
import { loadSkillFile } from "./skill-file.js";
import { collectSkillFolder, standardSkillFolders } from "./skill-folders.js";

export interface LoadedSkills {
  skills: Skill[];
  diagnostics: ResourceDiagnostic[];
}

export async function discoverSkills(options: ResourcePluginOptions, signal?: AbortSignal): Promise<LoadedSkills> {
  const locations = resolveLocations(options);
  const { resources, diagnostics } = await discoverResources(skillKind(locations), locations, loadSkillFile, "skill", signal);
  return { skills: resources, diagnostics };
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
