// The CLI's V8 code cache (bin/compile-cache.cjs): written where and when it should be, and never a reason for a
// run to fail.
import { mkdir, readFile, readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "./cli-harness.js";
import { runInPty } from "../interactive/pty-harness.js";
import { writeLargeSession } from "../support/session-generators.js";

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld(undefined, { ownCodeCache: true });
});
afterEach(() => world.close());

const cacheFolder = () => join(world.home, "cache", "v8");
const cacheFiles = async () => (await readdir(cacheFolder()).catch(() => [] as string[])).sort();
const hello = (env?: NodeJS.ProcessEnv) => {
  world.mock.enqueue({ text: "cached hello" });
  return world.run(["-p", "--no-session", "--model", "mock/mock-model", "hi"], { env });
};

describe("the CLI's code cache", () => {
  // one world through the cache's life (each step's cold start is what the step tests, so they share the world):
  // an earlier build's file, a run without a session, a print run, an interactive run, a corrupt file
  it("is written light without a session, full by a print run, apart for an interactive run, then left alone; replaces a corrupt file and an earlier build's", async () => {
    await mkdir(cacheFolder(), { recursive: true });
    const stale = "cli.cjs-v18.0.0-x64-123-456-deadbeef.full";
    await writeFile(join(cacheFolder(), stale), "an old build's cache");
    await writeFile(join(cacheFolder(), "jiti-something.cache"), "another bundle's cache");
    const mtime = async (name: string) => (await stat(join(cacheFolder(), name))).mtimeMs;

    expect((await world.run(["--help"])).code).toBe(0);
    const afterHelp = await cacheFiles();
    // the light cache replaced the earlier build's file; another bundle's is left alone
    expect(afterHelp).not.toContain(stale);
    expect(afterHelp).toContain("jiti-something.cache");
    const cliFiles = afterHelp.filter((name) => name.startsWith("cli.cjs-"));
    expect(cliFiles).toHaveLength(1);
    expect(cliFiles[0]).toMatch(/^cli\.cjs-v\d+.*\.light$/);

    const first = await hello();
    expect(first.stdout).toContain("cached hello");
    const files = await cacheFiles();
    expect(files.filter((name) => name.endsWith(".full"))).toHaveLength(1);
    const full = files.find((name) => name.endsWith(".full"));
    expect(full).toBeDefined();
    const printWritten = await mtime(full!);

    // an interactive run keeps its session cache apart from a print run's, so neither loads the other's code
    const run = runInPty(world, ["--model", "mock/mock-model"]);
    await run.waitForText("mock-model");
    run.type("\x04");
    expect((await run.exited).exitCode).toBe(0);
    const tui = (await cacheFiles()).find((name) => name.endsWith(".full-tui"));
    expect(tui).toBeDefined();
    expect(await mtime(full!)).toBe(printWritten);

    const tuiWritten = await mtime(tui!);
    const second = await hello();
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("cached hello");
    expect(await mtime(tui!)).toBe(tuiWritten);
    expect(await mtime(full!)).toBe(printWritten);

    // a corrupt cache file is replaced, and the run still works
    await writeFile(join(cacheFolder(), full!), Buffer.from("not a V8 code cache at all"));
    const afterCorrupt = await hello();
    expect(afterCorrupt.code).toBe(0);
    expect(afterCorrupt.stdout).toContain("cached hello");
    expect((await stat(join(cacheFolder(), full!))).size).toBeGreaterThan(1000);
  }, 60_000);

  it("runs without one when the cache folder cannot be written", async () => {
    const blocked = join(world.home, "not-a-folder");
    await writeFile(blocked, "a file where the cache folder should be");
    const run = await hello({ PITH_CACHE_DIR: blocked });
    // stderr first: a failed run says why there
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("cached hello");
  });

  it("is not used with PITH_COMPILE_CACHE=0", async () => {
    await mkdir(join(world.home, "cache"), { recursive: true });
    const run = await hello({ PITH_COMPILE_CACHE: "0" });
    expect(run.code).toBe(0);
    expect(await cacheFiles()).toEqual([]);
  });
});

