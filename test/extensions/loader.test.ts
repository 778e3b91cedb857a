// Loading extension files: TypeScript through one jiti instance with a disk cache keyed by content, pi's package
// names served from pith's own modules, plain JavaScript imported by Node, and pith plugins in extension places.
import { execFile } from "node:child_process";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { withFileMutationQueue } from "../../plugins/tools/files/mutation-queue.js";
import { truncateHead } from "../../plugins/tools/truncate.js";
import { createExtensionModuleLoader } from "../../plugins/extensions/index.js";
import { createWorld, messagesOf, startSession, type World } from "./harness.js";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

let world: World;
beforeEach(async () => {
  world = await createWorld();
});
afterEach(() => world.close());

describe("module names", () => {
  // The worker's first extension load: jiti, its Babel and the served packages' modules load and compile; on 2 cores
  // under a load of 16-22 it took 20-22 s.
  it("pi's package names resolve to pith's own modules (the very objects pith runs on)", { timeout: 60_000 }, async () => {
    const path = await world.write(
      "ext/imports.ts",
      `import { withFileMutationQueue, truncateHead, isToolCallEventType, defineTool, VERSION } from "@mariozechner/pi-coding-agent";
       import * as renamed from "@earendil-works/pi-coding-agent";
       import { Type as AiType, StringEnum } from "@mariozechner/pi-ai";
       import { Type as SinclairType } from "@sinclair/typebox";
       import { Value } from "@sinclair/typebox/value";
       import { Compile } from "typebox/compile";
       import { Type } from "typebox";
       import { Text, Container, Key, matchesKey, visibleWidth, truncateToWidth } from "@mariozechner/pi-tui";
       import { DEFAULT_AGENT_IDENTITY } from "@mariozechner/pi-agent-core";
       import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
       export const seen = {
         withFileMutationQueue, truncateHead, Type, AiType, SinclairType, renamedQueue: renamed.withFileMutationQueue,
         enumSchema: StringEnum(["a", "b"]), check: Value.Check(Type.Object({ n: Type.Number() }), { n: 1 }),
         compiled: Compile(Type.String()).Check("x"), gate: isToolCallEventType("bash", { toolName: "bash" }),
         tool: defineTool({ name: "t" }).name, version: VERSION, text: new Text("a\\nb", 1, 1).render(10),
         container: new Container(), key: Key.ctrlShift("p"), escape: Key.escape, matches: matchesKey("x", "enter"),
         width: visibleWidth("\\u001b[31mred\\u001b[0m"), cut: truncateToWidth("abcdef", 4), identity: DEFAULT_AGENT_IDENTITY.attribution.name,
       };
       export default function (pi: ExtensionAPI) { (globalThis as any).__pithSeen = seen; }`,
    );
    const factory = (await createExtensionModuleLoader({ cacheDir: world.cacheDir }).load(path)) as (pi: unknown) => void;
    factory({});
    const seen = (globalThis as { __pithSeen?: Record<string, unknown> }).__pithSeen!;
    expect(seen.withFileMutationQueue).toBe(withFileMutationQueue);
    expect(seen.renamedQueue).toBe(withFileMutationQueue);
    expect(seen.truncateHead).toBe(truncateHead);
    expect(seen.Type).toBe(Type);
    expect(seen.AiType).toBe(Type);
    expect(seen.SinclairType).toBe(Type);
    expect(seen).toMatchObject({
      enumSchema: { type: "string", enum: ["a", "b"] },
      check: true,
      compiled: true,
      gate: true,
      tool: "t",
      version: "1.6.0",
      // the real pi-tui: padding 1 on each side
      text: ["          ", " a        ", " b        ", "          "],
      key: "ctrl+shift+p",
      escape: "escape",
      matches: false,
      width: 3,
      cut: "a\u001b[0m...\u001b[0m",
      identity: "pith",
    });
  });
});

