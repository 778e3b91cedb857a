// Project trust: a project's own extensions (its `.pi/extensions/` folder and its settings `extensions`
// entries) run only once the user trusted that project, because cloning a repository must not run its code.
// Trusted projects are listed in the global setting `trustedProjects`; `pith --trust` adds the current one.
import { PithError } from "../../../kernel/errors.js";
import type { SettingsManager } from "../../settings/index.js";
import { canonicalPath } from "../../../lib/resources/paths.js";

export const TRUSTED_PROJECTS_KEY = "trustedProjects";

/** Reads and writes the list of trusted project folders. */
export interface TrustStore {
  list(): readonly string[];
  save(projects: readonly string[]): Promise<void>;
}

/** The list lives in the global settings file, written through the settings service. */
export function settingsTrustStore(settings: SettingsManager): TrustStore {
  return {
    list() {
      const value = settings.fileSettings("global")[TRUSTED_PROJECTS_KEY];
      return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
    },
    async save(projects) {
      // `trustedProjects` is written like every other setting; until the settings schema declares it, the typed
      // `set` cannot name it, hence the one cast here.
      const set = settings.set.bind(settings) as unknown as (path: string, value: string[], scope: "global") => Promise<void>;
      try {
        await set(TRUSTED_PROJECTS_KEY, [...projects], "global");
      } catch (error) {
        if (error instanceof PithError && error.code === "SETTINGS_UNKNOWN_KEY") {
          throw new PithError(
            "TRUST_UNAVAILABLE",
            `pith cannot record trusted projects: the settings service does not know "${TRUSTED_PROJECTS_KEY}" yet. Add the folder to "${TRUSTED_PROJECTS_KEY}" in ${settings.paths.global} by hand.`,
            { cause: error },
          );
        }
        throw error;
      }
    },
  };
}

export async function isProjectTrusted(cwd: string, store: TrustStore): Promise<boolean> {
  const project = await canonicalPath(cwd);
  for (const entry of store.list()) {
    if ((await canonicalPath(entry)) === project) return true;
  }
  return false;
}

/** Records `cwd` as trusted in `store`; resolves to false when it already was. */
export async function addTrustedProject(cwd: string, store: TrustStore): Promise<boolean> {
  if (await isProjectTrusted(cwd, store)) return false;
  await store.save([...store.list(), await canonicalPath(cwd)]);
  return true;
}

/** One warning for all skipped project extensions, saying how to trust the project. */
export function untrustedWarning(cwd: string, skipped: readonly string[]): string {
  const list = skipped.join(", ");
  const noun = skipped.length === 1 ? "extension" : "extensions";
  return (
    `skipped ${skipped.length} project ${noun} of ${cwd}, which is not a trusted project: ${list}. ` +
    `Extensions run with your permissions; if you trust this project's code, run \`pith --trust\` in it (or add it to "${TRUSTED_PROJECTS_KEY}" in the global settings).`
  );
}