describe("the code cache under different node flags", () => {
  it("keeps one file per flag set, so alternating runs do not rewrite each other's cache", async () => {
    await hello();
    await hello({ NODE_OPTIONS: "--max-semi-space-size=16" });
    const files = (await cacheFiles()).filter((name) => name.endsWith(".full"));
    expect(files).toHaveLength(2);
    const written = await Promise.all(files.map(async (name) => (await stat(join(cacheFolder(), name))).mtimeMs));
    await hello();
    await hello({ NODE_OPTIONS: "--max-semi-space-size=16" });
    expect(await Promise.all(files.map(async (name) => (await stat(join(cacheFolder(), name))).mtimeMs))).toEqual(written);
  });
});

describe("the code cache and V8's young-generation flag (lib/process/steady-young-generation.ts)", () => {
  const mtimes = async () => Object.fromEntries(await Promise.all((await cacheFiles()).map(async (name) => [name, (await stat(join(cacheFolder(), name))).mtimeMs] as const)));

  it("a run that opens a stored session has the flag and caches of its own; a session read in any other run leaves V8's flags as they were", async () => {
    const stored = join(world.home, "stored.jsonl");
    writeLargeSession(stored, { targetBytes: 200_000, messages: 60, cwd: world.project });
    await hello();
    const plain = await mtimes();
    expect(Object.keys(plain).map((name) => name.split("-")[0])).toEqual(["anthropic.cjs", "cli.cjs"]);

    // RPC switches to the stored session, then prompts: the Anthropic SDK's bundle loads after the read, and its
    // cache, made under V8's default flags, would be rejected and written again had the read left the flag changed
    world.mock.enqueue({ text: "after the switch" });
    const rpc = await world.run(["--mode", "rpc", "--model", "mock/mock-model"], {
      stdin: `${JSON.stringify({ type: "switch_session", sessionPath: stored })}\n${JSON.stringify({ type: "prompt", message: "hi" })}\n`,
    });
    expect(rpc.stdout).toContain("after the switch");
    expect(await mtimes()).toEqual(plain);

    // `--session` sets the flag for the whole run, before any cache loads: its caches sit beside the others
    for (let round = 0; round < 2; round++) {
      world.mock.enqueue({ text: "resumed" });
      const resumed = await world.run(["--session", stored, "--model", "mock/mock-model", "-p", "go on"]);
      expect(resumed.stdout).toContain("resumed");
    }
    const after = await mtimes();
    for (const [name, written] of Object.entries(plain)) expect(after[name]).toBe(written);
    expect(Object.keys(after).filter((name) => name.startsWith("cli.cjs-") && name.endsWith(".full"))).toHaveLength(2);
    expect(Object.keys(after).filter((name) => name.startsWith("anthropic.cjs-"))).toHaveLength(2);
  }, 60_000);
  it("a run that opens a stored session loads the built-in modules it uses before it changes the flag", async () => {
    // under a changed flag node compiles each built-in module it loads from source, not from its embedded cache
    const stored = join(world.home, "stored.jsonl");
    writeLargeSession(stored, { targetBytes: 100_000, messages: 30, cwd: world.project });
    const preload = join(world.home, "builtins-after-flag.cjs");
    await writeFile(
      preload,
      `const v8 = require("node:v8");
       const setFlags = v8.setFlagsFromString;
       let loaded;
       v8.setFlagsFromString = (flags) => { loaded ??= new Set(process.moduleLoadList); return setFlags(flags); };
       process.on("exit", () => {
         const after = loaded ? process.moduleLoadList.filter((name) => name.startsWith("NativeModule ") && !loaded.has(name)) : undefined;
         process.stderr.write("BUILTINS AFTER FLAG " + JSON.stringify(after) + "\\n");
       });`,
    );
    world.mock.enqueue({ text: "resumed" });
    const resumed = await world.run(["--session", stored, "--model", "mock/mock-model", "-p", "go on"], { env: { NODE_OPTIONS: `--require ${preload}` } });
    expect(resumed.stdout).toContain("resumed");
    const after = /BUILTINS AFTER FLAG (.*)/.exec(resumed.stderr)?.[1];
    expect(after && JSON.parse(after)).toEqual([]);
  }, 60_000);
});

