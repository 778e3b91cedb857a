// Start-up: the configured packages' files for the extensions, skills and prompt-templates plugins. A missing
// npm or git package is installed first, unless offline (`--offline`, PI_OFFLINE=1). An untrusted project's
// settings list no packages (the settings service does not apply them), so its packages neither install nor load.
// Every failure is a problem to report, never a crash.
import { errorMessage } from "../../kernel/index.js";
import type { SettingsManager } from "../settings/index.js";
import type { ExtensionSource } from "../extensions/loading/discovery.js";
import type { PackageResourceFile } from "../../lib/resources/options.js";
import { configuredPackages, type ConfiguredPackage } from "./sources/configured.js";
import { exists } from "./installers/npm.js";
import { fetchNpmPackages, fetchPackage, type PackageManagerContext } from "./package-manager.js";
import { collectPackageResources } from "./sources/package-resources.js";
import { withDelta } from "./sources/package-delta.js";

export interface LoadPackagesOptions {
  cwd: string;
  agentDir: string;
  settings: SettingsManager;
  /** no network: missing packages are reported, not installed (also PI_OFFLINE=1) */
  offline?: boolean;
  homeDir?: string;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** progress of installs at start-up */
  progress?: (line: string) => void;
}

export interface LoadedPackages {
  /** for the extensions plugin's `extraSources` (project ones need trust) */
  extensionSources: ExtensionSource[];
  skillFiles: PackageResourceFile[];
  promptFiles: PackageResourceFile[];
  /** theme files (pi's JSON), which the interactive UI offers beside its own */
  themeFiles: string[];
  problems: string[];
}

export function isOffline(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.PI_OFFLINE?.trim().toLowerCase();
  return value === "1" || value === "true" || value === "yes";
}

export async function loadConfiguredPackages(options: LoadPackagesOptions): Promise<LoadedPackages> {
  const loaded: LoadedPackages = { extensionSources: [], skillFiles: [], promptFiles: [], themeFiles: [], problems: [] };
  const places = { cwd: options.cwd, agentDir: options.agentDir, homeDir: options.homeDir };
  const { packages, problems } = configuredPackages(options.settings, places, { dedupe: true });
  loaded.problems.push(...problems);
  if (packages.length === 0) return loaded;
  const offline = options.offline === true || isOffline(options.env);
  const context = { ...places, settings: options.settings, signal: options.signal, env: options.env, progress: options.progress };
  if (!offline) await installMissingNpmTogether(packages, context);

  for (const pkg of packages) {
    if (!(await exists(pkg.installedPath))) {
      if (pkg.parsed.type === "local") {
        loaded.problems.push(`package ${pkg.source} (${pkg.scope} settings) does not exist: ${pkg.installedPath}`);
        continue;
      }
      if (offline) {
        loaded.problems.push(`package ${pkg.source} (${pkg.scope} settings) is not installed and pith is offline; run \`pith install ${pkg.source}${pkg.scope === "project" ? " -l" : ""}\` when online`);
        continue;
      }
      try {
        await fetchPackage(pkg.parsed, pkg.scope, pkg.installedPath, context);
      } catch (error) {
        loaded.problems.push(`package ${pkg.source} (${pkg.scope} settings) could not be installed: ${errorMessage(error)}`);
        continue;
      }
    }
    try {
      const { resources: filtered, problems: found } = await collectPackageResources(pkg.installedPath, pkg.filter, options.signal);
      const resources = pkg.delta ? await withDelta(pkg.installedPath, filtered, pkg.delta, options.signal) : filtered;
      loaded.problems.push(...found.map((problem) => `package ${pkg.source}: ${problem}`));
      const scope = pkg.scope === "project" ? "project" : "user";
      for (const path of resources.extensions) {
        loaded.extensionSources.push({ path, place: "package", origin: "package", scope, baseDir: pkg.installedPath, needsTrust: pkg.scope === "project", packageSource: pkg.source });
      }
      const resourceFile = (path: string): PackageResourceFile => ({ path, source: pkg.source, scope, baseDir: pkg.installedPath });
      loaded.skillFiles.push(...resources.skills.map(resourceFile));
      loaded.promptFiles.push(...resources.prompts.map(resourceFile));
      loaded.themeFiles.push(...resources.themes);
    } catch (error) {
      loaded.problems.push(`package ${pkg.source} (${pkg.scope} settings) could not be read: ${errorMessage(error)}`);
    }
  }
  return loaded;
}

/**
 * The missing npm packages of a scope in one npm run (several of them: pi installs one at a time). When that run
 * fails, nothing is reported here: each package is then installed by itself, and a failure names its package.
 */
async function installMissingNpmTogether(packages: readonly ConfiguredPackage[], context: PackageManagerContext): Promise<void> {
  for (const scope of ["global", "project"] as const) {
    const specs: string[] = [];
    for (const pkg of packages) {
      if (pkg.scope === scope && pkg.parsed.type === "npm" && !(await exists(pkg.installedPath))) specs.push(pkg.parsed.spec);
    }
    if (specs.length < 2) continue;
    await fetchNpmPackages(specs, scope, context).catch(() => undefined);
  }
}
