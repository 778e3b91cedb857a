// A plugin context that remembers what it tapped and registered, so a loaded extension (or a pith plugin found
// among them) can be unloaded again on reload or a session move: its taps are removed, and its tools, commands,
// provider apis and services go, bringing back whatever they had replaced (an extension's `read` gives the
// built-in `read` back).
import type { KernelRegistry } from "../../kernel/registry.js";
import type { Disposer, PluginContext } from "../../kernel/index.js";

export interface TrackedContext {
  readonly context: PluginContext;
  /** one more thing to undo on dispose (a tap on another plugin's own hooks) */
  track(disposer: Disposer): void;
  /** undoes everything, latest first; the context must not be used afterwards */
  dispose(): void;
}

export function trackContext(base: PluginContext, registry: KernelRegistry): TrackedContext {
  const owner = base.name;
  const undo: Disposer[] = [];
  const context: PluginContext = {
    ...base,
    on(hook, handler, options) {
      const dispose = base.on(hook, handler, options);
      undo.push(dispose);
      return dispose;
    },
    registerTool(tool, options) {
      base.registerTool(tool, options);
      undo.push(() => void registry.tools.remove(tool.name, owner));
    },
    registerCommand(command) {
      base.registerCommand(command);
      undo.push(() => void registry.commands.remove(command.name, owner));
    },
    registerProvider(provider) {
      base.registerProvider(provider);
      undo.push(() => void registry.providers.remove(provider.api, owner));
    },
    provide(service, value) {
      base.provide(service, value);
      undo.push(() => {
        if (registry.services.get(service)?.value === value) registry.services.delete(service);
      });
    },
  };
  return {
    context,
    track: (disposer) => void undo.push(disposer),
    dispose() {
      for (const step of undo.splice(0).reverse()) step();
    },
  };
}
