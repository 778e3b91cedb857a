// Finds the files of one kind of resource everywhere, in precedence order (first wins, pi 0.73.1):
// project settings entries, project standard folders, global settings entries, global standard folders,
// packages (files the package manager resolved), CLI paths, then paths extensions contributed. A file reached twice (through a
// symlink or two overlapping locations) is kept once, at its first place. A file the project's settings name and
// switch off (pi 1.6.0's `pi config` project override: the path, then `-path`) is left out of the user's places too.
import { lstat, stat } from "node:fs/promises";
import type { DiagnosticSink, ResourceDiagnostic, ResourceType } from "../diagnostics/diagnostics.js";
import type { WalkContext } from "./directory-listing.js";
import type { ResourceLocations } from "./locations.js";
import { keepFirstByName, type NamedResource } from "../diagnostics/name-collisions.js";
import { canonicalPath, resolveUserPath } from "./paths.js";
import { isEnabledByOverrides, selectByPatterns, splitSettingsEntries } from "./settings-patterns.js";
import { sourceInfoFor, type SourceInfo, type SourceOrigins } from "../source-info.js";

export type FolderCollector = (dir: string, context: WalkContext) => Promise<string[]>;

export interface StandardFolder {
  dir: string;
  collect: FolderCollector;
  /**
   * the folder the scope's settings patterns name its files from, when not the scope's own (`.pi`, the agent
   * folder): pi's `.agents` folder for `.agents/skills`
   */
  patternBase?: string;
}

/** How one kind of resource is laid out on disk. */
export interface ResourceKind {
  /** the standard folders of a scope, searched in this order */
  standardFolders(scope: "project" | "user"): Promise<StandardFolder[]>;
  collectSettingsFolder: FolderCollector;
  collectCliFolder: FolderCollector;
  /** where a file reached through a CLI path is said to come from */
  cliOrigin(filePath: string): SourceOrigins;
}

export interface GatheredFile {
  path: string;
  sourceInfo: SourceInfo;
}

async function gatherResourceFiles(
  kind: ResourceKind,
  locations: ResourceLocations,
  context: WalkContext,
): Promise<GatheredFile[]> {
  const lookups: Lookup[] = [];
  /** files the project's settings name and switch off: pi's project override of a user's file */
  const offInProject: string[] = [];
  if (!locations.noDiscovery) {
    const project = { scope: "project", entries: locations.projectEntries, baseDir: locations.projectConfigDir } as const;
    const user = { scope: "user", entries: locations.globalEntries, baseDir: locations.agentDir } as const;
    const scopes = locations.projectTrusted ? [project, user] : [user];
    for (const { scope, entries, baseDir } of scopes) {
      const find = async (walk: WalkContext) => {
        const { on, off } = await settingsEntryFiles(kind, entries, baseDir, locations, walk);
        if (scope === "project") offInProject.push(...off);
        return on;
      };
      lookups.push({ find, origin: () => ({ source: "local", scope }), user: scope === "user" });
      lookups.push({ find: (walk) => standardFolderFiles(kind, scope, entries, baseDir, walk), origin: () => ({ source: "auto", scope, baseDir }), user: scope === "user" });
    }
    for (const file of locations.packageFiles) {
      lookups.push({ find: async () => [file.path], origin: () => ({ source: file.source, scope: file.scope, baseDir: file.baseDir, origin: "package" }) });
    }
  }
  for (const rawPath of locations.cliPaths) {
    const path = resolveUserPath(rawPath, locations.cwd, locations.homeDir);
    lookups.push({ find: (walk) => filesAtPath(path, kind.collectCliFolder, "error", walk), origin: (file) => kind.cliOrigin(file) });
  }
  for (const contributed of locations.extensionPaths) {
    const path = resolveUserPath(contributed.path, locations.cwd, locations.homeDir);
    const origin: SourceOrigins = { source: contributed.source, scope: "temporary", ...(contributed.baseDir ? { baseDir: contributed.baseDir } : {}) };
    lookups.push({ find: (walk) => filesAtPath(path, kind.collectCliFolder, "error", walk), origin: () => origin });
  }
  const found = await inOrder(context, lookups.map((lookup) => lookup.find));
  const off = new Set(await Promise.all(offInProject.map(canonicalPath)));
  const kept = await Promise.all(lookups.map(async (lookup, index) => (lookup.user && off.size > 0 ? await withoutPaths(found[index]!, off) : found[index]!)));
  const gathered = lookups.flatMap((lookup, index) => kept[index]!.map((file) => ({ path: file, sourceInfo: sourceInfoFor(file, lookup.origin(file)) })));
  return keepFirstRealPath(gathered);
}

/**
 * Every resource of one kind the locations point at: files gathered in precedence order, each read by `load`
 * (side by side, results and diagnostics kept in order), and the first of a name kept.
 */