describe("file kinds", () => {
  // A session with four extensions, one compiled by jiti: 16-21 s on 2 cores under a load of 16-22.
  it("plain JavaScript without pi imports is imported by Node; JavaScript importing pi's names goes through jiti", { timeout: 60_000 }, async () => {
    const record = (name: string) => `(globalThis.__pithKinds ??= []).push(${JSON.stringify(name)});`;
    await world.write("ext/esm/package.json", JSON.stringify({ type: "module" }));
    const native = await world.write("ext/esm/native.js", `${record("native")} export default function (pi) {}`);
    const mjs = await world.write("ext/plain.mjs", `${record("mjs")} export default function (pi) {}`);
    const fallback = await world.write("ext/cjs-folder.js", `${record("fallback")} export default function (pi) {}`);
    const shimmed = await world.write("ext/esm/shimmed.js", `import { Type } from "typebox"; ${record("shimmed")} export default function (pi) {}`);
    (globalThis as { __pithKinds?: unknown[] }).__pithKinds = [];
    const started = await startSession(world, { paths: [native, mjs, fallback, shimmed] });
    expect(started.problems).toEqual([]);
    expect((globalThis as { __pithKinds?: unknown[] }).__pithKinds).toEqual(["native", "mjs", "fallback", "shimmed"]);
    // jiti's transform cache names each file it transformed; Node's own imports leave no trace there (ESM syntax in a
    // folder without "type": "module" is imported by Node when it detects the syntax, else by jiti)
    const transformed = (await readdir(world.cacheDir)).join(" ");
    expect(transformed).toContain("esm-shimmed");
    expect(transformed).not.toContain("native");
    expect(transformed).not.toContain("plain");
  });

  it("plain JavaScript with no pith imports is imported by Node, without jiti", async () => {
    const path = await world.write(
      "ext/plain.js",
      `module.exports = function (pi) { pi.registerCommand("plain", { handler: async (args) => { globalThis.__pithPlain = args; } }); };`,
    );
    const started = await startSession(world, { paths: [path] });
    expect(started.problems).toEqual([]);
    await started.session.prompt("/plain hello");
    expect((globalThis as { __pithPlain?: string }).__pithPlain).toBe("hello");
    // jiti writes every file it transforms into the cache folder, which Node's own import never creates
    await expect(readdir(world.cacheDir)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("a TypeScript extension may import its own TypeScript helpers", async () => {
    await world.write("ext/multi/helper.ts", `export const greeting = (name: string): string => \`hi \${name}\`;`);
    const path = await world.write(
      "ext/multi/index.ts",
      `import { greeting } from "./helper";
       export default function (pi: any) { pi.registerCommand("greet", { handler: async (args: string) => { (globalThis as any).__pithGreeting = greeting(args); } }); }`,
    );
    const started = await startSession(world, { paths: [path] });
    await started.session.prompt("/greet Ada");
    expect((globalThis as { __pithGreeting?: string }).__pithGreeting).toBe("hi Ada");
  });

  it("reports each file jiti compiles as setup progress, so a long first compile is not a stalled setup", async () => {
    await world.write("ext/progress/part.ts", `export const part = (n: number): number => n * 2;`);
    const path = await world.write("ext/progress/index.ts", `import { part } from "./part";\nexport default (n: number): number => part(n) + 1;`);
    let compiled = 0;
    // no disk cache: both files are compiled now
    const factory = (await createExtensionModuleLoader({ cacheDir: false, fresh: true, onCompile: () => compiled++ }).load(path)) as (n: number) => number;
    expect(factory(2)).toBe(5);
    expect(compiled).toBe(2);
  });

  it("a file whose default export is {name, setup} is set up as a pith plugin", async () => {
    const path = await world.write(
      "ext/native-plugin.ts",
      `export default { name: "dropped-in", setup(context: any) { context.registerCommand({ name: "native", handler() { (globalThis as any).__pithNative = context.name; } }); } };`,
    );
    const started = await startSession(world, { paths: [path] });
    await started.session.prompt("/native");
    expect((globalThis as { __pithNative?: string }).__pithNative).toBe("dropped-in");
    expect(started.problems).toEqual([]);
  });
});

describe("names pith does not serve", () => {
  it("a subpath of a served package fails, naming the file that imports it and the name; the others load", async () => {
    const direct = await world.write("ext/compiler.ts", `import { TypeCompiler } from "@sinclair/typebox/compiler"; export default function () { return TypeCompiler; }`);
    const helper = await world.write("ext/deep/helper.ts", `export { truncateHead } from "@mariozechner/pi-coding-agent/dist/core/tools/truncate.js";`);
    const viaHelper = await world.write("ext/deep/index.ts", `import { truncateHead } from "./helper"; export default function () { return truncateHead; }`);
    const fine = await world.write("ext/fine.ts", `import { Type } from "typebox"; export default function (pi: any) { pi.registerCommand("fine", { handler: async () => {} }); }`);
    const started = await startSession(world, { paths: [direct, viaHelper, fine] });
    const messages = messagesOf(started.problems);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain(`Failed to load extension ${direct}: ${direct} imports "@sinclair/typebox/compiler", which pith does not provide`);
    expect(messages[0]).toContain("@sinclair/typebox, @sinclair/typebox/compile, @sinclair/typebox/value");
    expect(messages[1]).toContain(`Failed to load extension ${viaHelper}: ${helper} imports "@mariozechner/pi-coding-agent/dist/core/tools/truncate.js"`);
    expect(started.session.registry.commands.names()).toContain("fine");
  });
});

describe("the transform cache", () => {
  // Bundles the loader with esbuild, then three processes load jiti and Babel: 41-53 s on 2 cores under a load of 16-22.
  it("is written to pith's cache folder, reused by the next process, and renewed when the file changes", async () => {
    // the loader as the CLI ships it: bundled, jiti imported from node_modules, in a process of its own
    const { bundleExtensionLoader } = (await import(pathToFileURL(join(ROOT, "bench/extensions.mjs")).href)) as {
      bundleExtensionLoader(root: string, outDir: string, options: { moduleFunction: boolean }): Promise<string>;
    };
    const loader = await bundleExtensionLoader(ROOT, join(world.root, "bundle"), { moduleFunction: false });
    const child = await world.write(
      "child.mjs",
      `const [loader, extension, cacheDir] = process.argv.slice(2);
       const { createExtensionModuleLoader } = await import(new URL("file://" + loader).href);
       process.stdout.write(String((await createExtensionModuleLoader({ cacheDir }).load(extension))({})));`,
    );
    const extension = await world.write("ext/cached.ts", `const answer: number = 41; export default function (pi: unknown) { return answer + 1; }`);
    const loadOnce = async () => (await run(process.execPath, [child, loader, extension, world.cacheDir])).stdout;

    expect(await loadOnce()).toBe("42");
    const [cached] = (await readdir(world.cacheDir)).filter((name) => name.includes("cached"));
    const cacheFile = join(world.cacheDir, cached!);
    const first = await stat(cacheFile);
    // jiti's own code and its Babel's are compiled from V8's code cache, written by the first process and accepted
    // by the next ones (the third compiles the changed file with Babel)
    const codeFiles = await readdir(join(world.cacheDir, "v8"));
    expect(codeFiles.map((name) => name.split("-")[0])).toEqual(["babel.cjs", "jiti.cjs"]);
    const codeWritten = async () => Promise.all(codeFiles.map(async (name) => (await stat(join(world.cacheDir, "v8", name))).mtimeMs));
    const written = await codeWritten();
    expect(await loadOnce()).toBe("42");
    expect((await stat(cacheFile)).mtimeMs).toBe(first.mtimeMs);
    expect(await codeWritten()).toEqual(written);

    await world.write("ext/cached.ts", `const answer: number = 99; export default function (pi: unknown) { return answer + 1; }`);
    expect(await loadOnce()).toBe("100");
    expect(await readFile(cacheFile, "utf8")).toContain("99");
    expect(await codeWritten()).toEqual(written);
    expect(await readdir(join(world.cacheDir, "v8"))).toEqual(codeFiles);
  }, 120_000);
});
