// Installed packages' files are compiled by esbuild instead of jiti's Babel (plugins/extensions/loading/
// esbuild-transform.ts). What an extension relies on must hold as it did under Babel: the same files, loaded from a
// package (esbuild) and from the user's own folder (Babel), give the same results: import cycles, exports read as
// they change, default and namespace interop (with jiti's proxy), `export *`, import() through jiti, import.meta, the
// file's own require(), pi's served package names. Babel still compiles what esbuild cannot do as it does.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withFileMutationQueue } from "../../plugins/tools/files/mutation-queue.js";
import { createExtensionModuleLoader } from "../../plugins/extensions/index.js";
import { esbuildTransform } from "../../plugins/extensions/loading/esbuild-transform.js";
import { createWorld, type World } from "./harness.js";

const PACKAGE = "pkg/node_modules/fixture";
const OWN = "ext/fixture";

const FILES: Record<string, string> = {
  "index.ts": `
    import { withFileMutationQueue } from "@mariozechner/pi-coding-agent";
    import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
    import { count, bump, currentCount, sawBumpAs, valueLater } from "./counter.ts";
    import legacy, { named } from "./legacy.cjs";
    import * as everything from "./reexports.ts";
    import Shape, { describeShape } from "./shape.ts";
    const path = require("node:path");
    export const text = 'const x = require("no-such-module"); await import("no-such-module")';
    export default function (pi: ExtensionAPI) {
      const before = count;
      bump();
      return {
        served: withFileMutationQueue, before, after: currentCount(), sawBumpAs, valueLater: valueLater(),
        legacy, named, everything: Object.keys(everything).sort(), fromStar: everything.star,
        shape: describeShape(new Shape(2)), hasDeclaredField: "label" in new Shape(2),
        joined: path.join("a", "b"), text, meta: metaOf(import.meta),
        url: import.meta.url, dirname: import.meta.dirname, filename: import.meta.filename,
        resolved: import.meta.resolve("./shape.ts"), dynamic: () => import("./shape.ts"),
      };
    }
    function metaOf(meta: ImportMeta): string[] { return Object.keys(meta).sort(); }
  `,
  // a cycle: counter.ts imports cycle.ts, which calls back into counter.ts while counter.ts is still loading
  "counter.ts": `
    import { early } from "./cycle.ts";
    export let count = 0;
    export function bump(): void { count++; }
    export function currentCount(): number { return count; }
    export const sawBumpAs = early;
    export const late = "set";
    export function valueLater(): string { return late; }
  `,
  "cycle.ts": `
    import { bump, late } from "./counter.ts";
    export const early = typeof bump + ":" + String(late);
  `,
  "legacy.cjs": `module.exports = { named: "named", kind: "commonjs" };`,
  "reexports.ts": `
    export * from "./star.ts";
    export { default as Shape } from "./shape.ts";
  `,
  "star.ts": `export const star: string = "star"; export type Hidden = string;`,
  "shape.ts": `
    export default class Shape { label?: string; constructor(public sides: number) {} }
    export function describeShape(shape: Shape): string { return shape.sides + " sides"; }
  `,
};

let world: World;
/** what the package's copy gave (esbuild), and the user's own copy (Babel) */
let exported: Record<string, unknown>;
let babel: Record<string, unknown>;

beforeAll(async () => {
  world = await createWorld();
  const load = async (folder: string) => {
    for (const [name, source] of Object.entries(FILES)) await world.write(`${folder}/${name}`, source);
    const factory = (await createExtensionModuleLoader({ cacheDir: world.cacheDir }).load(join(world.root, folder, "index.ts"))) as (pi: unknown) => Record<string, unknown>;
    return factory({});
  };
  exported = await load(PACKAGE);
  babel = await load(OWN);
});

afterAll(() => world.close());

