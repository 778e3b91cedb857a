// Finds the files of one kind of resource everywhere, in precedence order (first wins, pi 0.73.1):
// project settings entries, project standard folders, global settings entries, global standard folders,
// packages (files the package manager resolved), CLI paths, then paths extensions contributed. A file reached twice (through a
// symlink or two overlapping locations) is kept once, at its first place.
import { stat } from "node:fs/promises";
import type { WalkContext } from "./directory-listing.js";
import type { ResourceLocations } from "./locations.js";
import { canonicalPath, resolveUserPath } from "./paths.js";
import { isEnabledByOverrides, selectByPatterns, splitSettingsEntries } from "./settings-patterns.js";
import { sourceInfoFor, type SourceInfo, type SourceOrigins } from "./source-info.js";

export type FolderCollector = (dir: string, context: WalkContext) => Promise<string[]>;

export interface StandardFolder {
  dir: string;
  collect: FolderCollector;
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

export async function gatherResourceFiles(
  kind: ResourceKind,
  locations: ResourceLocations,
  context: WalkContext,
): Promise<GatheredFile[]> {
  const gathered: GatheredFile[] = [];
  const add = (files: readonly string[], origin: (file: string) => SourceOrigins) => {
    for (const file of files) gathered.push({ path: file, sourceInfo: sourceInfoFor(file, origin(file)) });
  };
  if (!locations.noDiscovery) {
    const scopes = [
      { scope: "project", entries: locations.projectEntries, baseDir: locations.projectConfigDir },
      { scope: "user", entries: locations.globalEntries, baseDir: locations.agentDir },
    ] as const;
    for (const { scope, entries, baseDir } of scopes) {
      add(await settingsEntryFiles(kind, entries, baseDir, locations, context), () => ({ source: "local", scope }));
      add(await standardFolderFiles(kind, scope, entries, baseDir, context), () => ({ source: "auto", scope, baseDir }));
    }
    for (const file of locations.packageFiles) {
      add([file.path], () => ({ source: file.source, scope: file.scope, baseDir: file.baseDir, origin: "package" }));
    }
  }
  for (const rawPath of locations.cliPaths) {
    const path = resolveUserPath(rawPath, locations.cwd, locations.homeDir);
    add(await filesAtPath(path, kind.collectCliFolder, "error", context), (file) => kind.cliOrigin(file));
  }
  for (const contributed of locations.extensionPaths) {
    const path = resolveUserPath(contributed.path, locations.cwd, locations.homeDir);
    const origin: SourceOrigins = { source: contributed.source, scope: "temporary", ...(contributed.baseDir ? { baseDir: contributed.baseDir } : {}) };
    add(await filesAtPath(path, kind.collectCliFolder, "error", context), () => origin);
  }
  return keepFirstRealPath(gathered);
}

async function settingsEntryFiles(
  kind: ResourceKind,
  entries: readonly string[],
  baseDir: string,
  locations: ResourceLocations,
  context: WalkContext,
): Promise<string[]> {
  const { paths, patterns } = splitSettingsEntries(entries);
  const files: string[] = [];
  for (const entry of paths) {
    const path = resolveUserPath(entry, baseDir, locations.homeDir);
    files.push(...(await filesAtPath(path, kind.collectSettingsFolder, "warning", context)));
  }
  const selected = selectByPatterns(files, patterns, baseDir);
  return files.filter((file) => selected.has(file));
}

async function standardFolderFiles(
  kind: ResourceKind,
  scope: "project" | "user",
  entries: readonly string[],
  baseDir: string,
  context: WalkContext,
): Promise<string[]> {
  const files: string[] = [];
  for (const folder of await kind.standardFolders(scope)) {
    files.push(...(await folder.collect(folder.dir, context)));
  }
  return files.filter((file) => isEnabledByOverrides(file, entries, baseDir));
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
  for (const file of files) {
    const real = await canonicalPath(file.path);
    if (seen.has(real)) continue;
    seen.add(real);
    kept.push(file);
  }
  return kept;
}
