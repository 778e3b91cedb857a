// The package operations behind `pith install|remove|update|list` and the start-up check: npm and git work on
// pith-controlled folders, the settings change goes through the settings service (one key, under its lock).
import { join, relative } from "node:path";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { PithError } from "../../kernel/index.js";
import type { PackageSource, SettingsManager, SettingsScope } from "../settings/index.js";
import { configuredPackages, entrySource, identityOf, isAutoloadOff, scopeEntries, type ConfiguredPackage } from "./sources/configured.js";
import { gitClone, gitRemove, gitUpdate } from "./installers/git.js";
import { gitRoot, installedPath, npmRoot, resolveLocalSource, scopeBaseDir, type PackagePlaces } from "./installers/locations.js";
import { exists, npmInstall, npmUninstall } from "./installers/npm.js";
import { collectPackageResources, type PackageResources } from "./sources/package-resources.js";
import { parseSource, type ParsedSource } from "./sources/source.js";

export interface PackageManagerContext extends PackagePlaces {
  settings: SettingsManager;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /** one line per step that may take a while ("Cloning ...") */
  progress?: (line: string) => void;
}

export async function installPackage(source: string, options: { local?: boolean }, context: PackageManagerContext): Promise<string> {
  const scope: SettingsScope = options.local ? "project" : "global";
  const parsed = parseSource(source);
  let stored = source;
  let path: string;
  if (parsed.type === "local") {
    // typed on the command line: relative to the cwd; stored relative to the settings file's folder
    path = resolveLocalSource(parsed.path, context.cwd, context);
    if (!(await stat(path).catch(() => undefined))) {
      throw new PithError("PACKAGE_NOT_FOUND", `Local package ${source} does not exist (looked for ${path}).`);
    }
    stored = relative(scopeBaseDir(scope, context), path) || ".";
  } else {
    path = installedPath(parsed, scope, context);
    await fetchPackage(parsed, scope, path, context);
  }
  const identity = identityOf(parseSource(stored), scope, context);
  const entries = scopeEntries(context.settings, scope);
  const index = entries.findIndex((entry) => sameIdentity(entry, identity, scope, context));
  const next = [...entries];
  if (index === -1) next.push(stored);
  else {
    // a new version or ref of a listed package replaces its source and keeps its filters
    const existing = entries[index]!;
    next[index] = typeof existing === "string" ? stored : { ...existing, source: stored };
  }
  await context.settings.set("packages", next, scope, { signal: context.signal });
  return path;
}

/** Resolves to false when the scope lists no such package. */
export async function removePackage(source: string, options: { local?: boolean }, context: PackageManagerContext): Promise<boolean> {
  const scope: SettingsScope = options.local ? "project" : "global";
  const parsed = parseSource(source);
  const identity = parsed.type === "local"
    ? `local:${resolveLocalSource(parsed.path, context.cwd, context)}`
    : identityOf(parsed, scope, context);
  const entries = scopeEntries(context.settings, scope);
  const byPath = entries.filter((entry) => sameIdentity(entry, identity, scope, context));
  // `pith list` shows a local package as recorded (relative to the settings file): that text names it too
  const removed = byPath.length > 0 ? byPath : entries.filter((entry) => entrySource(entry) === source);
  if (removed.length === 0) return false;
  await context.settings.set("packages", entries.filter((entry) => !removed.includes(entry)), scope, { signal: context.signal });
  for (const entry of removed) {
    const what = parseSource(entrySource(entry));
    const npm = { npmCommand: npmCommandOf(context.settings), signal: context.signal, env: context.env };
    if (what.type === "npm") await npmUninstall(what.name, npmRoot(scope, context), npm);
    else if (what.type === "git") await gitRemove(installedPath(what, scope, context), gitRoot(scope, context));
  }
  return true;
}

export type UpdateOutcome = "updated" | "installed" | "reinstalled" | "pinned" | "local";

/**
 * Updates every configured package, or the ones matching `source`; pinned and local packages are skipped.
 * `force` reinstalls every npm and git package from scratch, pinned ones included (same version or ref).
 */
export async function updatePackages(
  source: string | undefined,
  context: PackageManagerContext,
  options: { force?: boolean } = {},
): Promise<{ source: string; scope: SettingsScope; outcome: UpdateOutcome }[]> {
  const { packages } = configuredPackages(context.settings, context, { dedupe: false });
  // a project entry with `autoload: false` filters the user's package, which is updated in its place
  let targets = packages.filter((pkg) => !(pkg.scope === "project" && isAutoloadOff(pkg.entry)));
  if (source !== undefined) {
    const parsed = parseSource(source);
    targets = packages.filter((pkg) => pkg.identity === (parsed.type === "local" ? `local:${resolveLocalSource(parsed.path, context.cwd, context)}` : identityOf(parsed, pkg.scope, context)));
    if (targets.length === 0) throw new PithError("PACKAGE_NOT_FOUND", `No matching package found for ${source}`);
  }
  const results: { source: string; scope: SettingsScope; outcome: UpdateOutcome }[] = [];
  for (const pkg of targets) {
    results.push({ source: pkg.source, scope: pkg.scope, outcome: await updateOne(pkg, context, options.force === true) });
  }
  return results;
}

