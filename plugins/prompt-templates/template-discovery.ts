// Loads every prompt template the options point at, in precedence order; the first of a name wins.
import { dirname, join } from "node:path";
import type { ResourceDiagnostic } from "../../lib/resources/diagnostics/diagnostics.js";
import { resolveLocations, type ResourceLocations } from "../../lib/resources/finding/locations.js";
import type { ResourcePluginOptions } from "../../lib/resources/options.js";
import { isUnderPath } from "../../lib/resources/finding/paths.js";
import { discoverResources, type ResourceKind } from "../../lib/resources/finding/resource-gathering.js";
import type { SourceOrigins } from "../../lib/resources/source-info.js";
import type { PromptTemplate } from "./template.js";
import { loadTemplateFile } from "./template-file.js";
import { collectTemplateFiles, collectTemplateFilesRecursively, standardTemplateFolders } from "./template-folders.js";

export interface LoadedTemplates {
  templates: PromptTemplate[];
  diagnostics: ResourceDiagnostic[];
}

export async function discoverPromptTemplates(options: ResourcePluginOptions, signal?: AbortSignal): Promise<LoadedTemplates> {
  const locations = resolveLocations(options);
  const { resources, diagnostics } = await discoverResources(templateKind(locations), locations, loadTemplateFile, "prompt", signal);
  return { templates: resources, diagnostics };
}

function templateKind(locations: ResourceLocations): ResourceKind {
  const userPrompts = join(locations.agentDir, "prompts");
  const projectPrompts = join(locations.projectConfigDir, "prompts");
  // pi labels a CLI template inside a standard folder with that folder's scope and uses the folder as baseDir.
  const cliOrigin = (file: string): SourceOrigins => {
    if (isUnderPath(file, userPrompts)) return { source: "local", scope: "user", baseDir: userPrompts };
    if (isUnderPath(file, projectPrompts)) return { source: "local", scope: "project", baseDir: projectPrompts };
    return { source: "local", scope: "temporary", baseDir: dirname(file) };
  };
  return {
    standardFolders: (scope) => standardTemplateFolders(scope, locations),
    collectSettingsFolder: collectTemplateFilesRecursively,
    collectCliFolder: collectTemplateFiles,
    cliOrigin,
  };
}
