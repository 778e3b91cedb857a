// The places one plugin instance reads from, with defaults filled in.
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { ExtensionResourcePath, PackageResourceFile, ResourcePluginOptions } from "../options.js";
import { PROJECT_CONFIG_DIR } from "./paths.js";

export interface ResourceLocations {
  cwd: string;
  agentDir: string;
  homeDir: string;
  /** `<cwd>/.pi`: project settings entries resolve against it */
  projectConfigDir: string;
  cliPaths: readonly string[];
  projectEntries: readonly string[];
  globalEntries: readonly string[];
  noDiscovery: boolean;
  /** false: the project scope is not searched (an untrusted project) */
  projectTrusted: boolean;
  packageFiles: readonly PackageResourceFile[];
  extensionPaths: readonly ExtensionResourcePath[];
}

export function resolveLocations(options: ResourcePluginOptions): ResourceLocations {
  const cwd = resolve(options.cwd);
  return {
    cwd,
    agentDir: resolve(options.agentDir),
    homeDir: resolve(options.homeDir ?? homedir()),
    projectConfigDir: join(cwd, PROJECT_CONFIG_DIR),
    cliPaths: options.paths ?? [],
    projectEntries: options.settingsEntries?.project ?? [],
    globalEntries: options.settingsEntries?.global ?? [],
    noDiscovery: options.noDiscovery ?? false,
    projectTrusted: options.projectTrusted ?? true,
    packageFiles: options.packageFiles ?? [],
    extensionPaths: options.extensionPaths ?? [],
  };
}
