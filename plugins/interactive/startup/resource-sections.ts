// The start-up listing's sections, read from the services that loaded each kind of resource. pi 1.6.0 no longer
// lists custom themes; their clashes are among the warning sections (startup-diagnostics.ts).
import { basename, relative, sep } from "node:path";
import type { PluginContext } from "../../../kernel/index.js";
import type { SourceInfo } from "../../../lib/resources/source-info.js";
import type { ListedResource, ResourcePlace, ResourceSection } from "../components/resource-listing.js";

function placeOf(source: SourceInfo): ResourcePlace {
  return source.scope === "temporary" ? "path" : source.scope;
}

/** a file under the project folder is the project's, any other the user's */
function placeOfPath(path: string, cwd: string): ResourcePlace {
  const inside = relative(cwd, path);
  return inside !== "" && !inside.startsWith("..") && !inside.startsWith(sep) ? "project" : "user";
}

export function resourceSections(context: PluginContext): ResourceSection[] {
  const cwd = context.cwd;
  const contextFiles = context.tryUse("resources")?.loaded().contextFiles ?? [];
  const fromPath = (path: string, name = basename(path)): ListedResource => ({ name, path, place: placeOfPath(path, cwd) });
  // a context file is named by its path, from the project folder when it is inside it
  const contextItem = (path: string) => fromPath(path, placeOfPath(path, cwd) === "project" ? relative(cwd, path) : path);
  return [
    { heading: "Context", items: contextFiles.map(contextItem) },
    { heading: "Skills", items: (context.tryUse("skills")?.list() ?? []).map((skill) => ({ name: skill.name, path: skill.filePath, place: placeOf(skill.sourceInfo) })) },
    { heading: "Prompts", items: (context.tryUse("promptTemplates")?.list() ?? []).map((template) => ({ name: `/${template.name}`, path: template.sourceInfo.path, place: placeOf(template.sourceInfo) })) },
    { heading: "Extensions", items: (context.tryUse("extensions")?.loaded ?? []).map((extension) => ({ name: extension.display, path: extension.path, place: placeOf(extension.sourceInfo) })) },
  ];
}
