// Where packages live: under pith-controlled folders, so nothing needs root. Global packages under the agent
// folder, project packages under `<cwd>/.pi/`; npm ones in an npm project of their own (`npm/node_modules/<name>`),
// git ones as clones at `git/<host>/<path>`. Local sources stay where they are, relative to the settings folder.
import { homedir } from "node:os";
import { join } from "node:path";
import type { SettingsScope } from "../../settings/index.js";
import { resolveUserPath } from "../../../lib/resources/finding/paths.js";
import type { ParsedSource } from "../sources/source.js";

export interface PackagePlaces {
  cwd: string;
  agentDir: string;
  homeDir?: string;
}

/** The folder a scope's settings file lives in: relative local sources resolve against it. */
export function scopeBaseDir(scope: SettingsScope, places: PackagePlaces): string {
  return scope === "global" ? places.agentDir : join(places.cwd, ".pi");
}

export function npmRoot(scope: SettingsScope, places: PackagePlaces): string {
  return join(scopeBaseDir(scope, places), "npm");
}

export function gitRoot(scope: SettingsScope, places: PackagePlaces): string {
  return join(scopeBaseDir(scope, places), "git");
}

export function resolveLocalSource(path: string, baseDir: string, places: PackagePlaces): string {
  return resolveUserPath(path, baseDir, places.homeDir ?? homedir());
}

/** Where a configured package's files are (or would be, once installed). */
export function installedPath(parsed: ParsedSource, scope: SettingsScope, places: PackagePlaces): string {
  switch (parsed.type) {
    case "npm":
      return join(npmRoot(scope, places), "node_modules", ...parsed.name.split("/"));
    case "git":
      return join(gitRoot(scope, places), parsed.host, ...parsed.path.split("/"));
    case "local":
      return resolveLocalSource(parsed.path, scopeBaseDir(scope, places), places);
  }
}
