// Extension loading: 1 and 10 TypeScript extensions written like pi's documented ones (a TypeBox tool, a command,
// event handlers), each loaded in a fresh process through the extensions plugin's module loader, bundled the way
// the CLI ships it (jiti external, pith's shims in a chunk of their own). Cold = empty transform cache, warm =
// cache filled by an earlier run. Target: warm start adds at most 30 ms per TypeScript extension.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { median, ms, ratio } from "./measure.mjs";

const run = promisify(execFile);

/** Bundles plugins/extensions/module-loader.ts into `outDir` and returns the entry file. */
export async function bundleExtensionLoader(root, outDir) {
  const { build } = await import(pathToFileURL(join(root, "node_modules/esbuild/lib/main.js")).href);
  const jiti = pathToFileURL(join(root, "node_modules/jiti/lib/jiti.mjs")).href;
  await build({
    entryPoints: { loader: join(root, "plugins/extensions/module-loader.ts") },
    absWorkingDir: root,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    minify: true,
    logLevel: "warning",
    banner: { js: "import { createRequire as __pithCreateRequire } from 'node:module'; const require = __pithCreateRequire(import.meta.url);" },
    plugins: [{ name: "jiti-outside", setup: (b) => b.onResolve({ filter: /^jiti$/ }, () => ({ path: jiti, external: true })) }],
  });
  return join(outDir, "loader.js");
}

// Times, in one process: the loader plus a one-line TypeScript primer (the fixed cost: jiti and pith's shims),
// then each extension's import and factory on its own.
const CHILD = `
import { pathToFileURL } from "node:url";
const [loader, cacheDir, primer, ...paths] = process.argv.slice(2);
const pi = new Proxy({}, { get: () => () => undefined });
let started = performance.now();
const { createExtensionModuleLoader } = await import(pathToFileURL(loader).href);
const load = createExtensionModuleLoader({ cacheDir });
await (await load.load(primer))(pi);
const fixed = performance.now() - started;
const each = [];
for (const path of paths) {
  started = performance.now();
  await (await load.load(path))(pi);
  each.push(performance.now() - started);
}
process.stdout.write(JSON.stringify({ fixed, each }));
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

export async function benchExtensions({ root }) {
  const runs = Number(process.env.BENCH_RUNS ?? 15);
  const work = await mkdtemp(join(tmpdir(), "pith-bench-ext-"));
  try {
    const loader = await bundleExtensionLoader(root, join(work, "bundle"));
    const child = join(work, "child.mjs");
    await writeFile(child, CHILD);
    const extensions = [];
    for (let index = 0; index < 10; index++) {
      const path = join(work, "extensions", `ext-${index}.ts`);
      await mkdir(join(work, "extensions"), { recursive: true });
      await writeFile(path, extensionSource(index));
      extensions.push(path);
    }
    const primer = join(work, "primer.ts");
    await writeFile(primer, "export default function (pi: unknown): void {}\n");
    const sample = async (paths, cacheDir) => JSON.parse((await run(process.execPath, [child, loader, cacheDir, primer, ...paths])).stdout);
    /** Median figures over `runs` fresh processes; cold runs start from an empty cache, warm ones from a filled one. */
    const measure = async (count, warm) => {
      const paths = extensions.slice(0, count);
      const cacheDir = join(work, `cache-${count}`);
      if (warm) await sample(paths, cacheDir);
      const fixed = [];
      const each = [];
      const total = [];
      for (let index = 0; index < runs; index++) {
        if (!warm) await rm(cacheDir, { recursive: true, force: true });
        const result = await sample(paths, cacheDir);
        fixed.push(result.fixed);
        each.push(...result.each);
        total.push(result.fixed + result.each.reduce((sum, value) => sum + value, 0));
      }
      return { fixed: median(fixed), each: median(each), total: median(total) };
    };
    const figures = {};
    for (const count of [1, 10]) figures[count] = { cold: await measure(count, false), warm: await measure(count, true) };
    console.log(`extensions: TypeScript extensions loaded in a fresh process (median of ${runs} runs)`);
    for (const count of [1, 10]) {
      const { cold, warm } = figures[count];
      const label = `${String(count).padStart(2)} extension${count === 1 ? " " : "s"}`;
      console.log(`  ${label}  total    cold ${ms(cold.total).padStart(9)}   warm ${ms(warm.total).padStart(9)}   warm/cold ${ratio(warm.total, cold.total)}`);
      console.log(`  ${" ".repeat(label.length)}  each     cold ${ms(cold.each).padStart(9)}   warm ${ms(warm.each).padStart(9)}   warm/cold ${ratio(warm.each, cold.each)}   (target: warm at most 30 ms)`);
    }
    console.log(`  once per process (jiti + pith's shims)    warm ${ms(figures[10].warm.fixed).padStart(9)}`);
    return figures;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
