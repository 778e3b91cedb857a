// The loaded set of one kind of resource (skills, prompt templates) as its plugin holds it: found again on
// `reload()` or when extensions contribute paths, diagnostics sent to the log, and a reload that finishes late
// never replacing a newer result.
import type { Logger } from "../../kernel/index.js";
import { logDiagnostic } from "./diagnostics/diagnostic-log.js";
import type { ResourceDiagnostic } from "./diagnostics/diagnostics.js";
import type { ExtensionResourcePath } from "./options.js";

export type Discover<Loaded> = (extensionPaths: readonly ExtensionResourcePath[], signal?: AbortSignal) => Promise<Loaded>;

export interface ReloadableResources<Loaded> {
  /** the latest result */
  readonly current: Loaded;
  reload(signal?: AbortSignal): Promise<void>;
  /** paths extensions contribute (`resources_discover`); they survive later reloads */
  setExtensionPaths(paths: readonly ExtensionResourcePath[], signal?: AbortSignal): Promise<void>;
}

export function reloadableResources<Loaded extends { diagnostics: readonly ResourceDiagnostic[] }>(
  empty: Loaded,
  discover: Discover<Loaded>,
  log: Logger,
): ReloadableResources<Loaded> {
  let loaded = empty;
  let latestLoad = 0;
  let extensionPaths: readonly ExtensionResourcePath[] = [];
  const reload = async (signal?: AbortSignal) => {
    const thisLoad = ++latestLoad;
    const result = await discover(extensionPaths, signal);
    if (thisLoad !== latestLoad) return;
    loaded = result;
    for (const diagnostic of result.diagnostics) logDiagnostic(log, diagnostic);
  };
  return {
    get current() {
      return loaded;
    },
    reload,
    async setExtensionPaths(paths, signal) {
      extensionPaths = [...paths];
      await reload(signal);
    },
  };
}
