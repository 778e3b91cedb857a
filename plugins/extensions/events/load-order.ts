// Extensions keep their place in the hook order when they tap again after start-up. At start-up their taps land
// after the plugins set up before the extensions plugin and before the ones set up after it (output modes, RPC,
// an SDK caller's plugins). A reload or session move taps the new instances when those later plugins are already
// there, so every tap then asks to run `before` them: the same place as at start-up.
import type { PluginContext } from "../../../kernel/index.js";
import type { KernelRegistry } from "../../../kernel/registry.js";

/** The plugins set up after `name` (none while `name` itself is being set up). */
export function pluginsAfter(registry: KernelRegistry, name: string): string[] {
  const index = registry.plugins.indexOf(name);
  return index === -1 ? [] : registry.plugins.slice(index + 1);
}

/** `base`, whose taps run before the plugins `later()` names (asked at each tap). */
export function inLoadOrder(base: PluginContext, later: () => readonly string[]): PluginContext {
  return {
    ...base,
    on(hook, handler, options = {}) {
      const own = options.before === undefined ? [] : typeof options.before === "string" ? [options.before] : options.before;
      return base.on(hook, handler, { ...options, before: [...own, ...later()] });
    },
  };
}
