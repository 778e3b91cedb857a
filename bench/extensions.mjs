// Extension loading: 1 and 10 TypeScript extensions written like pi's documented ones (a TypeBox tool, a command,
// event handlers), each loaded in a fresh process through the extensions plugin's module loader, bundled and loaded
// the way the CLI is. Cold = empty caches (jiti's transforms, V8's code cache), warm = caches filled by an earlier
// run. Target: warm start adds at most 30 ms per TypeScript
// extension. The one-off cost is split in two: jiti (paid by the first TypeScript file) and the modules pith
// serves to extensions (paid by the first file that imports each one: here `typebox` and `pi-ai`).
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { median, ms, ratio, repeat, runOnce } from "./measure.mjs";

const run = promisify(execFile);

/**
 * Bundles plugins/extensions/loading/module-loader.ts into `outDir` as build.mjs bundles the CLI (one CommonJS file, the
 * modules served to extensions behind lazy initialisers) and returns the bundle. `outDir` gets a `node_modules`
 * link to the repository's, so the bundle finds jiti the way an installed pith does.
 */
export async function bundleExtensionLoader(root, outDir, { moduleFunction = true } = {}) {
  const moduleUrl = "const __pithModuleUrl = require('node:url').pathToFileURL(__filename).href;";
  const { build } = await import(pathToFileURL(join(root, "node_modules/esbuild/lib/main.js")).href);
  await build({
    entryPoints: { loader: join(root, "plugins/extensions/loading/module-loader.ts") },
    absWorkingDir: root,
    outdir: outDir,
    outExtension: { ".js": ".cjs" },
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    minify: true,
    logLevel: "warning",
    external: ["jiti"],
    define: { "import.meta.url": "__pithModuleUrl" },
    // by default written as the module function itself, as build.mjs writes the CLI's bundles for
    // bin/compile-cache.cjs; `moduleFunction: false` gives a plain CommonJS file that `import()` loads
    ...(moduleFunction
      ? { banner: { js: `(function (exports, require, module, __filename, __dirname) {${moduleUrl}` }, footer: { js: "})" } }
      : { banner: { js: moduleUrl } }),
  });
  await symlink(join(root, "node_modules"), join(outDir, "node_modules"), "dir");
  return join(outDir, "loader.cjs");
}

// Times, in one process: loading the bundle as bin/pith.cjs loads the CLI (through V8's code cache, kept in
// PITH_CACHE_DIR), a one-line TypeScript primer that imports nothing (jiti's share of the fixed cost), then each
// extension's import and factory on its own (the first one also pays for the served modules it imports).
const CHILD = `
import { createRequire } from "node:module";
const [compileCache, loader, cacheDir, primer, ...paths] = process.argv.slice(2);
globalThis[Symbol.for("pith.nativeImport")] = (specifier) => import(specifier);
const pi = new Proxy({}, { get: () => () => undefined });
let started = performance.now();
const bundle = createRequire(import.meta.url)(compileCache).loadWithCodeCache(loader);
const load = bundle.exports.createExtensionModuleLoader({ cacheDir });
const loaderMs = performance.now() - started;
started = performance.now();
await (await load.load(primer))(pi);
const jitiMs = performance.now() - started;
const each = [];
for (const path of paths) {
  started = performance.now();
  await (await load.load(path))(pi);
  each.push(performance.now() - started);
}
bundle.sessionRan();
process.stdout.write(JSON.stringify({ loaderMs, jitiMs, each }));
`;

