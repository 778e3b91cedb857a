// Plugins from files (`{path, options?}`), the host's job: the file is imported through a module loader (the
// SDK's is jiti, so TypeScript works), its default export is a plugin or a factory `(options) => plugin`. Each
// file spec becomes a kernel spec `{name, load}`, which the kernel imports in its turn of the load order.
import { pathToFileURL } from "node:url";
import { PithError, errorMessage, type PithPlugin, type PluginSpec } from "../../kernel/index.js";
import { nativeImport } from "./native-import.js";

export interface ModuleLoader {
  import(path: string): Promise<unknown>;
}

/** a file: its default export is a plugin, or a function (options) => plugin */
export interface FilePluginSpec {
  path: string;
  options?: unknown;
}

/** What a host accepts: a kernel spec, or a file. */
export type HostPluginSpec = PluginSpec | FilePluginSpec;

/** Node's own import: enough for JavaScript files. */
export const nodeModuleLoader: ModuleLoader = { import: (path) => nativeImport(pathToFileURL(path).href) };

/** Turns file specs into kernel specs; `loader` is asked for on the first file that loads. */
export function resolveFilePlugins(specs: readonly HostPluginSpec[], loader: () => Promise<ModuleLoader> = async () => nodeModuleLoader): PluginSpec[] {
  let loading: Promise<ModuleLoader> | undefined;
  const shared = () => (loading ??= loader());
  return specs.map((spec) => ("path" in spec ? { name: spec.path, load: () => loadFilePlugin(spec, shared) } : spec));
}

async function loadFilePlugin(spec: FilePluginSpec, loader: () => Promise<ModuleLoader>): Promise<PithPlugin> {
  let exported: unknown;
  try {
    const module = (await (await loader()).import(spec.path)) as { default?: unknown } | undefined;
    exported = module && typeof module === "object" && "default" in module ? module.default : module;
  } catch (error) {
    throw new PithError("PLUGIN_LOAD_FAILED", `Could not load plugin ${spec.path}: ${errorMessage(error)}`, { cause: error, plugin: spec.path, hook: "load" });
  }
  if (typeof exported === "function") exported = await (exported as (options: unknown) => unknown)(spec.options);
  const plugin = exported as Partial<PithPlugin> | undefined;
  if (!plugin || typeof plugin.name !== "string" || typeof plugin.setup !== "function") {
    throw new PithError("PLUGIN_INVALID", `${spec.path} does not export a pith plugin: the default export must be {name, setup(context)} or a function returning one.`, {
      plugin: spec.path,
      hook: "load",
    });
  }
  return plugin as PithPlugin;
}
