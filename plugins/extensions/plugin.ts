// The extensions plugin: finds pi extensions (and pith plugins dropped in the same places), loads them, and runs
// them on pith's hooks. Load it after the built-ins, so extension tools can override built-in ones.
import { PithError, definePlugin, type PithPlugin } from "../../kernel/index.js";
import { applyFlags, createService } from "./service/extensions-service.js";
import { tapHandler } from "./events/hook-bridge.js";
import { createExtensionModuleLoader } from "./loading/module-loader.js";
import { loadAll } from "./loading/restart.js";
import { preloadedFrom } from "./loading/preloaded.js";
import type { ExtensionsPluginOptions } from "./options.js";
import { ExtensionRuntime } from "./runtime.js";
import { noUIContext } from "./context/ui-context.js";
import { serveTerminalComponents } from "./shims/index.js";
import "./service/service.js";
// pi's loaders in the served coding-agent module load extension sets through it
import "./loading/extension-set.js";

export const EXTENSIONS_PLUGIN_NAME = "extensions";

export function extensionsPlugin(options: ExtensionsPluginOptions): PithPlugin {
  return definePlugin({
    name: EXTENSIONS_PLUGIN_NAME,
    async setup(context) {
      const runtime = new ExtensionRuntime(
        context,
        { agentDir: options.agentDir, ui: noUIContext, hasUI: false, log: context.log, mode: options.mode ?? "print", preTrust: options.preTrust !== undefined, createSession: options.createSession },
        tapHandler,
      );
      // the first instances join the bus of the ones the pre-trust pass loaded (a reload starts a new one)
      if (options.preloaded) runtime.bus = options.preloaded.bus;
      if (options.mode === "tui") await serveTerminalComponents(() => context.tryUse("ui"));
      const untrusted = await loadAll(runtime, options, createExtensionModuleLoader({ cacheDir: options.cacheDir ?? false, onCompile: () => context.progress() }), context.time);
      if (options.preTrust) {
        options.preTrust(() => preloadedFrom(runtime));
        return;
      }

      const parsed = options.flagArgv && options.flagArgv.length > 0 ? applyFlags(runtime, options.flagArgv) : undefined;
      context.provide("extensions", createService(runtime, options, untrusted, parsed));
      if (parsed) {
        const problems = [...parsed.errors, ...parsed.unknown.map((option) => `Unknown option: ${option}`)];
        if (problems.length > 0 && (options.unknownFlags ?? "error") === "error") {
          throw new PithError("BAD_ARGUMENTS", `${problems.join("; ")} (run pith --help for the options, extension flags included)`);
        }
      }
    },
  });
}
