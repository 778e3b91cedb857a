// The architecture's import rules, checked by test/architecture/dependencies.test.ts (`npx depcruise kernel lib
// plugins sdk` prints the same report). Type-only imports count: a circle of types is still a circle to read.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import circles, type-only ones included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "kernel-imports-nothing-of-ours",
      comment: "The kernel imports only itself, Node's built-ins and npm packages: no plugin, library, SDK, test or bench code, nor any other file of the repository.",
      severity: "error",
      from: { path: "^kernel/" },
      to: { pathNot: "^kernel/|(^|/)node_modules/", dependencyTypesNot: ["core"] },
    },
    {
      name: "every-import-resolves",
      comment: "An import the cruiser cannot resolve would slip past every rule above.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "plugins-never-import-sdk",
      comment: "The SDK assembles plugins; a plugin never reaches back into it.",
      severity: "error",
      from: { path: "^plugins/" },
      to: { path: "^sdk/" },
    },
    {
      name: "lib-imports-no-plugin-or-sdk",
      comment: "Libraries are shared by plugins; they know none of them, nor the SDK.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(plugins|sdk)/" },
    },
    {
      name: "kernel-only-through-its-entry",
      comment: "Libraries, plugins and the SDK reach the kernel only through what kernel/index.ts exports.",
      severity: "error",
      from: { path: "^(lib|plugins|sdk)/" },
      to: { path: "^kernel/", pathNot: "^kernel/index\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)node_modules/|^dist/" },
    tsPreCompilationDeps: true,
    // `createRequire(import.meta.url)` bound to this name loads modules on demand; they count as imports too
    exoticRequireStrings: ["requireHere"],
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".js", ".mjs", ".cjs", ".json"],
      // packages that offer only an "exports" map (typebox, the MCP SDK) resolve through it
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
