// Where extensions come from, in load order (= handler order) and with their place for conflicts:
// `-e` paths, project settings entries, `<cwd>/.pi/extensions/`, global settings entries,
// `<agentDir>/extensions/`, then extra sources (packages, resolved by the package manager). `--no-extensions`
// keeps only the `-e` paths. A file reached twice (symlink, overlapping entries) loads once, at its first place. A
// file the project's settings name and switch off (pi 1.6.0's `pi config` project override: the path, then `-path`)
// is left out of the global places too.
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { canonicalPath, resolveUserPath } from "../../../lib/resources/finding/paths.js";
import { isEnabledByOverrides, selectByPatterns, splitSettingsEntries } from "../../../lib/resources/finding/settings-patterns.js";
import { extensionsAtPath, extensionsInFolder } from "./extension-folder.js";
import type { ExtensionScope } from "../contract/types.js";

/** Where an extension was configured; decides conflicts (cli > sdk > project > global > package). */
export type ExtensionPlace = "cli" | "sdk" | "project" | "global" | "package";

export interface ExtensionSource {
  /** absolute path of the entry file */
  path: string;
  place: ExtensionPlace;
  /** how it was found: `-e`, a settings entry, a standard folder, a package, or given in code */
  origin: "cli" | "settings" | "auto" | "package" | "sdk";
  /** pi's `sourceInfo.scope` */
  scope: ExtensionScope;
  /** the settings folder or standard folder it was found from */
  baseDir?: string;
  /** a project's package: loads only in a trusted project, like the project's own extensions */
  needsTrust?: boolean;
  /** a package's source as the settings list it (`npm:x`, a path): pi's resource loader names its files by it */
  packageSource?: string;
}

export interface DiscoveryOptions {
  cwd: string;
  agentDir: string;
  homeDir?: string;
  /** `-e` paths (relative to cwd, `~` expanded) */
  cliPaths?: readonly string[];
  /** the `extensions` arrays of the project and global settings files */
  settingsEntries?: { project?: readonly string[]; global?: readonly string[] };
  /** `--no-extensions`: only `cliPaths` load */
  noDiscovery?: boolean;
  /** already resolved extension files from elsewhere (packages); loaded after everything else */
  extraSources?: readonly ExtensionSource[];
}

export interface DiscoveryResult {
  sources: ExtensionSource[];
  /** paths that were named but could not be used, worded for the user */
  problems: string[];
}

export async function discoverExtensions(options: DiscoveryOptions): Promise<DiscoveryResult> {
  const cwd = resolve(options.cwd);
  const agentDir = resolve(options.agentDir);
  const home = options.homeDir ?? homedir();
  const found: ExtensionSource[] = [];
  const problems: string[] = [];

  for (const raw of options.cliPaths ?? []) {
    const path = resolveUserPath(raw, cwd, home);
    const { files, problem } = await extensionsAtPath(path);
    if (problem) problems.push(`extension path ${raw} (-e) ${problem}`);
    for (const file of files) found.push({ path: file, place: "cli", origin: "cli", scope: "temporary" });
  }

  if (!options.noDiscovery) {
    const scopes = [
      { place: "project", scope: "project", entries: options.settingsEntries?.project ?? [], baseDir: join(cwd, ".pi") },
      { place: "global", scope: "user", entries: options.settingsEntries?.global ?? [], baseDir: agentDir },
    ] as const;
    /** files the project's settings name and switch off: pi's project override of a user's file */
    const offInProject = new Set<string>();
    for (const { place, scope, entries, baseDir } of scopes) {
      const { on, off } = await settingsEntryFiles(entries, baseDir, home, problems, place);
      if (scope === "project") for (const file of off) offInProject.add(await canonicalPath(file));
      const kept = async (file: string) => scope === "project" || offInProject.size === 0 || !offInProject.has(await canonicalPath(file));
      for (const file of on) if (await kept(file)) found.push({ path: file, place, origin: "settings", scope, baseDir });
      const folder = join(baseDir, "extensions");
      for (const file of await extensionsInFolder(folder)) {
        if (isEnabledByOverrides(file, entries, baseDir) && (await kept(file))) found.push({ path: file, place, origin: "auto", scope, baseDir: folder });
      }
    }
    found.push(...(options.extraSources ?? []));
  }

  return { sources: await keepFirstRealPath(found), problems };
}

async function settingsEntryFiles(
  entries: readonly string[],
  baseDir: string,
  home: string,
  problems: string[],
  place: "project" | "global",
): Promise<{ on: string[]; off: string[] }> {
  const { paths, patterns } = splitSettingsEntries(entries);
  const files: string[] = [];
  for (const entry of paths) {
    const { files: named, problem } = await extensionsAtPath(resolveUserPath(entry, baseDir, home));
    if (problem) problems.push(`extension ${entry} in the ${place} settings ${problem}`);
    files.push(...named);
  }
  const selected = selectByPatterns(files, patterns, baseDir);
  return { on: files.filter((file) => selected.has(file)), off: files.filter((file) => !selected.has(file)) };
}

async function keepFirstRealPath(sources: readonly ExtensionSource[]): Promise<ExtensionSource[]> {
  const seen = new Set<string>();
  const kept: ExtensionSource[] = [];
  for (const source of sources) {
    const real = await canonicalPath(source.path);
    if (seen.has(real)) continue;
    seen.add(real);
    kept.push(source);
  }
  return kept;
}