export async function discoverResources<Resource extends NamedResource>(
  kind: ResourceKind,
  locations: ResourceLocations,
  load: (path: string, sourceInfo: SourceInfo, report: DiagnosticSink) => Promise<Resource | undefined>,
  type: ResourceType,
  signal?: AbortSignal,
): Promise<{ resources: Resource[]; diagnostics: ResourceDiagnostic[] }> {
  const diagnostics: ResourceDiagnostic[] = [];
  const context: WalkContext = { report: (diagnostic) => diagnostics.push(diagnostic), signal };
  const files = await gatherResourceFiles(kind, locations, context);
  signal?.throwIfAborted();
  const reads = files.map((file) => (walk: WalkContext) => load(file.path, file.sourceInfo, walk.report));
  const loaded = (await inOrder(context, reads)).filter((resource): resource is Resource => resource !== undefined);
  const { kept, diagnostics: collisions } = keepFirstByName(loaded, type);
  return { resources: kept, diagnostics: [...diagnostics, ...collisions] };
}

interface Lookup {
  find: (context: WalkContext) => Promise<readonly string[]>;
  origin: (file: string) => SourceOrigins;
  /** the user's settings or folders: what the project switched off is left out of them */
  user?: boolean;
}

async function withoutPaths(files: readonly string[], realPaths: ReadonlySet<string>): Promise<readonly string[]> {
  const real = await Promise.all(files.map(canonicalPath));
  return files.filter((_, index) => !realPaths.has(real[index]!));
}

/**
 * Runs lookups side by side (each mostly waits on the file system) and hands over their results and diagnostics
 * in the order given, exactly as running them one after the other would.
 */
async function inOrder<T>(context: WalkContext, lookups: readonly ((context: WalkContext) => Promise<T>)[]): Promise<T[]> {
  const reports = lookups.map(() => [] as Parameters<WalkContext["report"]>[0][]);
  const settled = await Promise.allSettled(lookups.map((lookup, index) => lookup({ ...context, report: (diagnostic) => reports[index]!.push(diagnostic) })));
  const results: T[] = [];
  for (const [index, outcome] of settled.entries()) {
    for (const diagnostic of reports[index]!) context.report(diagnostic);
    if (outcome.status === "rejected") throw outcome.reason;
    results.push(outcome.value);
  }
  return results;
}

async function settingsEntryFiles(
  kind: ResourceKind,
  entries: readonly string[],
  baseDir: string,
  locations: ResourceLocations,
  context: WalkContext,
): Promise<{ on: string[]; off: string[] }> {
  const { paths, patterns } = splitSettingsEntries(entries);
  const lookups = paths.map((entry) => (walk: WalkContext) => filesAtPath(resolveUserPath(entry, baseDir, locations.homeDir), kind.collectSettingsFolder, "warning", walk));
  const files = (await inOrder(context, lookups)).flat();
  const selected = selectByPatterns(files, patterns, baseDir);
  return { on: files.filter((file) => selected.has(file)), off: files.filter((file) => !selected.has(file)) };
}

async function standardFolderFiles(
  kind: ResourceKind,
  scope: "project" | "user",
  entries: readonly string[],
  baseDir: string,
  context: WalkContext,
): Promise<string[]> {
  const folders = await kind.standardFolders(scope);
  const found = await inOrder(context, folders.map((folder) => (walk: WalkContext) => collectUnlessMissing(folder, walk)));
  return folders.flatMap((folder, index) => found[index]!.filter((file) => isEnabledByOverrides(file, entries, folder.patternBase ?? baseDir)));
}

/**
 * Most standard folders do not exist; one lstat says so, where the walk would first look for ignore files in them.
 * Anything else there (a folder, a file, a broken symlink) is walked, and reported when it is not a folder.
 */
async function collectUnlessMissing(folder: StandardFolder, context: WalkContext): Promise<string[]> {
  const missing = await lstat(folder.dir).then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === "ENOENT",
  );
  return missing ? [] : folder.collect(folder.dir, context);
}

/** A named file must be Markdown; a named folder is searched by `collect`. */
async function filesAtPath(
  path: string,
  collect: FolderCollector,
  missingType: "warning" | "error",
  context: WalkContext,
): Promise<string[]> {
  context.signal?.throwIfAborted();
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = code === "ENOENT" ? "path does not exist" : `cannot read path (${code ?? "unknown error"})`;
    context.report({ type: code === "ENOENT" ? missingType : "warning", message, path });
    return [];
  }
  if (info.isDirectory()) return collect(path, context);
  if (info.isFile() && path.endsWith(".md")) return [path];
  context.report({ type: "warning", message: "not a Markdown (.md) file or a folder; ignored", path });
  return [];
}

async function keepFirstRealPath(files: readonly GatheredFile[]): Promise<GatheredFile[]> {
  const seen = new Set<string>();
  const kept: GatheredFile[] = [];
  const realPaths = await Promise.all(files.map((file) => canonicalPath(file.path)));
  for (const [index, file] of files.entries()) {
    const real = realPaths[index]!;
    if (seen.has(real)) continue;
    seen.add(real);
    kept.push(file);
  }
  return kept;
}
