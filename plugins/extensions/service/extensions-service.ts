// The "extensions" service over one session's extensions.
import { parseExtensionFlags, type ParsedFlags } from "../registrations/flags.js";
import type { ExtensionsPluginOptions } from "../options.js";
import { listCommands, resolveFlags } from "../registrations/registrations.js";
import { reloadAll } from "../loading/restart.js";
import type { ExtensionRuntime } from "../runtime.js";
import type { ExtensionsService } from "./service.js";
import { extensionTerminalParts } from "./terminal-parts.js";

/** Parses extension flags from argv and sets their values. */
export function applyFlags(runtime: ExtensionRuntime, argv: readonly string[]): ParsedFlags {
  const parsed = parseExtensionFlags(argv, resolveFlags(runtime));
  for (const [name, value] of parsed.values) runtime.flagValues.set(name, value);
  return parsed;
}

export function createService(
  runtime: ExtensionRuntime,
  options: ExtensionsPluginOptions,
  untrustedAtStart: string[],
  parsedFlags: ParsedFlags | undefined,
): ExtensionsService {
  let untrusted = untrustedAtStart;
  return {
    get loaded() {
      return runtime.records.map((record) => ({ path: record.source.path, display: record.display, place: record.source.place, sourceInfo: record.sourceInfo }));
    },
    get untrusted() {
      return untrusted;
    },
    flags: () => resolveFlags(runtime),
    applyFlags: (argv) => applyFlags(runtime, argv),
    parsedFlags,
    flagValue: (name) => runtime.flagValues.get(name),
    shortcuts: () =>
      runtime.records.flatMap((record) =>
        [...record.shortcuts.entries()].map(([shortcut, options]) => ({ shortcut, description: options.description, extension: record.source.path })),
      ),
    terminal: extensionTerminalParts(runtime),
    commands: () => listCommands(runtime),
    discoveredResources: () => ({
      skillPaths: [...runtime.discovered.skillPaths],
      promptPaths: [...runtime.discovered.promptPaths],
      themePaths: [...runtime.discovered.themePaths],
    }),
    async restart() {
      untrusted = await reloadAll(runtime, options);
    },
    get shutdownRequested() {
      return runtime.shutdownRequested;
    },
    deliveriesDone: () => runtime.deliveriesDone(),
    timings: runtime.timings,
  };
}
