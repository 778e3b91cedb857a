// Imports a module through Node's own ES module loader: packages pith does not bundle (jiti) and user files.
// The CLI bundle runs as a script compiled with V8's code cache (bin/compile-cache.cjs), and `import()` inside
// such a script has no loader behind it on Node 20 without an experimental flag; bin/pith.cjs, a real module,
// then lends its own `import()` under this symbol.
const NATIVE_IMPORT = Symbol.for("pith.nativeImport");

type Importer = (specifier: string) => Promise<unknown>;

export function nativeImport<T = unknown>(specifier: string): Promise<T> {
  const lent = (globalThis as { [NATIVE_IMPORT]?: Importer })[NATIVE_IMPORT];
  return (lent ? lent(specifier) : import(specifier)) as Promise<T>;
}