async function updateOne(pkg: ConfiguredPackage, context: PackageManagerContext, force: boolean): Promise<UpdateOutcome> {
  const { parsed } = pkg;
  if (parsed.type === "local") return "local";
  if (force || !(await exists(pkg.installedPath))) {
    const present = await exists(pkg.installedPath);
    // a deleted folder makes npm install the package anew; gitClone deletes an old clone itself
    if (present && parsed.type === "npm") await rm(pkg.installedPath, { recursive: true, force: true });
    await fetchPackage(parsed.type === "npm" && !parsed.pinned ? { ...parsed, spec: `${parsed.name}@latest` } : parsed, pkg.scope, pkg.installedPath, context);
    return present ? "reinstalled" : "installed";
  }
  if (parsed.pinned) return "pinned";
  const npm = { npmCommand: npmCommandOf(context.settings), signal: context.signal, env: context.env };
  if (parsed.type === "npm") {
    context.progress?.(`Updating ${pkg.source}...`);
    await npmInstall(`${parsed.name}@latest`, npmRoot(pkg.scope, context), npm);
  } else {
    context.progress?.(`Updating ${pkg.source}...`);
    await gitUpdate(pkg.installedPath, npm);
  }
  return "updated";
}

/** Installs a configured npm or git package into its scope's folder. */
export async function fetchPackage(parsed: ParsedSource, scope: SettingsScope, path: string, context: PackageManagerContext): Promise<void> {
  const npm = { npmCommand: npmCommandOf(context.settings), signal: context.signal, env: context.env };
  if (scope === "project") await ignoreInstallRoot(parsed.type === "npm" ? npmRoot("project", context) : gitRoot("project", context));
  if (parsed.type === "npm") {
    context.progress?.(`Installing npm:${parsed.spec}...`);
    await npmInstall(parsed.spec, npmRoot(scope, context), npm);
  } else if (parsed.type === "git") {
    context.progress?.(`Cloning ${parsed.url}${parsed.ref ? ` at ${parsed.ref}` : ""}...`);
    await gitClone(parsed.url, parsed.ref, path, npm);
  }
}

/**
 * Installs several npm packages of one scope with one npm run: npm resolves and writes the scope's whole tree at
 * every install, so one run for all costs about what the largest alone does.
 */
export async function fetchNpmPackages(specs: readonly string[], scope: SettingsScope, context: PackageManagerContext): Promise<void> {
  const npm = { npmCommand: npmCommandOf(context.settings), signal: context.signal, env: context.env };
  if (scope === "project") await ignoreInstallRoot(npmRoot("project", context));
  context.progress?.(`Installing ${specs.map((spec) => `npm:${spec}`).join(", ")}...`);
  await npmInstall(specs, npmRoot(scope, context), npm);
}

export interface ListedPackage {
  scope: SettingsScope;
  source: string;
  filtered: boolean;
  installedPath: string;
  installed: boolean;
  resources?: PackageResources;
  problems: string[];
}

export async function listPackages(context: PackageManagerContext): Promise<{ packages: ListedPackage[]; problems: string[] }> {
  const { packages, problems } = configuredPackages(context.settings, context, { dedupe: false });
  const listed: ListedPackage[] = [];
  for (const scope of ["global", "project"] as const) {
    for (const pkg of packages.filter((candidate) => candidate.scope === scope)) {
      const installed = await exists(pkg.installedPath);
      const collected = installed ? await collectPackageResources(pkg.installedPath, pkg.filter, context.signal) : undefined;
      listed.push({
        scope,
        source: pkg.source,
        filtered: pkg.filter !== undefined,
        installedPath: pkg.installedPath,
        installed,
        resources: collected?.resources,
        problems: collected?.problems ?? [],
      });
    }
  }
  return { packages: listed, problems };
}

export function npmCommandOf(settings: SettingsManager): readonly string[] | undefined {
  // global only: a cloned project's settings must not choose what pith runs
  const value = settings.fileSettings("global").npmCommand;
  return Array.isArray(value) && value.every((word) => typeof word === "string") ? (value as string[]) : undefined;
}

function sameIdentity(entry: PackageSource, identity: string, scope: SettingsScope, places: PackagePlaces): boolean {
  try {
    return identityOf(parseSource(entrySource(entry)), scope, places) === identity;
  } catch {
    return false;
  }
}

/** A project's install folders hold downloaded code: `*` in a .gitignore keeps it out of the repository. */
async function ignoreInstallRoot(root: string): Promise<void> {
  await mkdir(root, { recursive: true });
  const file = join(root, ".gitignore");
  if (!(await exists(file))) await writeFile(file, "*\n");
}
