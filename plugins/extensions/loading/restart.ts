// Loading a session's extensions, and loading them again as new instances: pi's reload and its session moves
// run every factory anew, on freshly imported modules. The old instances go first (handlers, tools, commands,
// flags, shortcuts, providers); active tools and flag values carry over, and a tool only the new instances
// brought starts active.
import { findSources } from "./find-sources.js";
import { installHost, watchSession } from "../events/lifecycle.js";
import { loadExtensions, untimed, type TimeWork } from "./load-extensions.js";
import { createExtensionModuleLoader, type ExtensionModuleLoader } from "./module-loader.js";
import type { ExtensionsPluginOptions } from "../options.js";
import { registerPendingProviders } from "../registrations/provider-registration.js";
import { forgetRegistrations, registerAllCommands, registerAllTools, resolveFlags } from "../registrations/registrations.js";
import type { ExtensionRuntime } from "../runtime.js";

/** Finds, imports and runs every extension, then registers what they registered. Returns the untrusted ones. */
export async function loadAll(runtime: ExtensionRuntime, options: ExtensionsPluginOptions, loader: ExtensionModuleLoader, time: TimeWork = untimed): Promise<string[]> {
  const { sources, untrusted } = await time("find extensions", () => findSources(runtime.context, runtime.context.tryUse("settings"), options));
  // pi-ai's registries take registrations while factories run; instances loaded only to ask about trust register nothing
  if (sources.length + (options.inline?.length ?? 0) > 0 && !runtime.options.preTrust) installHost(runtime);
  await loadExtensions(runtime, sources, loader, { inline: options.inline, time, preloaded: options.preloaded });
  if (runtime.options.preTrust) return untrusted;
  registerAllTools(runtime);
  registerAllCommands(runtime);
  resolveFlags(runtime); // reports flag conflicts now, not when someone first asks for the flags
  await registerPendingProviders(runtime);
  runtime.loaded = true;
  watchSession(runtime);
  return untrusted;
}

/** Unloads the current instances and loads every extension again; the caller announces session_start after. */
export async function reloadAll(runtime: ExtensionRuntime, options: ExtensionsPluginOptions): Promise<string[]> {
  const { session, context } = runtime;
  const known = new Set(context.registry.tools.names());
  const active = session.activeToolNames();
  runtime.unload();
  forgetRegistrations(runtime);
  const untrusted = await loadAll(runtime, options, createExtensionModuleLoader({ cacheDir: options.cacheDir ?? false, fresh: true }));
  session.setActiveTools([...active, ...context.registry.tools.names().filter((name) => !known.has(name))]);
  return untrusted;
}
