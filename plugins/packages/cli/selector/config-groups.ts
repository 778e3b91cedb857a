// The rows of the `pith config` selector, as pi 1.6.0 groups them: one group per package (`<source> (user)`), then
// the auto-discovered resources of each scope (`User (~/.pi/agent/)`, `Project (~/code/app/.pi/)`), user before project; in each
// group the kinds in order (Extensions, Skills, Prompts, Themes) and the resources by name.
import { basename, dirname } from "node:path";
import type { SettingsScope } from "../../../settings/index.js";
import { homePath } from "../../../interactive/components/home-path.js";
import { autoResources, packageResources, type Resource } from "../config-resources.js";
import { configuredPackages, isAutoloadOff, type ConfiguredPackage } from "../../sources/configured.js";
import { scopeBaseDir } from "../../installers/locations.js";
import type { PackageManagerContext } from "../../package-manager.js";
import { RESOURCE_TYPES, type PackageResourceType } from "../../sources/package-resources.js";

export interface ConfigItem extends Resource {
  scope: SettingsScope;
  /** the package it belongs to; undefined for an auto-discovered resource */
  pkg?: ConfiguredPackage;
  /** the name the row shows */
  name: string;
}

export interface ConfigGroup {
  label: string;
  scope: SettingsScope;
  kinds: { kind: PackageResourceType; items: ConfigItem[] }[];
}

/** What each scope's view lists: the global one the user's resources alone, the project one both scopes'. */
export interface ConfigViews {
  global: ConfigGroup[];
  project: ConfigGroup[];
}

export const KIND_LABELS: Record<PackageResourceType, string> = { extensions: "Extensions", skills: "Skills", prompts: "Prompts", themes: "Themes" };

/** pi's row names: an extension in a folder of its own with that folder, a skill by its folder, else the file's name. */
function rowName(resource: Resource): string {
  const file = basename(resource.file);
  const folder = basename(dirname(resource.file));
  if (resource.kind === "extensions" && folder !== "extensions") return `${folder}/${file}`;
  if (resource.kind === "skills" && file === "SKILL.md") return folder;
  return file;
}

function groupOf(label: string, scope: SettingsScope, items: ConfigItem[]): ConfigGroup | undefined {
  const kinds = RESOURCE_TYPES.map((kind) => ({ kind, items: items.filter((item) => item.kind === kind).sort((a, b) => a.name.localeCompare(b.name)) }));
  const present = kinds.filter((entry) => entry.items.length > 0);
  return present.length > 0 ? { label, scope, kinds: present } : undefined;
}

const scopeWord = (scope: SettingsScope) => (scope === "global" ? "user" : "project");

async function packageGroups(packages: readonly ConfiguredPackage[], context: PackageManagerContext): Promise<ConfigGroup[]> {
  const groups: ConfigGroup[] = [];
  // pi sorts a scope's package groups by their source
  for (const pkg of [...packages].sort((a, b) => a.source.localeCompare(b.source))) {
    const resources = (await packageResources(pkg, context)) ?? [];
    const group = groupOf(`${pkg.source} (${scopeWord(pkg.scope)})`, pkg.scope, resources.map((resource) => ({ ...resource, scope: pkg.scope, pkg, name: rowName(resource) })));
    if (group) groups.push(group);
  }
  return groups;
}

/** A scope's auto-discovered resources, one group per folder their paths start from (pi's `User (~/.agents/)`). */
async function autoGroups(scope: SettingsScope, context: PackageManagerContext): Promise<ConfigGroup[]> {
  const items = (await autoResources(scope, context)).map((resource) => ({ ...resource, scope, name: rowName(resource) }));
  const bases = [...new Set([scopeBaseDir(scope, context), ...items.map((item) => item.base!)])];
  return bases.flatMap((base) => {
    const folder = homePath(base, context.homeDir).replace(/\/?$/, "/");
    return groupOf(`${scope === "global" ? "User" : "Project"} (${folder})`, scope, items.filter((item) => item.base === base)) ?? [];
  });
}

/**
 * Both views. A project package that stands for a user one (the same package) takes its place in the project view,
 * as it does when pith loads resources.
 */
export async function configViews(context: PackageManagerContext): Promise<ConfigViews> {
  const { packages } = configuredPackages(context.settings, context, { dedupe: false });
  const user = packages.filter((pkg) => pkg.scope === "global");
  const global = [...(await packageGroups(user, context)), ...(await autoGroups("global", context))];
  if (!context.settings.isProjectTrusted()) return { global, project: global };
  const own = packages.filter((pkg) => pkg.scope === "project" && !isAutoloadOff(pkg.entry));
  const shadowed = new Set(own.map((pkg) => pkg.identity));
  const project = [
    ...(await packageGroups(user.filter((pkg) => !shadowed.has(pkg.identity)), context)),
    ...(await packageGroups(own, context)),
    ...(await autoGroups("global", context)),
    ...(await autoGroups("project", context)),
  ];
  return { global, project };
}
