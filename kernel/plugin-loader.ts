// Resolves plugin specs into plugins: objects as given, the others by calling their `load` (a built-in's lazy
// import, a file the host imports) when their turn in the load order comes, and checking what it gave.
import type { PithPlugin } from "./plugin.js";
import { PithError } from "./errors.js";

export type PluginSpec =
  | PithPlugin
  /** imported only when it is loaded: a built-in's module, or a file through the host's module loader */
  | { name: string; load: () => Promise<PithPlugin> };

/** Resolves a spec into a plugin object; the import time is measured by the caller. */
export async function resolvePluginSpec(spec: PluginSpec): Promise<PithPlugin> {
  if ("setup" in spec) return spec;
  return checkPlugin(await spec.load(), spec.name);
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
