// The "packages" service: what the settings' packages bring (extension files, skill and prompt-template files),
// resolved at start-up and again whenever the session's runtime is rebuilt (reload, session moves), from the
// settings as they are then. pi's resource loader does the same on every reload, installing a missing package
// then too unless offline; pith keeps its start-up rules (offline; an untrusted project lists none) for those installs. The
// extensions plugin reads `resolved.extensionSources` each time it loads; the SDK gives the skills and
// prompt-templates plugins the files the same way.
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import type { LoadedPackages, LoadPackagesOptions } from "./startup.js";

export interface PackagesService {
  /** the packages' files as last resolved (empty until the first `reload`) */
  readonly resolved: LoadedPackages;
  /** resolves the settings' packages again; problems (a missing package, an install that failed) are in the result */
  reload(signal?: AbortSignal): Promise<LoadedPackages>;
}

declare module "../../kernel/index.js" {
  interface PithServices {
    packages: PackagesService;
  }
}

export const PACKAGES_PLUGIN_NAME = "packages";

const nothing = (): LoadedPackages => ({ extensionSources: [], skillFiles: [], promptFiles: [], themeFiles: [], problems: [] });

/** `options.settings` is read at each `reload`, so it sees the settings file as last reloaded. */
export function createPackagesService(options: Omit<LoadPackagesOptions, "signal">): PackagesService {
  let resolved = nothing();
  return {
    get resolved() {
      return resolved;
    },
    async reload(signal) {
      resolved = listsPackages(options) ? await (await import("./startup.js")).loadConfiguredPackages({ ...options, signal }) : nothing();
      return resolved;
    },
  };
}

/** Provides a service made with createPackagesService (the SDK resolves it before the built-ins set up). */
export function packagesPlugin(service: PackagesService): PithPlugin {
  return definePlugin({ name: PACKAGES_PLUGIN_NAME, setup: (context) => context.provide("packages", service) });
}

/** A session whose settings list no package imports none of the package manager. */
function listsPackages({ settings }: Pick<LoadPackagesOptions, "settings">): boolean {
  const listed = (scope: "global" | "project") => {
    const value = settings.fileSettings(scope).packages;
    return Array.isArray(value) && value.length > 0;
  };
  return listed("global") || listed("project");
}
