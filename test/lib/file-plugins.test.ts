import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { boot, PithError } from "../../kernel/index.js";
import { createJitiLoader } from "../../lib/loading/jiti-loader.js";
import { resolveFilePlugins } from "../../lib/loading/file-plugins.js";
import { formatTimings } from "../../lib/timing/boot-timing-report.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "pith-loader-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const pluginSource = (name: string, typed: boolean) => `
${typed ? "interface Note { text: string }" : ""}
export default {
  name: "${name}",
  setup(context${typed ? ": { registerCommand(c: { name: string; handler(args: string): void }): void }" : ""}) {
    const note${typed ? ": Note" : ""} = { text: "${name} loaded" };
    context.registerCommand({ name: "${name}", handler() { globalThis.__pithLoaderNote = note.text; } });
  },
};
`;

describe("the plugin loader", () => {
  it("loads a TypeScript plugin through jiti and caches the transform on disk, and plain JavaScript natively", async () => {
    await writeFile(join(dir, "typed.ts"), pluginSource("typed", true));
    await writeFile(join(dir, "plain.mjs"), pluginSource("plain", false));
    const cacheDir = join(dir, "cache");
    const { session, timings } = await boot({ cwd: dir, plugins: resolveFilePlugins([{ path: join(dir, "typed.ts") }, { path: join(dir, "plain.mjs") }], () => createJitiLoader({ cacheDir })) });
    expect(timings.map((timing) => timing.name)).toEqual(["typed", "plain"]);
    await session.prompt("/typed");
    expect((globalThis as { __pithLoaderNote?: string }).__pithLoaderNote).toBe("typed loaded");
    await session.prompt("/plain");
    expect((globalThis as { __pithLoaderNote?: string }).__pithLoaderNote).toBe("plain loaded");
    expect((await readdir(cacheDir)).length).toBeGreaterThan(0);
  });

  it("imports JavaScript plugins with Node's own loader when the host gives none", async () => {
    await writeFile(join(dir, "native.mjs"), pluginSource("native", false));
    const { session, timings } = await boot({ cwd: dir, plugins: resolveFilePlugins([{ path: join(dir, "native.mjs") }]) });
    expect(timings.map((timing) => timing.name)).toEqual(["native"]);
    await session.prompt("/native");
    expect((globalThis as { __pithLoaderNote?: string }).__pithLoaderNote).toBe("native loaded");
  });

  it("passes options to a plugin factory", async () => {
    await writeFile(
      join(dir, "factory.ts"),
      `export default (options: { greeting: string }) => ({ name: "factory", setup(context: any) { context.registerCommand({ name: "greet", handler() { (globalThis as any).__pithGreeting = options.greeting; } }); } });`,
    );
    const { session } = await boot({ cwd: dir, plugins: resolveFilePlugins([{ path: join(dir, "factory.ts"), options: { greeting: "hej" } }], () => createJitiLoader({ cacheDir: false })) });
    await session.prompt("/greet");
    expect((globalThis as { __pithGreeting?: string }).__pithGreeting).toBe("hej");
  });

  it("names the file when a plugin has a syntax error or exports nothing usable", async () => {
    await writeFile(join(dir, "broken.ts"), "export default { name: 'broken', setup( {");
    await writeFile(join(dir, "empty.mjs"), "export const nothing = 1;");
    await expect(boot({ cwd: dir, plugins: resolveFilePlugins([{ path: join(dir, "broken.ts") }], () => createJitiLoader({ cacheDir: false })) })).rejects.toMatchObject({
      code: "PLUGIN_LOAD_FAILED",
      plugin: join(dir, "broken.ts"),
    });
    await expect(boot({ cwd: dir, plugins: resolveFilePlugins([{ path: join(dir, "empty.mjs") }], () => createJitiLoader({ cacheDir: false })) })).rejects.toMatchObject({ code: "PLUGIN_INVALID" });
  });

  it("reports a failing third-party plugin and loads the others when asked to continue", async () => {
    await writeFile(join(dir, "throws.mjs"), "export default { name: 'throws', setup() { throw new Error('bad config'); } };");
    await writeFile(join(dir, "fine.mjs"), pluginSource("fine", false));
    const problems: PithError[] = [];
    const { timings } = await boot({
      cwd: dir,
      onProblem: (error) => problems.push(error),
      onPluginError: () => "continue",
      plugins: resolveFilePlugins([{ path: join(dir, "throws.mjs") }, { path: join(dir, "fine.mjs") }], () => createJitiLoader({ cacheDir: false })),
    });
    expect(timings.map((timing) => timing.name)).toEqual(["fine"]);
    expect(problems[0]).toMatchObject({ plugin: "throws", message: "plugin throws failed during setup: bad config" });
  });

  it("prints the boot timing as a tree", async () => {
    const report = formatTimings(
      [
        { name: "models", importMs: 1.25, setupMs: 2.5, parts: [] },
        { name: "extensions", importMs: 3, setupMs: 0.5, parts: [{ label: "ext.ts", ms: 0.4, children: [{ label: "import", ms: 0.3, children: [] }] }] },
      ],
      [{ label: "settings", ms: 1, children: [] }],
    );
    const lines = report.split("\n");
    // a tree: before boot, then each plugin with its import and setup, and what the setup timed below it
    expect(lines[0]).toBe("pith boot timing");
    expect(lines[1]).toMatch(/^  before boot\s+1\.0 ms$/);
    expect(lines[2]).toMatch(/^    settings\s+1\.0 ms$/);
    expect(lines[3]).toMatch(/^  plugins\s+7\.3 ms$/);
    expect(lines[4]).toMatch(/^    models\s+3\.8 ms$/);
    expect(lines[5]).toMatch(/^      import\s+1\.3 ms$/);
    expect(report).toMatch(/\n {6}setup\s+0\.5 ms\n {8}ext\.ts\s+0\.4 ms\n {10}import\s+0\.3 ms\n/);
    expect(report).toMatch(/total\s+8\.3 ms/);
  });
});
