// Loads plugins from files with one shared jiti instance: TypeScript is transformed once and cached on disk
// (keyed by content), plain JavaScript is imported natively. jiti itself is only imported when a file plugin
// is actually loaded, so runs without file plugins do not pay for it.
import { pathToFileURL } from "node:url";
import type { PithPlugin } from "./plugin.js";
import { nativeImport } from "./native-import.js";
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

export interface JitiLoaderOptions {
  /** folder for jiti's transform cache; false disables the disk cache */
  cacheDir: string | false;
  /** module aliases, e.g. names extensions import that resolve to pith's own copies */
  alias?: Record<string, string>;
}

export async function createJitiLoader(options: JitiLoaderOptions): Promise<ModuleLoader> {
  const { createJiti } = await nativeImport<typeof import("jiti")>("jiti");
  const jiti = createJiti(import.meta.url, {
    moduleCache: true,
    fsCache: options.cacheDir,
    interopDefault: true,
    alias: options.alias,
  });
  return {
    async import(path: string) {
      if (/\.(mjs|js)$/.test(path) && !options.alias) return nativeImport(pathToFileURL(path).href);
      return jiti.import(path);
    },
  };
}

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
