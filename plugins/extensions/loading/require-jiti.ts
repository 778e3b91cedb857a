// Loads jiti for the module loader, as cheaply as Node 20 allows. Through its CommonJS entry: importing its ES
// module entry makes Node scan jiti's 190 kB bundle for export names first. And with V8's code cache for that
// bundle (Node 20 has no compile cache for packages), kept in pith's cache folder and keyed by node's version and
// the bundle's size and mtime, the way bin/compile-cache.cjs loads the CLI: compiling jiti is most of its cost.
// The cache is written at exit, so it holds what the run compiled. Any failure here costs only speed.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import Module, { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { Script } from "node:vm";
import { replaceFileSync } from "../../../lib/fs/replace-file.js";

type Jiti = typeof import("jiti");

export function requireJiti(cacheDir: string | false): Jiti {
  const require = createRequire(import.meta.url);
  const entry = require.resolve("jiti");
  if (cacheDir !== false && process.env.PITH_COMPILE_CACHE !== "0") {
    // jiti's CommonJS entry is a small wrapper that requires this bundle; filled in first, require finds it cached
    const bundle = join(dirname(entry), "../dist/jiti.cjs");
    if (!require.cache[bundle]) {
      try {
        require.cache[bundle] = compileWithCodeCache(bundle, join(cacheDir, "v8"));
      } catch {
        // a changed jiti layout or an unreadable cache only means jiti compiles as usual
      }
    }
  }
  return require(entry) as Jiti;
}

/**
 * jiti's Babel bundle (1.5 MB), which compiles every TypeScript file not found in jiti's disk cache, so a first start
 * and each start after an extension changed: loaded with a V8 code cache beside jiti's, else required as usual.
 */
export function requireBabel(bundle: string, cacheDir: string | false): unknown {
  const require = createRequire(import.meta.url);
  // once per process, whatever the cache folder: require finds it cached after this
  if (cacheDir !== false && process.env.PITH_COMPILE_CACHE !== "0" && !require.cache[bundle]) {
    try {
      require.cache[bundle] = compileWithCodeCache(bundle, join(cacheDir, "v8"));
    } catch {
      // an unreadable cache only means Babel compiles as usual
    }
  }
  return require(bundle);
}

function compileWithCodeCache(file: string, folder: string): NodeJS.Module {
  const source = readFileSync(file, "utf8");
  const stat = statSync(file);
  // V8 rejects a cache made under other node flags: one file per flag set, as for the CLI (bin/compile-cache.cjs)
  const flags = createHash("sha1").update(`${process.execArgv.join(" ")}|${process.env.NODE_OPTIONS ?? ""}`).digest("hex").slice(0, 8);
  const cacheFile = join(folder, `${basename(file)}-${process.version}-${process.arch}-${stat.size}-${Math.floor(stat.mtimeMs)}-${flags}`);
  const cachedData = readOptional(cacheFile);
  const script = new Script(Module.wrap(source), { filename: file, cachedData });
  const module = new Module(file);
  module.filename = file;
  module.paths = (Module as unknown as { _nodeModulePaths(path: string): string[] })._nodeModulePaths(dirname(file));
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: NodeJS.Module, filename: string, dirname: string) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  module.loaded = true;
  if (cachedData === undefined || script.cachedDataRejected) {
    process.once("exit", () => {
      try {
        // a cache folder removed meanwhile (a test's temporary one) is not created again
        if (!existsSync(dirname(folder))) return;
        mkdirSync(folder, { recursive: true });
        replaceFileSync(cacheFile, script.createCachedData());
      } catch {
        // a read-only or full disk only means the next run compiles jiti again
      }
    });
  }
  return module;
}

function readOptional(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
