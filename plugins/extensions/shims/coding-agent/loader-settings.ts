// What pi's resource loader and package manager read of a `settingsManager` they are given: whether the project is
// trusted and the `extensions`/`skills`/`prompts`/`themes` entries of each settings file. pi's own SettingsManager,
// pith's served one and an in-memory stand-in all answer through pi's declared getters; without a manager, or for
// what it does not offer, pith's settings files for the folder are read.
import { SettingsManager as PithSettings } from "../../../settings/index.js";

/** The getters of pi's SettingsManager that are read; each is optional. */
export interface PiSettingsShape {
  isProjectTrusted?(): boolean;
  setProjectTrusted?(trusted: boolean): void;
  getGlobalSettings?(): Record<string, unknown>;
  getProjectSettings?(): Record<string, unknown>;
  reload?(): Promise<void> | void;
}

export type EntryKey = "extensions" | "skills" | "prompts" | "themes" | "packages";

export interface LoaderSettings {
  trusted: boolean;
  /** pith's view of the folder's settings files (the package manager's input) */
  files: PithSettings;
  entries(key: EntryKey): { project: string[]; global: string[] };
}

/** `trusted`: a decision made since (a trust question's answer), which wins over what the manager says */
export async function readLoaderSettings(cwd: string, agentDir: string, given: PiSettingsShape | undefined, trustedNow?: boolean): Promise<LoaderSettings> {
  await given?.reload?.();
  const trusted = trustedNow ?? given?.isProjectTrusted?.() ?? true;
  const files = await PithSettings.load({ cwd, agentDir, projectTrusted: trusted });
  const scopeOf = (scope: "project" | "global"): Record<string, unknown> => {
    if (scope === "project" && !trusted) return {};
    const fromGiven = scope === "global" ? given?.getGlobalSettings?.() : given?.getProjectSettings?.();
    return fromGiven ?? files.fileSettings(scope);
  };
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : []);
  return {
    trusted,
    files,
    entries: (key) => ({ project: strings(scopeOf("project")[key]), global: strings(scopeOf("global")[key]) }),
  };
}
