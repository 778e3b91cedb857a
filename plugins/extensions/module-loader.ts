// Imports extension files. TypeScript (and JavaScript that imports pi's packages) goes through one jiti instance
// per cache folder, shared by every session of the process: module cache on, transforms cached on disk and keyed
// by the file's content, and pi's package names served from pith's own shims as virtual modules (so an
// extension gets the very objects pith runs on). Plain JavaScript that imports none of pi's names is imported by
// Node directly. jiti and the shims are only imported when the first such file loads.
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

export interface ExtensionModuleLoader {
  /** The file's default export (the module itself when it has none). */
  load(path: string): Promise<unknown>;
}

interface JitiInstance {
  import(id: string): Promise<unknown>;
}

/** An import of one of the names the shims serve: `"@mariozechner/..."`, `"typebox..."`, ... */
const SHIMMED_IMPORT = /["'](?:@mariozechner\/|@earendil-works\/|@sinclair\/typebox|typebox)/;
const NATIVE_CANDIDATE = /\.(js|mjs|cjs)$/;

const instances = new Map<string, Promise<JitiInstance>>();

export function createExtensionModuleLoader(options: { cacheDir: string | false }): ExtensionModuleLoader {
  const jiti = () => sharedJiti(options.cacheDir);
  return {
    async load(path) {
      const module = await importModule(path, jiti);
      return module && typeof module === "object" && "default" in module ? (module as { default: unknown }).default : module;
    },
  };
}

async function importModule(path: string, jiti: () => Promise<JitiInstance>): Promise<unknown> {
  if (NATIVE_CANDIDATE.test(path) && !SHIMMED_IMPORT.test(await readFile(path, "utf8"))) {
    try {
      return await import(pathToFileURL(path).href);
    } catch (error) {
      // ESM syntax in a file Node reads as CommonJS (no "type": "module" nearby): jiti reads either
      if (!(error instanceof SyntaxError)) throw error;
    }
  }
  return (await jiti()).import(path);
}

function sharedJiti(cacheDir: string | false): Promise<JitiInstance> {
  const key = cacheDir === false ? "" : cacheDir;
  let instance = instances.get(key);
  if (!instance) {
    instance = createJitiInstance(cacheDir);
    instances.set(key, instance);
    instance.catch(() => instances.delete(key));
  }
  return instance;
}

async function createJitiInstance(cacheDir: string | false): Promise<JitiInstance> {
  const [{ createJiti }, { shimModules }] = await Promise.all([import("jiti"), import("./shims/index.js")]);
  return createJiti(import.meta.url, {
    moduleCache: true,
    fsCache: cacheDir,
    interopDefault: true,
    virtualModules: shimModules(),
  });
}
