// Reaching Node's own module systems from inside pith's bundles.
// `nativeImport` imports through Node's ES module loader: packages pith does not bundle (jiti) and user files.
// The CLI bundle runs as a script compiled with V8's code cache (bin/compile-cache.cjs), and `import()` inside
// such a script has no loader behind it on Node 20 without an experimental flag; bin/pith.cjs, a real module,
// then lends its own `import()` under this symbol.
// `loadBuiltin` loads one of Node's built-in modules on first use through `require`: starting the ES module
// loader for it, as `import()` would, costs several milliseconds a run does not need to spend.
import { createRequire } from "node:module";

const NATIVE_IMPORT = Symbol.for("pith.nativeImport");

type Importer = (specifier: string) => Promise<unknown>;

export function nativeImport<T = unknown>(specifier: string): Promise<T> {
  const lent = (globalThis as { [NATIVE_IMPORT]?: Importer })[NATIVE_IMPORT];
  return (lent ? lent(specifier) : import(specifier)) as Promise<T>;
}

let requireBuiltin: NodeJS.Require | undefined;

export function loadBuiltin<T>(name: `node:${string}`): T {
  requireBuiltin ??= createRequire(import.meta.url);
  return requireBuiltin(name) as T;
}
