// The first-frame bundle (dist/frame.cjs) and the interactive CLI bundle that goes on from it (dist/cli-tui.cjs).
// A plain interactive start (bin/first-frame-words.cjs) reads only the first: the modules its first frame needs,
// with a code cache of its own; then the second, the CLI without those modules. Every module of the first-frame
// bundle is also reachable by number (`frameModule(index)`, initialised on first use), and the second bundle's
// imports of those modules are answered from it (`pith-frame:<index>`, bin/bundle-require.cjs): one instance of
// each module in a run, one pi-tui, one TUI. A module of pith's that the frame's modules import dynamically is left to
// the second bundle (`pith-later:<file>`, answered by its `laterModule`), which loads it when the import runs: what
// only the session uses (slash commands, sign-in flows, what run() needs) stays out of the frame's bundle. Print,
// JSON and RPC runs read dist/cli.cjs as before.
import { relative, resolve } from "node:path";
import { build } from "esbuild";

const FRAME_ENTRY = "sdk/cli/frame-entry.ts";
const NAMESPACE = "pith-frame";
const LATER = "pith-later";
// the generated entry's name in the metafile
const ENTRY_NAME = "frame-entry.mjs";

/** The frame bundle's entry: `startFrame`, and each shared module by number (esbuild wraps a `require`d module lazily). */
function frameEntry(files) {
  const cases = files.map((file, index) => `    case ${index}: return require(${JSON.stringify(`./${file}`)});`);
  return [`export { startFrame } from "./${FRAME_ENTRY}";`, "export function frameModule(index) {", "  switch (index) {", ...cases, "  }", "}"].join("\n");
}

/**
 * pith's own files a build's bundle holds, as esbuild's metafile names them (relative to the root). Packages are not
 * shared: kept whole, zod alone would double the bundle; the two bundles have their own copies of the few the frame
 * uses, which pith never checks with `instanceof` across modules of the two (zod's schemas are made and checked by
 * the same bundle's modules).
 */
function bundledFiles(metafile) {
  return Object.keys(metafile.inputs)
    .filter((input) => !input.includes(":") && !input.startsWith("node_modules/") && input !== ENTRY_NAME)
    .sort();
}

/**
 * Builds dist/frame.cjs and dist/cli-tui.cjs with `options` (the CLI bundle's esbuild options, entry points and
 * output left out). A module shared by number must keep all its exports, which can bring more modules in: the frame
 * bundle is built again until its set of files stays the same.
 */
export async function buildFrameBundles(options) {
  const later = new Set();
  const frameBuild = (files, write) => {
    later.clear();
    return build({
      ...options,
      stdin: { contents: frameEntry(files), resolveDir: ".", sourcefile: ENTRY_NAME },
      outfile: "dist/frame.cjs",
      metafile: true,
      write,
      plugins: [...(options.plugins ?? []), leftToSecondBundle(later)],
    });
  };
  let files = [];
  for (;;) {
    const next = bundledFiles((await frameBuild(files, false)).metafile);
    if (next.length === files.length && next.every((file, index) => file === files[index])) break;
    files = next;
  }
  await frameBuild(files, true);
  const shared = new Map(files.map((file, index) => [resolve(file), index]));
  await build({
    ...options,
    stdin: { contents: secondEntry([...later].sort()), resolveDir: ".", sourcefile: "cli-tui-entry.mjs" },
    outfile: "dist/cli-tui.cjs",
    plugins: [...(options.plugins ?? []), sharedWithFrame(shared)],
  });
  return files.length;
}

/** The second bundle's entry: the CLI's `run`, and each module the frame's modules import dynamically, by its file. */
function secondEntry(files) {
  const cases = files.map((file) => `    case ${JSON.stringify(file)}: return require(${JSON.stringify(`./${file}`)});`);
  return ['export { run } from "./sdk/cli/run.ts";', "export function laterModule(file) {", "  switch (file) {", ...cases, "  }", "}"].join("\n");
}

/** For the frame bundle: a dynamic import of one of pith's files becomes a stand-in that requires it from the second bundle. */
function leftToSecondBundle(later) {
  return {
    name: "left-to-second-bundle",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== "dynamic-import" || args.pluginData?.leftToSecondBundle) return undefined;
        const found = await pluginBuild.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { leftToSecondBundle: true } });
        if (found.errors.length > 0 || found.external || found.namespace !== "file") return undefined;
        const file = relative(resolve("."), found.path);
        if (file.startsWith("..") || file.startsWith("node_modules/")) return undefined;
        later.add(file);
        return { path: file, namespace: LATER };
      });
      pluginBuild.onResolve({ filter: /^pith-later:/ }, (args) => ({ path: args.path, external: true }));
      pluginBuild.onLoad({ filter: /.*/, namespace: LATER }, (args) => ({ contents: `module.exports = require(${JSON.stringify(`${LATER}:${args.path}`)});`, loader: "js" }));
    },
  };
}

/** For the interactive CLI bundle: an import of a module the frame bundle holds becomes a stand-in that requires it. */
function sharedWithFrame(shared) {
  return {
    name: "shared-with-frame",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.sharedWithFrame || args.namespace === NAMESPACE || args.path.startsWith("pith-")) return undefined;
        const found = await pluginBuild.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { sharedWithFrame: true } });
        if (found.errors.length > 0 || found.external) return undefined;
        const index = shared.get(found.path);
        return index === undefined ? undefined : { path: String(index), namespace: NAMESPACE };
      });
      pluginBuild.onResolve({ filter: /^pith-frame:/ }, (args) => ({ path: args.path, external: true }));
      // an ES module re-exporting the shared one, as build/vendor-modules.mjs's stand-ins do; `default` as an import
      // of the module itself would give it
      pluginBuild.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: ((id) => `export * from ${id};\nconst whole = require(${id});\nexport default whole.__esModule ? whole.default : whole;`)(JSON.stringify(`pith-frame:${args.path}`)),
        loader: "js",
      }));
    },
  };
}