describe("the vendor bundles (dist/vendor: the provider SDKs, TypeBox, yaml)", () => {
  const bundleNames = async () => (await cacheFiles()).map((name) => name.split("-")[0]);

  // one world for both, whose first plain run is the baseline of each: the provider SDK and TypeBox, YAML, jiti and
  // Babel load as a run needs them; JSON with comments is left to jsonc-parser's bundle, which only a file that
  // JSON.parse rejects loads
  it("load only when a run imports them, and then from a code cache of their own; jsonc-parser's only for a file JSON.parse rejects", async () => {
    // the mock speaks the Anthropic API: that SDK loads, the OpenAI one does not; plain `key: value` front matter
    // is read without the YAML library (simple-yaml-mapping.ts)
    await mkdir(join(world.agentDir, "prompts"), { recursive: true });
    await writeFile(join(world.agentDir, "prompts", "plain.md"), "---\ndescription: Say it plainly\n---\nPlain $1\n");
    expect((await hello()).stdout).toContain("cached hello");
    expect(await bundleNames()).toEqual(["anthropic.cjs", "cli.cjs"]);

    const modelsFile = join(world.agentDir, "models.json");
    const models = JSON.parse(await readFile(modelsFile, "utf8")) as { providers: Record<string, unknown> };
    // a comment and a trailing comma, which models.json allows as pi's does
    await writeFile(modelsFile, `// the mock server\n${JSON.stringify(models, null, 2).replace(/\n}$/, ",\n}")}\n`);
    const commented = await hello();
    expect(commented.stderr).toBe("");
    expect(commented.stdout).toContain("cached hello");
    expect(await bundleNames()).toEqual(["anthropic.cjs", "cli.cjs", "jsonc.cjs"]);

    // a global extension that imports TypeBox, and a prompt template whose front matter needs YAML
    await mkdir(join(world.agentDir, "extensions"), { recursive: true });
    await writeFile(
      join(world.agentDir, "extensions", "typed.ts"),
      `import { Type } from "@sinclair/typebox";
       export default function (pi: any) {
         pi.registerCommand("shape", { handler: async () => console.log(JSON.stringify(Type.Object({ n: Type.Number() }).properties.n.type)) });
       }`,
    );
    await writeFile(join(world.agentDir, "prompts", "greet.md"), '---\ndescription: "Say hello"\n---\nSay hello to $1\n');
    const runs = [];
    for (let round = 0; round < 2; round++) {
      world.mock.enqueue({ text: "greeted" });
      const command = await world.run(["-p", "--no-session", "--model", "mock/mock-model", "/shape"]);
      const template = await world.run(["-p", "--no-session", "--model", "mock/mock-model", "/greet Ada"]);
      runs.push(command, template);
      expect(command.stdout).toContain('"number"');
      expect(template.stdout).toContain("greeted");
    }
    // jiti's own cache sits beside them, and that of jiti's Babel, which compiled the extension
    // (plugins/extensions/loading/require-jiti.ts)
    expect(await bundleNames()).toEqual(["anthropic.cjs", "babel.cjs", "cli.cjs", "jiti.cjs", "jsonc.cjs", "typebox.cjs", "yaml.cjs"]);
    expect(runs.every((run) => run.code === 0 && run.stderr === "")).toBe(true);
    const lastRequest = world.mock.requests.at(-1)!.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(lastRequest.messages.at(-1)!.content)).toContain("Say hello to Ada");
  }, 60_000);
});
