// The packages the settings files list, parsed, with where each one is installed. Entries that cannot be
// parsed are reported, not fatal: one bad entry must not stop the others from loading.
import type { PackageSource, SettingsManager, SettingsScope } from "../../settings/index.js";
import { installedPath, resolveLocalSource, scopeBaseDir, type PackagePlaces } from "../installers/locations.js";
import { RESOURCE_TYPES, type PackageFilter } from "./package-resources.js";
import { parseSource, sourceIdentity, type ParsedSource } from "./source.js";
import { errorMessage } from "../../../kernel/index.js";

export interface ConfiguredPackage {
  scope: SettingsScope;
  /** the entry as written in settings */
  entry: PackageSource;
  source: string;
  parsed: ParsedSource;
  identity: string;
  /** the object form's resource filters; undefined for a plain string */
  filter?: PackageFilter;
  /** a user package's project delta: the filters of a project entry with `autoload: false` (pi 1.6.0) */
  delta?: PackageFilter;
  installedPath: string;
}

export function entrySource(entry: PackageSource): string {
  return typeof entry === "string" ? entry : entry.source;
}

export function identityOf(parsed: ParsedSource, scope: SettingsScope, places: PackagePlaces): string {
  return sourceIdentity(parsed, (path) => resolveLocalSource(path, scopeBaseDir(scope, places), places));
}

export function scopeEntries(settings: SettingsManager, scope: SettingsScope): PackageSource[] {
  const value = settings.fileSettings(scope).packages;
  return Array.isArray(value) ? (value as PackageSource[]) : [];
}

/**
 * Both scopes' packages, project first; with `dedupe` a package listed in both scopes is kept once (project wins),
 * except that a project entry with `autoload: false` is no package of its own but a delta over the user's entry
 * (pi 1.6.0; one with no user entry to change is left out).
 */
export function configuredPackages(
  settings: SettingsManager,
  places: PackagePlaces,
  options: { dedupe: boolean },
): { packages: ConfiguredPackage[]; problems: string[] } {
  const packages: ConfiguredPackage[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const deltas = new Map<string, PackageFilter>();
  for (const scope of ["project", "global"] as const) {
    for (const entry of scopeEntries(settings, scope)) {
      const source = entrySource(entry);
      let parsed: ParsedSource;
      try {
        parsed = parseSource(source);
      } catch (error) {
        problems.push(`${scope} settings: ${errorMessage(error)}`);
        continue;
      }
      const identity = identityOf(parsed, scope, places);
      if (options.dedupe && scope === "project" && isAutoloadOff(entry)) {
        deltas.set(identity, filterOf(entry) ?? {});
        continue;
      }
      if (options.dedupe && seen.has(identity)) continue;
      seen.add(identity);
      const delta = scope === "global" ? deltas.get(identity) : undefined;
      packages.push({ scope, entry, source, parsed, identity, filter: filterOf(entry), ...(delta ? { delta } : {}), installedPath: installedPath(parsed, scope, places) });
    }
  }
  return { packages, problems };
}

/** pi's `autoload: false`: a project entry that filters the user's package instead of loading one */
export function isAutoloadOff(entry: PackageSource): boolean {
  return typeof entry === "object" && (entry as { autoload?: unknown }).autoload === false;
}

function filterOf(entry: PackageSource): PackageFilter | undefined {
  if (typeof entry === "string") return undefined;
  const filter: PackageFilter = {};
  for (const type of RESOURCE_TYPES) if (entry[type] !== undefined) filter[type] = entry[type];
  return filter;
}