const extensionSource = (index) => `
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { Type } from "typebox";
import { StringEnum } from "@mariozechner/pi-ai";

interface Counter { calls: number }

export default function (pi: ExtensionAPI) {
  const counter: Counter = { calls: 0 };
  pi.on("tool_call", async (event) => {
    if (event.toolName === "bash" && String(event.input.command).includes("rm -rf")) return { block: true, reason: "no" };
  });
  pi.on("turn_end", () => { counter.calls++; });
  pi.registerTool({
    name: "tool_${index}",
    label: "Tool ${index}",
    description: "Bench tool ${index}",
    parameters: Type.Object({ mode: StringEnum(["a", "b"] as const), text: Type.Optional(Type.String()) }),
    async execute(_id, params) {
      return { content: [{ type: "text", text: \`\${params.mode}: \${params.text ?? ""}\` }], details: { calls: counter.calls } };
    },
  });
  pi.registerCommand("cmd-${index}", { description: "Bench command", handler: async (args, ctx) => ctx.ui.notify(args, "info") });
}
`;

const sum = (values) => values.reduce((total, value) => total + value, 0);

export async function benchExtensions({ root }) {
  const runs = Number(process.env.BENCH_RUNS ?? 15);
  const work = await mkdtemp(join(tmpdir(), "pith-bench-ext-"));
  try {
    const loader = await bundleExtensionLoader(root, join(work, "bundle"));
    const child = join(work, "child.mjs");
    await writeFile(child, CHILD);
    const extensions = [];
    await mkdir(join(work, "extensions"), { recursive: true });
    for (let index = 0; index < 10; index++) {
      const path = join(work, "extensions", `ext-${index}.ts`);
      await writeFile(path, extensionSource(index));
      extensions.push(path);
    }
    const primer = join(work, "primer.ts");
    await writeFile(primer, "export default function (pi: unknown): void {}\n");
    const compileCache = join(root, "bin/compile-cache.cjs");
    const sample = async (paths, cacheDir) => {
      const env = { ...process.env, PITH_CACHE_DIR: join(cacheDir, "pith") };
      return JSON.parse((await run(process.execPath, [child, compileCache, loader, cacheDir, primer, ...paths], { env })).stdout);
    };
    /** Median figures over `runs` fresh processes; cold runs start from an empty cache, warm ones from a filled one. */
    const measure = async (count, warm) => {
      const paths = extensions.slice(0, count);
      const cacheDir = join(work, `cache-${count}`);
      if (warm) await sample(paths, cacheDir);
      const figures = { loader: [], jiti: [], first: [], later: [], total: [] };
      for (let index = 0; index < runs; index++) {
        if (!warm) await rm(cacheDir, { recursive: true, force: true });
        const { loaderMs, jitiMs, each } = await sample(paths, cacheDir);
        figures.loader.push(loaderMs);
        figures.jiti.push(jitiMs);
        figures.first.push(each[0]);
        figures.later.push(...each.slice(1));
        figures.total.push(loaderMs + jitiMs + sum(each));
      }
      return Object.fromEntries(Object.entries(figures).map(([name, values]) => [name, values.length > 0 ? median(values) : NaN]));
    };
    const node = median((await repeat(runs, () => runOnce(process.execPath, ["-e", "0"]))).map((result) => result.ms));
    const figures = {};
    for (const count of [1, 10]) figures[count] = { cold: await measure(count, false), warm: await measure(count, true) };
    const { warm } = figures[10];
    const shims = warm.first - warm.later;
    console.log(`extensions: TypeScript extensions loaded in a fresh process (median of ${runs} runs; node -e 0: ${ms(node)})`);
    for (const count of [1, 10]) {
      const { cold, warm: hot } = figures[count];
      const label = `${String(count).padStart(2)} extension${count === 1 ? " " : "s"}`;
      console.log(`  ${label}  total           cold ${ms(cold.total).padStart(9)}   warm ${ms(hot.total).padStart(9)}   warm/cold ${ratio(hot.total, cold.total)}`);
    }
    console.log(`  each further extension        cold ${ms(figures[10].cold.later).padStart(9)}   warm ${ms(warm.later).padStart(9)}   (target: warm at most 30 ms)`);
    console.log(`  once per process, warm: loader ${ms(warm.loader)}, jiti ${ms(warm.jiti)}, typebox + pi-ai for the first extension ${ms(shims)}`);
    console.log(`                          = ${ms(warm.loader + warm.jiti + shims)} before the first factory's own work`);
    return { node, figures };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
