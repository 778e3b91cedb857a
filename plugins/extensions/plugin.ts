// The extensions plugin: finds pi extensions (and pith plugins dropped in the same places), loads them, and runs
// them on pith's hooks. Load it after the built-ins, so extension tools can override built-in ones.
import { definePlugin, PithError, type PithPlugin } from "../../kernel/index.js";
import type { ExtensionSource } from "./loading/discovery.js";
import { applyFlags, createService } from "./extensions-service.js";
import { tapHandler } from "./events/hook-bridge.js";
import type { InlineExtension } from "./loading/load-extensions.js";
import { createExtensionModuleLoader } from "./loading/module-loader.js";
import { loadAll } from "./loading/restart.js";
import { ExtensionRuntime } from "./runtime.js";
import { noUIContext } from "./context/ui-context.js";
import "./service.js";
import type { ExtensionMode } from "./types.js";

export const EXTENSIONS_PLUGIN_NAME = "extensions";

export interface ExtensionsPluginOptions {
  /** pi's agent folder: `<agentDir>/extensions/` and global settings entries */
  agentDir: string;
  /** `-e` paths: always loaded, even with `noExtensions` or in an untrusted project (see "projectTrust") */
  paths?: readonly string[];
  /** `--no-extensions`: load only `paths` */
  noExtensions?: boolean;
  /** extension files resolved elsewhere, loaded after the discovered ones (the "packages" service's come after these) */
  extraSources?: readonly ExtensionSource[];
  /** extension factories given in code (the SDK's inline extensions) */
  inline?: readonly InlineExtension[];
  /** jiti's transform cache folder (pith's cache folder); false: no disk cache */
  cacheDir?: string | false;
  /** command-line options the CLI did not know: parsed as extension flags once the extensions registered theirs */
  flagArgv?: readonly string[];
  /** what an option no extension registered does: fail start-up (default, as pi does) or nothing */
  unknownFlags?: "error" | "ignore";
  /** home folder for `~` in paths */
  homeDir?: string;
  /** how pith runs, as extensions read it in `ctx.mode`; default "print" */
  mode?: ExtensionMode;
}

export function extensionsPlugin(options: ExtensionsPluginOptions): PithPlugin {
  return definePlugin({
    name: EXTENSIONS_PLUGIN_NAME,
    async setup(context) {
      const runtime = new ExtensionRuntime(
        context,
        { agentDir: options.agentDir, ui: noUIContext, hasUI: false, log: context.log, mode: options.mode ?? "print" },
        tapHandler,
      );
      const untrusted = await loadAll(runtime, options, createExtensionModuleLoader({ cacheDir: options.cacheDir ?? false }), context.time);

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
