// What `pith config` lists and switches: each configured package's resources and the auto-discovered ones of a scope,
// enabled or not by the settings, and the two edits that switch them (a package entry's filters, a scope's
// top-level arrays) in pi's forms (config-filter.ts). The listing, `enable|disable` and the terminal selector share
// them, so each writes what the others would.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { PithError } from "../../../kernel/index.js";
import type { PackageSource, SettingsScope } from "../../settings/index.js";
import { extensionsInFolder } from "../../extensions/loading/extension-folder.js";
import { standardTemplateFolders } from "../../prompt-templates/template-folders.js";
import type { WalkContext } from "../../../lib/resources/finding/directory-listing.js";
import { resolveLocations } from "../../../lib/resources/finding/locations.js";
import { posixRelative, toPosixPath } from "../../../lib/resources/finding/paths.js";
import { isEnabledByOverrides } from "../../../lib/resources/finding/settings-patterns.js";
import { standardSkillFolders } from "../../skills/skill-folders.js";
import { filterOf, togglePattern, withFilter } from "./config-filter.js";
import { scopeEntries, type ConfiguredPackage } from "../sources/configured.js";
import { scopeBaseDir } from "../installers/locations.js";
import { exists } from "../installers/npm.js";
import type { PackageManagerContext } from "../package-manager.js";
import { RESOURCE_TYPES, collectPackageResources, type PackageResourceType } from "../sources/package-resources.js";

/** One resource: the path `enable|disable` take (relative to the package root or the scope's folder). */
export interface Resource {
  kind: PackageResourceType;
  file: string;
  path: string;
  enabled: boolean;
  /** an auto-discovered resource's folder its path is relative to: the scope's, or an `.agents` folder */
  base?: string;
}

/** A package's resources, each enabled or not by its entry's filters; undefined when it is not installed. */
export async function packageResources(pkg: ConfiguredPackage, context: PackageManagerContext): Promise<Resource[] | undefined> {
  if (!(await exists(pkg.installedPath))) return undefined;
  const all = (await collectPackageResources(pkg.installedPath, undefined, context.signal)).resources;
  const enabled = (await collectPackageResources(pkg.installedPath, pkg.filter, context.signal)).resources;
  return RESOURCE_TYPES.flatMap((kind) =>
    all[kind].map((file) => ({ kind, file, path: posixRelative(pkg.installedPath, file) || toPosixPath(file), enabled: enabled[kind].includes(file) })),
  );
}

/** The theme files of a scope's `themes/` folder (pi reads its top level only). */
async function themesIn(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith(".json")).sort().map((name) => join(folder, name));
}

/** The resources of a scope's standard folders, enabled unless the scope's settings arrays switch them off. */
export async function autoResources(scope: SettingsScope, context: PackageManagerContext): Promise<Resource[]> {
  const base = scopeBaseDir(scope, context);
  const where = scope === "global" ? "user" : "project";
  const locations = resolveLocations({ agentDir: context.agentDir, cwd: context.cwd, homeDir: context.homeDir });
  const walk: WalkContext = { report: () => undefined, signal: context.signal };
  const found: { kind: PackageResourceType; file: string; base: string }[] = [];
  const add = (kind: PackageResourceType, files: string[], from = base) => found.push(...files.map((file) => ({ kind, file, base: from })));
  add("extensions", await extensionsInFolder(join(base, "extensions")));
  for (const folder of await standardSkillFolders(where, locations)) add("skills", await folder.collect(folder.dir, walk), folder.patternBase);
  for (const folder of await standardTemplateFolders(where, locations)) add("prompts", await folder.collect(folder.dir, walk), folder.patternBase);
  add("themes", await themesIn(join(base, "themes")));
  const settings = context.settings.fileSettings(scope);
  return RESOURCE_TYPES.flatMap((kind) =>
    found
      .filter((resource) => resource.kind === kind)
      .map((resource) => ({ ...resource, path: posixRelative(resource.base, resource.file), enabled: isEnabledByOverrides(resource.file, stringEntries(settings[kind]), resource.base) })),
  );
}

export function stringEntries(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}

/** Switches these resources of a package on or off in its entry (`+path` / `-path`), if any changes. */
export async function switchPackageResources(pkg: ConfiguredPackage, resources: readonly Resource[], enable: boolean, context: PackageManagerContext): Promise<void> {
  let entry = pkg.entry;
  for (const resource of resources.filter((candidate) => candidate.enabled !== enable)) {
    entry = withFilter(entry, resource.kind, togglePattern(filterOf(entry, resource.kind), resource.path, enable));
  }
  if (entry !== pkg.entry) await writePackageEntry(pkg, entry, context);
}

/** Switches auto-discovered resources of a scope on or off in its top-level arrays (`+path` / `-path`). */
export async function switchAutoResources(scope: SettingsScope, resources: readonly Resource[], enable: boolean, context: PackageManagerContext): Promise<void> {
  for (const kind of RESOURCE_TYPES) {
    const toChange = resources.filter((resource) => resource.kind === kind && resource.enabled !== enable);
    if (toChange.length === 0) continue;
    const value = context.settings.fileSettings(scope)[kind];
    let list: string[] | undefined = Array.isArray(value) ? stringEntries(value) : undefined;
    // a settings array never means "nothing" for auto-discovered files: an empty one is as good as none
    for (const resource of toChange) list = togglePattern(list?.length ? list : undefined, resource.path, enable);
    await context.settings.set(kind, list, scope, { signal: context.signal });
  }
}

/** Replaces the package's entry in its scope's `packages`, where it still is. */
export async function writePackageEntry(pkg: ConfiguredPackage, entry: PackageSource, context: PackageManagerContext): Promise<void> {
  const entries = scopeEntries(context.settings, pkg.scope);
  const index = entries.indexOf(pkg.entry);
  if (index === -1) throw new PithError("SETTINGS_CHANGED", `The ${pkg.scope} settings changed while pith was reading them; run the command again.`);
  const next = [...entries];
  next[index] = entry;
  await context.settings.set("packages", next, pkg.scope, { signal: context.signal });
}
