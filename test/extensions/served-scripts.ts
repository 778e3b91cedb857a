// Scripts run against a module pi 1.6.0 serves to extensions and against pith's copy, their JSON results compared.
// pi's side runs them all in one Node 22 process (pi's own virtual-module table); pith's side runs each as an
// extension file through pith's module loader. `piScriptResults`/`pithScriptResult` give the two sides' results for a
// test to compare; `describeServedScripts` declares one test per script over several served modules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExtensionModuleLoader } from "../../plugins/extensions/loading/module-loader.js";
import { PI16_PACKAGE, runOnNode22 } from "../support/pi-node22.js";
import { createWorld, type World } from "./harness.js";

/**
 * Each script's result under pi, in order, in one Node 22 process: `args` is the source of the arguments every
 * script is called with, over pi's `VIRTUAL_MODULES` table; `prelude` is shared code run first.
 */
async function runPiScripts(args: string, prelude: string, scripts: readonly string[], env?: NodeJS.ProcessEnv): Promise<unknown[]> {
  const table = JSON.stringify(`${PI16_PACKAGE}/dist/core/extensions/virtual-modules.js`);
  const output = await runOnNode22(
    `const { VIRTUAL_MODULES } = await import(${table});
     ${prelude}
     const results = [];
     for (const run of [${scripts.join(",")}]) results.push(await run(${args}));
     process.stdout.write(JSON.stringify(results));`,
    env ? { env } : {},
  );
  return JSON.parse(output) as unknown[];
}

/** Every script's result under pi, in order; `prelude` is shared code both sides run first. */
export function piScriptResults(module: string, prelude: string, scripts: readonly string[], root: string, env?: NodeJS.ProcessEnv): Promise<unknown[]> {
  return runPiScripts(`VIRTUAL_MODULES[${JSON.stringify(module)}], ${JSON.stringify(root)}`, prelude, scripts, env);
}

/**
 * One script's result under pith: an extension file importing the served modules, loaded by pith's module loader,
 * calls the script with them and then `extra`.
 */
async function runPithScript(world: World, modules: readonly string[], prelude: string, script: string, file: string, extra: unknown[] = []): Promise<unknown> {
  const imports = modules.map((name, at) => `import * as served${at} from ${JSON.stringify(name)};`).join("\n");
  const served = modules.map((_, at) => `served${at}`).join(", ");
  const path = await world.write(file, `${imports}\n${prelude}\nexport default async function (...extra: unknown[]) { const run: any = ${script}; return run(${served}, ...extra); }`);
  const run = (await createExtensionModuleLoader({ cacheDir: world.cacheDir }).load(path)) as (...extra: unknown[]) => Promise<unknown>;
  return run(...extra);
}

/** One script's result under pith, called with the module and the world's root, as JSON would carry it. */
export async function pithScriptResult(world: World, module: string, prelude: string, script: string, index: number): Promise<unknown> {
  return JSON.parse(JSON.stringify((await runPithScript(world, [module], prelude, script, `ext/script-${index}.ts`, [world.root])) ?? null));
}

export interface ServedScripts {
  /** the served module names the scripts take, in order */
  modules: string[];
  /** source run before each script (shared helpers) */
  preamble: string;
  scripts: Array<[label: string, source: string]>;
}

export function describeServedScripts(title: string, { modules, preamble, scripts }: ServedScripts): void {
  let piResults: unknown[];
  beforeAll(async () => {
    const served = modules.map((name) => `VIRTUAL_MODULES[${JSON.stringify(name)}]`).join(", ");
    piResults = await runPiScripts(served, preamble, scripts.map(([, source]) => source));
  }, 180_000);

  describe(title, () => {
    let world: World;
    beforeAll(async () => (world = await createWorld()));
    afterAll(() => world.close());

    it.each(scripts.map((script, index) => [script[0], index] as const))("%s", async (_label, index) => {
      const result = await runPithScript(world, modules, preamble, scripts[index]![1], `ext/served-${index}.ts`);
      expect(JSON.parse(JSON.stringify(result))).toEqual(piResults[index]);
    });
  });
}
