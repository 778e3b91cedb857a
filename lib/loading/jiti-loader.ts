// Loads plugins from files with one shared jiti instance: TypeScript is transformed once and cached on disk
// (keyed by content), plain JavaScript is imported natively. jiti itself is only imported when a file plugin
// is actually loaded, so runs without file plugins do not pay for it.
import { pathToFileURL } from "node:url";
import type { ModuleLoader } from "./file-plugins.js";
import { nativeImport } from "./native-import.js";

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
