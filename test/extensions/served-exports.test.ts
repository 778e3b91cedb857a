// The modules pith serves to extensions against pi 1.6.0's own: the same module names, and under each name the same
// export names. pi's side is its extension loader's table of served modules (`VIRTUAL_MODULES`), imported under
// Node 22 in a child process; pith's side is what an extension file sees when it imports each name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExtensionModuleLoader } from "../../plugins/extensions/loading/module-loader.js";
import { PI16_PACKAGE, runOnNode22 } from "../support/pi-node22.js";
import { createWorld, type World } from "./harness.js";

let world: World;
let piExports: Record<string, string[]>;

beforeAll(async () => {
  world = await createWorld();
  const table = JSON.stringify(`${PI16_PACKAGE}/dist/core/extensions/virtual-modules.js`);
  const output = await runOnNode22(
    `const { VIRTUAL_MODULES } = await import(${table});
     const names = Object.fromEntries(Object.entries(VIRTUAL_MODULES).map(([name, module]) => [name, Object.keys(module).sort()]));
     process.stdout.write(JSON.stringify(names));`,
  );
  piExports = JSON.parse(output) as Record<string, string[]>;
}, 180_000);
afterAll(() => world.close());

/** The export names an extension file sees when it does `import * as served from specifier`. */
async function pithExports(specifier: string): Promise<string[]> {
  const path = await world.write(
    `ext/${specifier.replaceAll(/[@/]/g, "_")}.ts`,
    `import * as served from "${specifier}";
     export default function (): string[] { return Object.keys(served); }`,
  );
  const factory = (await createExtensionModuleLoader({ cacheDir: world.cacheDir }).load(path)) as () => string[];
  // jiti's interop adds `default` to a namespace without one
  return factory()
    .filter((name) => name !== "default" || piExports[specifier]!.includes("default"))
    .sort();
}

describe("served modules match pi 1.6.0", () => {
  it("pi serves the module names pith serves, under both scopes", async () => {
    const { servedNames } = await import("../../plugins/extensions/shims/index.js");
    const pithNames = servedNames().filter((name) => !name.startsWith("pith"));
    expect(pithNames.sort()).toEqual(Object.keys(piExports).sort());
  });

  it("every served module exports pi 1.6.0's names", async () => {
    const differences: Record<string, { missing: string[]; extra: string[] }> = {};
    for (const [specifier, names] of Object.entries(piExports)) {
      const ours = await pithExports(specifier);
      const missing = names.filter((name) => !ours.includes(name));
      const extra = ours.filter((name) => !names.includes(name));
      if (missing.length + extra.length > 0) differences[specifier] = { missing, extra };
    }
    expect(differences).toEqual({});
  }, 120_000);
});
