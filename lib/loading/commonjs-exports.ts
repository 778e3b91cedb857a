// The members of a CommonJS package loaded with `import()`. Node's ES module loader and the CLI's CommonJS bundle
// offer them by name, but in the library's ES module bundle (dist/, split into chunks) a bundled CommonJS package
// is a chunk whose only export is `default`, its module.exports: naming a member there finds nothing.
export function commonJsExports<T extends object>(module: T): T {
  return (module as T & { default?: T }).default ?? module;
}
