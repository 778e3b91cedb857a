// Builds the shipped JavaScript. esbuild passes run side by side:
// - the CLI as one CommonJS bundle (dist/cli.cjs): bin/pith.cjs loads it through V8's code cache, which Node 20
//   offers only for scripts, not ES modules; code a run does not need stays behind lazy initialisers;
// - for a plain interactive start, the first frame's modules and the rest of the CLI as two bundles that share
//   them (dist/frame.cjs, dist/cli-tui.cjs: build/frame-bundle.mjs);
// - the leaf libraries it leaves out (build/vendor-modules.mjs) as CommonJS bundles of their own in dist/vendor/;
// - the library entry points as ES modules with shared chunks (the provider SDKs in chunks of their own).
// tsc then writes the type declarations.
import { build } from "esbuild";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { vendorEntries, vendorModules } from "./build/vendor-modules.mjs";
import { piTuiLazyInit } from "./build/pi-tui-lazy-init.mjs";
import { STAMP_FILE, buildInputsHash } from "./build/build-inputs.mjs";
import { buildFrameBundles } from "./build/frame-bundle.mjs";

const inputs = buildInputsHash();
if (process.argv.includes("--if-stale") && existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, "utf8") === inputs) {
  console.log("dist/ is up to date with the sources; nothing to build");
  process.exit(0);
}

// Every built-in plugin's entry (`pith/plugins/<name>`), for custom distributions that pick or swap plugins.
const pluginEntries = Object.fromEntries(
  readdirSync("plugins")
    .filter((name) => existsSync(`plugins/${name}/index.ts`))
    .map((name) => [`plugins/${name}/index`, `plugins/${name}/index.ts`]),
);

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
rmSync("dist", { recursive: true, force: true });

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  minify: true,
  // jiti is only for user plugins and extensions; it stays a normal dependency, imported on demand.
  external: ["jiti"],
  // jsonc-parser's "main" is a UMD build whose requires esbuild cannot follow; its ES module build bundles.
  alias: { "jsonc-parser": "jsonc-parser/lib/esm/main.js" },
  // Headers, Response and FormData as bundled code names them: Node 20's globals load all of undici when touched
  // (~30 ms), and the provider SDKs touch them on every request (lib/http/web-globals.ts).
  inject: ["lib/http/web-globals.ts"],
  logLevel: "warning",
};

// The SDKs also name it as `globalThis.ReadableStream`, which `inject` does not see (web-globals.ts says why the
// stand-in has a name of its own there).
const webGlobals = { "globalThis.ReadableStream": "PithGlobalReadableStream" };
// `import.meta.url` in a CommonJS bundle: the bundle file's own URL
const moduleUrlBanner = "const __pithModuleUrl = require('node:url').pathToFileURL(__filename).href;";
// The CommonJS bundles are loaded only by bin/compile-cache.cjs, as V8 scripts: each file is already the function
// Node's loader would wrap it in, so the loader hands V8 the text as read. A wrapper added at run time makes a
// second string that V8 copies whole into a third before it uses the code cache.
const loaderWrapper = (banner = "") => ({
  banner: { js: `(function (exports, require, module, __filename, __dirname) {${banner}` },
  footer: { js: "})" },
});

const cliOptions = {
  ...common,
  format: "cjs",
  plugins: [vendorModules],
  define: { ...webGlobals, __PITH_VERSION__: JSON.stringify(pkg.version), "import.meta.url": "__pithModuleUrl" },
  ...loaderWrapper(moduleUrlBanner),
};

await Promise.all([
  build({ ...cliOptions, entryPoints: { cli: "sdk/cli/run.ts" }, outdir: "dist", outExtension: { ".js": ".cjs" } }),
  // a plain interactive start: the first frame's modules, then the rest of the CLI (build/frame-bundle.mjs)
  buildFrameBundles(cliOptions),
  ...vendorEntries().map(({ file, contents, webGlobals: withWebGlobals, moduleUrl, lazyUnicode }) =>
    build({
      ...common,
      ...(lazyUnicode ? { plugins: [piTuiLazyInit] } : {}),
      ...(withWebGlobals ? { define: webGlobals } : { inject: [] }),
      ...loaderWrapper(moduleUrl ? moduleUrlBanner : ""),
      ...(moduleUrl ? { define: { "import.meta.url": "__pithModuleUrl" } } : {}),
      stdin: { contents, resolveDir: ".", sourcefile: `vendor/${file}.mjs` },
      outfile: `dist/vendor/${file}`,
      format: "cjs",
    }),
  ),
  build({
    ...common,
    entryPoints: {
      "sdk/index": "sdk/index.ts",
      "sdk/testing": "sdk/testing/index.ts",
      "kernel/index": "kernel/index.ts",
      "lib/provider-kit/index": "lib/provider-kit/index.ts",
      ...pluginEntries,
    },
    outdir: "dist",
    splitting: true,
    format: "esm",
    define: { ...webGlobals, __PITH_VERSION__: JSON.stringify(pkg.version) },
    banner: { js: "import { createRequire as __pithCreateRequire } from 'node:module'; const require = __pithCreateRequire(import.meta.url);" },
    chunkNames: "chunks/[name]-[hash]",
  }),
]);

// The model catalogue stays data: each run reads only the files of the providers it uses (plugins/models/catalogue.ts
// finds it beside the CLI bundle, or one level above the library's chunks).
cpSync("plugins/models/catalogue", "dist/catalogue", { recursive: true });

// esbuild's charset "ascii" escapes strings but leaves characters inside regular expression literals as they are
// (pi-tui's LaTeX and CJK patterns); as \u escapes they mean the same there, in strings and in comments.
for (const { file, escapeRegexText } of vendorEntries()) {
  if (!escapeRegexText) continue;
  const bundle = `dist/vendor/${file}`;
  const text = readFileSync(bundle, "utf8");
  writeFileSync(bundle, text.replace(/[^\x00-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`));
}

// bin/compile-cache.cjs reads the CommonJS bundles as latin1, which is exact only for ASCII (esbuild's default
// charset escapes everything else); a bundle that is not ASCII must fail here, not garble strings at run time.
for (const bundle of ["dist/cli.cjs", "dist/frame.cjs", "dist/cli-tui.cjs", ...vendorEntries().map(({ file }) => `dist/vendor/${file}`)]) {
  const nonAscii = readFileSync(bundle).findIndex((byte) => byte > 0x7f);
  if (nonAscii !== -1) throw new Error(`${bundle} has a non-ASCII byte at offset ${nonAscii}; keep esbuild's charset "ascii"`);
}

if (!process.argv.includes("--no-types")) {
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], { stdio: "inherit" });
  // Only a complete build, declarations included, makes a later `--if-stale` skip.
  writeFileSync(STAMP_FILE, inputs);
}
