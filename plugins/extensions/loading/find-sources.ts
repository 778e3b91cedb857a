// The extension files this session loads: discovered in pi's places, then the given extra sources and the
// settings' packages as the "packages" service resolved them last, minus the project's own (and a project
// package's) when the project is not trusted ("projectTrust" decided; the run's one warning names them).
import type { PluginContext } from "../../../kernel/index.js";
import type {} from "../../packages/packages-service.js"; // types the "packages" service (declaration merging)
import type { SettingsManager } from "../../settings/index.js";
import { discoverExtensions, type ExtensionSource } from "./discovery.js";
import { displayPath } from "./display-path.js";
import type { ExtensionsPluginOptions } from "../options.js";

export async function findSources(
  context: PluginContext,
  settings: SettingsManager | undefined,
  options: ExtensionsPluginOptions,
): Promise<{ sources: ExtensionSource[]; untrusted: string[] }> {
  const entries = (scope: "project" | "global") => {
    const value = settings?.fileSettings(scope).extensions;
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
  };
  const { sources, problems } = await discoverExtensions({
    cwd: context.cwd,
    agentDir: options.agentDir,
    homeDir: options.homeDir,
    cliPaths: options.paths,
    settingsEntries: { project: entries("project"), global: entries("global") },
    noDiscovery: options.noExtensions,
    extraSources: [...(options.extraSources ?? []), ...(context.tryUse("packages")?.resolved.extensionSources ?? [])],
  });
  for (const problem of problems) context.log.warn(problem);

  const needsTrust = (source: ExtensionSource) => source.place === "project" || source.needsTrust === true;
  const fromProject = sources.filter(needsTrust);
  if (fromProject.length === 0) return { sources, untrusted: [] };
  if (context.tryUse("projectTrust")?.trusted ?? settings?.isProjectTrusted() ?? true) return { sources, untrusted: [] };
  const untrusted = fromProject.map((source) => displayPath(source.path, context.cwd));
  return { sources: sources.filter((source) => !needsTrust(source)), untrusted };
}
