// Resolves plugin specs into plugins: objects as given, built-ins by importing their module on first use, files
// through the module loader the host gives (the SDK's transforms TypeScript; the kernel's own default is Node's
// import, for JavaScript files).
import { pathToFileURL } from "node:url";
import type { PithPlugin } from "./plugin.js";
import { PithError, errorMessage } from "./errors.js";

export type PluginSpec =
  | PithPlugin
  /** a built-in whose module is imported only when it is loaded */
  | { name: string; load: () => Promise<PithPlugin> }
  /** a file: default export is a plugin, or a function (options) => plugin */
  | { path: string; options?: unknown };

export interface ModuleLoader {
  import(path: string): Promise<unknown>;
}

export const nodeModuleLoader: ModuleLoader = { import: (path) => import(pathToFileURL(path).href) };

export function specName(spec: PluginSpec): string {
  return "path" in spec ? spec.path : spec.name;
}

/** Resolves a spec into a plugin object; the import time is measured by the caller. */
export async function resolvePluginSpec(spec: PluginSpec, loader: () => Promise<ModuleLoader>): Promise<PithPlugin> {
  if ("setup" in spec) return spec;
  if ("load" in spec) return checkPlugin(await spec.load(), spec.name);
  let exported: unknown;
  try {
    const module = (await (await loader()).import(spec.path)) as { default?: unknown } | undefined;
    exported = module && typeof module === "object" && "default" in module ? module.default : module;
  } catch (error) {
    throw new PithError("PLUGIN_LOAD_FAILED", `Could not load plugin ${spec.path}: ${errorMessage(error)}`, { cause: error, plugin: spec.path, hook: "load" });
  }
  if (typeof exported === "function") exported = await (exported as (options: unknown) => unknown)(spec.options);
  return checkPlugin(exported, spec.path);
}

function checkPlugin(value: unknown, origin: string): PithPlugin {
  const plugin = value as Partial<PithPlugin> | undefined;
  if (!plugin || typeof plugin.name !== "string" || typeof plugin.setup !== "function") {
    throw new PithError(
      "PLUGIN_INVALID",
      `${origin} does not export a pith plugin: the default export must be {name, setup(context)} or a function returning one.`,
      { plugin: origin, hook: "load" },
    );
  }
  return plugin as PithPlugin;
}
