// Imports extension files. TypeScript (and JavaScript that imports a package pith serves) goes through one jiti
// instance per cache folder, shared by every session of the process: module cache on, transforms cached on disk
// and keyed by the file's content, and pi's package names served from pith's own modules as virtual modules (so
// an extension gets the very objects pith runs on). Plain JavaScript that imports none of those names is imported
// by Node directly, without jiti.
//
// What is paid once per process is paid only when needed: jiti when the first file that needs it loads (compiled
// from V8's code cache, ./require-jiti.ts), and each served module when a file first really imports it. jiti's
// transform erases type-only imports, so the file itself says what it needs: when it imports a module not loaded
// yet, the import throws, the module is loaded and the file is evaluated again. What had already run is in jiti's
// module cache (only the imports above the failing one have run in that file, as imports come first), so nothing
// runs twice.
//
// A `fresh` loader (reload, session moves: pi runs every extension again as a new instance) evaluates each file
// anew: its own jiti has no module cache (the disk cache, keyed by content, still serves unchanged files) and its
// native imports carry a query Node has not seen yet. The served modules stay loaded for the process, so a fresh
// load needs the retry only for an import added since; then the files imported before it run again.
//
// Each file jiti compiles is reported to the loader's `onCompile` (the plugin's setup progress): a first start
// that compiles large TypeScript packages takes as long as it takes, as long as it keeps compiling.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { nativeImport } from "../../../lib/loading/native-import.js";
import { esbuildTransform } from "./esbuild-transform.js";
import { requireBabel, requireJiti } from "./require-jiti.js";
import { isLoaded, lateImports, loadServed, namesServedPackage, ServedModuleNotLoaded, virtualModules } from "../shims/index.js";

export interface ExtensionModuleLoader {
  /** The file's default export (the module itself when it has none). */
  load(path: string): Promise<unknown>;
}

interface JitiInstance {
  import(id: string): Promise<unknown>;
}

const NATIVE_CANDIDATE = /\.(js|mjs|cjs)$/;
const INSTALLED = `${sep}node_modules${sep}`;

const instances = new Map<string, JitiInstance>();
let freshImports = 0;
/** told of every file jiti compiles, while a load that wants to know runs */
const compileWatchers = new Set<() => void>();

export function createExtensionModuleLoader(options: { cacheDir: string | false; fresh?: boolean; onCompile?: () => void }): ExtensionModuleLoader {
  return {
    async load(path) {
      const watcher = options.onCompile ? () => options.onCompile!() : undefined;
      if (watcher) compileWatchers.add(watcher);
      try {
        const module = await importModule(path, options.cacheDir, options.fresh === true);
        return module && typeof module === "object" && "default" in module ? (module as { default: unknown }).default : module;
      } finally {
        if (watcher) compileWatchers.delete(watcher);
      }
    },
  };
}

type Transform = NonNullable<import("jiti").JitiOptions["transform"]>;

/**
 * What compiles a file for jiti, reporting each file to the watchers: esbuild for installed packages (see
 * ./esbuild-transform.ts: large, and compiled ~6x faster), jiti's own Babel for the rest, which keeps each line where
 * it was so that a stack trace points into the user's own file, and for what esbuild cannot do as Babel does.
 * undefined when jiti's layout changed: jiti then uses its default, unreported.
 */
function reportingTransform(cacheDir: string | false): Transform | undefined {
  const require = createRequire(import.meta.url);
  const bundle = join(dirname(require.resolve("jiti")), "../dist/babel.cjs");
  if (!existsSync(bundle)) return undefined;
  let babel: Transform | undefined;
  return (options) => {
    const fast = options.filename?.includes(INSTALLED) ? esbuildTransform(options) : undefined;
    const result = fast === undefined ? (babel ??= requireBabel(bundle, cacheDir) as Transform)(options) : { code: fast };
    for (const watcher of compileWatchers) watcher();
    return result;
  };
}

async function importModule(path: string, cacheDir: string | false, fresh: boolean): Promise<unknown> {
  const source = await readFile(path, "utf8");
  if (NATIVE_CANDIDATE.test(path) && !namesServedPackage(source)) {
    try {
      return await nativeImport(pathToFileURL(path).href + (fresh ? `?pith-load=${++freshImports}` : ""));
    } catch (error) {
      // ESM syntax in a file Node reads as CommonJS (no "type": "module" nearby): jiti reads either
      if (!(error instanceof SyntaxError)) throw error;
    }
  }
  // an import() or require() may run after loading, when a missing module can no longer be loaded first
  await loadServed(lateImports(source));
  const jiti = sharedJiti(cacheDir, fresh);
  for (;;) {
    try {
      return await jiti.import(path);
    } catch (error) {
      if (!(error instanceof ServedModuleNotLoaded) || isLoaded(error.specifier)) throw error;
      await loadServed([error.specifier]);
    }
  }
}

function sharedJiti(cacheDir: string | false, fresh: boolean): JitiInstance {
  const key = `${fresh ? "fresh:" : ""}${cacheDir === false ? "" : cacheDir}`;
  let instance = instances.get(key);
  if (!instance) {
    const { createJiti } = requireJiti(cacheDir);
    const transform = reportingTransform(cacheDir);
    instance = createJiti(import.meta.url, { moduleCache: !fresh, fsCache: cacheDir, interopDefault: true, virtualModules, ...(transform ? { transform } : {}) });
    instances.set(key, instance);
  }
  return instance;
}
