// What pi's `DefaultPackageManager.resolve()` answers: every extension, skill, prompt and theme file the settings
// bring (the packages' own, the local entries, the standard folders), each with where it came from. pith's
// discovery finds them; a package that could not be installed is an install failure.
import type { SettingsManager } from "../../../settings/index.js";
import { loadConfiguredPackages } from "../../../packages/startup.js";
import { discoverExtensions } from "../../loading/discovery.js";
import { createExtensionRecord } from "../../instance/extension-record.js";
import { discoverSkills } from "../../../skills/index.js";
import { discoverPromptTemplates } from "../../../prompt-templates/index.js";
import type { SourceInfo } from "../../../../lib/resources/source-info.js";

export interface ResolvedResource {
  path: string;
  enabled: boolean;
  /** a package's resource also names the package's folder (`packageRoot`) */
  metadata: Omit<SourceInfo, "path"> & { packageRoot?: string };
}

export interface ResolvedPaths {
  extensions: ResolvedResource[];
  skills: ResolvedResource[];
  prompts: ResolvedResource[];
  themes: ResolvedResource[];
  installFailures: { source: string; scope: "user" | "project"; message: string }[];
}

const resource = ({ path, ...metadata }: SourceInfo): ResolvedResource => ({
  path,
  enabled: true,
  metadata: metadata.origin === "package" && metadata.baseDir ? { ...metadata, packageRoot: metadata.baseDir } : metadata,
});

/** pith's packages plugin words a package's problem `package <source> (<scope> settings) ...` */
function installFailure(message: string): ResolvedPaths["installFailures"] {
  const named = /^package (\S+) \((global|project) settings\)/.exec(message);
  return named ? [{ source: named[1]!, scope: named[2] === "global" ? "user" : "project", message }] : [];
}

export async function resolvedPaths(places: { cwd: string; agentDir: string }, settings: SettingsManager): Promise<ResolvedPaths> {
  const packages = await loadConfiguredPackages({ ...places, settings });
  const entries = (key: string) => {
    const list = (scope: "project" | "global") => {
      const value = settings.fileSettings(scope)[key];
      return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
    };
    return { project: list("project"), global: list("global") };
  };
  const { sources } = await discoverExtensions({ ...places, settingsEntries: entries("extensions"), extraSources: packages.extensionSources });
  const common = { ...places, projectTrusted: settings.isProjectTrusted() };
  const [skills, prompts] = await Promise.all([
    discoverSkills({ ...common, settingsEntries: entries("skills"), packageFiles: packages.skillFiles }),
    discoverPromptTemplates({ ...common, settingsEntries: entries("prompts"), packageFiles: packages.promptFiles }),
  ]);
  const extensionInfo = (source: (typeof sources)[number]) => {
    const info = createExtensionRecord(source, source.path, 0, 0).sourceInfo;
    return source.packageSource ? { ...info, source: source.packageSource } : info;
  };
  return {
    extensions: sources.map((source) => resource(extensionInfo(source))),
    skills: skills.skills.map((skill) => resource(skill.sourceInfo)),
    prompts: prompts.templates.map((template) => resource(template.sourceInfo)),
    themes: packages.themeFiles.map((path) => ({ path, enabled: true, metadata: { source: "package", scope: "user", origin: "package" } })),
    installFailures: packages.problems.flatMap(installFailure),
  };
}
