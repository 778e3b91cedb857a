// Scripts run against a module pi 1.6.0 serves to extensions and against pith's copy: each script is
// `(module, root) => result`; pi's side runs them all in one Node 22 process (pi's own virtual-module table), pith's
// side runs one at a time as an extension file through pith's module loader. Their JSON results are compared.
import { PI16_PACKAGE, runOnNode22 } from "../support/pi-node22.js";
import { createExtensionModuleLoader } from "../../plugins/extensions/loading/module-loader.js";
import type { World } from "./harness.js";

/** Every script's result under pi, in order; `prelude` is shared code both sides run first. */
export async function piScriptResults(module: string, prelude: string, scripts: readonly string[], root: string, env?: NodeJS.ProcessEnv): Promise<unknown[]> {
  const table = JSON.stringify(`${PI16_PACKAGE}/dist/core/extensions/virtual-modules.js`);
  const output = await runOnNode22(
    `const { VIRTUAL_MODULES } = await import(${table});
     ${prelude}
     const scripts = [${scripts.join(",")}];
     const results = [];
     for (const run of scripts) results.push(await run(VIRTUAL_MODULES[${JSON.stringify(module)}], ${JSON.stringify(root)}));
     process.stdout.write(JSON.stringify(results));`,
    env ? { env } : {},
  );
  return JSON.parse(output) as unknown[];
}

/** One script's result under pith, as JSON would carry it. */
export async function pithScriptResult(world: World, module: string, prelude: string, script: string, index: number): Promise<unknown> {
  const path = await world.write(
    `ext/script-${index}.ts`,
    `import * as served from "${module}";\n${prelude}\nexport default async function (root: string) { const run: any = ${script}; return run(served, root); }`,
  );
  const run = (await createExtensionModuleLoader({ cacheDir: world.cacheDir }).load(path)) as (root: string) => Promise<unknown>;
  return JSON.parse(JSON.stringify((await run(world.root)) ?? null));
}