describe("a package's TypeScript compiled by esbuild", () => {
  it("is what esbuild made, not Babel's fallback", async () => {
    for (const name of Object.keys(FILES).filter((file) => file.endsWith(".ts"))) {
      const source = FILES[name]!;
      expect(esbuildTransform({ source, filename: join(world.root, PACKAGE, name), ts: true, async: true, interopDefault: true }), name).toEqual(expect.any(String));
    }
    // jiti's disk cache holds both copies' index.ts: esbuild's export helper in the package's, Babel's in the other
    const cached = await Promise.all((await readdir(world.cacheDir)).filter((file) => file.startsWith("fixture-index")).map((file) => readFile(join(world.cacheDir, file), "utf8")));
    expect(cached.filter((code) => code.includes("__toCommonJS") && !code.includes("_interopRequireWildcard"))).toHaveLength(1);
    expect(cached.filter((code) => code.includes("_interopRequireWildcard"))).toHaveLength(1);
  });

  it("gives what Babel's output gives", () => {
    const comparable = (result: Record<string, unknown>, folder: string) =>
      JSON.parse(JSON.stringify({ ...result, dynamic: undefined, served: undefined, meta: undefined }).replaceAll(folder, "<folder>"));
    expect(comparable(exported, PACKAGE)).toEqual(comparable(babel, OWN));
    expect(babel.served).toBe(exported.served);
  });

  it("serves pi's package names from pith's own modules", () => {
    expect(exported.served).toBe(withFileMutationQueue);
  });

  it("an import cycle sees functions at once and values once set; a module's own let is read as it changes", () => {
    expect(exported).toMatchObject({ before: 0, after: 1, sawBumpAs: "function:undefined", valueLater: "set" });
  });

  it("gives a CommonJS file's exports as the default import and its members as named ones", () => {
    expect(exported.legacy).toEqual({ named: "named", kind: "commonjs" });
    expect(exported.named).toBe("named");
  });

  it("re-exports with export * and export { default as }, types left out", () => {
    expect(exported.everything).toEqual(["Shape", "star"]);
    expect(exported.fromStar).toBe("star");
  });

  it("keeps a declared class field and a parameter property, as Babel does", () => {
    expect(exported.shape).toBe("2 sides");
    expect(exported.hasDeclaredField).toBe(true);
  });

  it("runs the file's own require(), and leaves require() and import() inside strings alone", () => {
    expect(exported.joined).toBe(join("a", "b"));
    expect(exported.text).toBe('const x = require("no-such-module"); await import("no-such-module")');
  });

  it("gives import.meta the file's url, folder, name and resolve", () => {
    const file = join(world.root, PACKAGE, "index.ts");
    expect(exported).toMatchObject({ url: pathToFileURL(file).href, dirname: join(world.root, PACKAGE), filename: file });
    expect(exported.meta).toEqual(["dirname", "filename", "resolve", "url"]);
    expect(exported.resolved).toBe(pathToFileURL(join(world.root, PACKAGE, "shape.ts")).href);
  });

  it("imports with import() through jiti: TypeScript, as a namespace with its default", async () => {
    const shape = (await (exported.dynamic as () => Promise<{ default: new (sides: number) => unknown; describeShape: (shape: unknown) => string }>)());
    expect(shape.describeShape(new shape.default(3))).toBe("3 sides");
  });
});

describe("what Babel still compiles in a package", () => {
  it("top-level await, TypeScript's decorators and a syntax error go to Babel, and load as before", async () => {
    const awaits = await world.write(`${PACKAGE}/awaits.ts`, `const value: number = await Promise.resolve(41); export default () => value + 1;`);
    const decorated = await world.write(
      `${PACKAGE}/decorated.ts`,
      `function tag(target: any) { target.tagged = true; }
       @tag class Tagged {}
       export default () => (Tagged as any).tagged;`,
    );
    const broken = await world.write(`${PACKAGE}/broken.ts`, `export default function ( {`);
    for (const path of [awaits, decorated, broken]) {
      expect(esbuildTransform({ source: await readFile(path, "utf8"), filename: path, ts: true, async: true, interopDefault: true }), path).toBeUndefined();
    }
    const loader = createExtensionModuleLoader({ cacheDir: world.cacheDir });
    expect(((await loader.load(awaits)) as () => number)()).toBe(42);
    expect(((await loader.load(decorated)) as () => boolean)()).toBe(true);
    await expect(loader.load(broken)).rejects.toThrow(/broken\.ts/);
  });

  it("the user's own files outside node_modules keep Babel's output, each line where it was", async () => {
    const own = await world.write("ext/own.ts", `export default function (): string {\n  const at: string = new Error("here").stack!;\n  return at;\n}`);
    const stack = ((await createExtensionModuleLoader({ cacheDir: world.cacheDir }).load(own)) as () => string)();
    expect(stack).toContain(`${own}:2:`);
  });
});
