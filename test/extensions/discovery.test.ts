// Where extensions are found and in which order, and which project extensions may run.
import { mkdir, realpath, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { discoverExtensions } from "../../plugins/extensions/index.js";
import { createWorld, startSession, type World } from "./harness.js";

let world: World;
beforeEach(async () => {
  world = await createWorld();
  (globalThis as { __pithRan?: string[] }).__pithRan = [];
});
afterEach(() => world.close());

const marker = (name: string) =>
  `export default function (pi) { pi.on("session_start", () => { (globalThis as any).__pithRan.push(${JSON.stringify(name)}); }); }`;
const ran = () => (globalThis as { __pithRan?: string[] }).__pithRan ?? [];

describe("discovery", () => {
  it("finds -e paths, settings entries and both extensions folders in pi's precedence order, each file once", async () => {
    const p = (path: string) => join(world.root, path);
    await world.write("cli/one.ts", marker("cli"));
    await world.write("project/.pi/extensions/a.ts", marker("project a"));
    await world.write("project/.pi/extensions/b.js", marker("project b"));
    await world.write("project/.pi/extensions/notes.md", "not an extension");
    await world.write("project/.pi/extensions/.hidden.ts", marker("hidden"));
    await world.write("project/.pi/extensions/node_modules/dep.ts", marker("dependency"));
    await world.write("project/.pi/extensions/with-index/index.ts", marker("index"));
    await world.write("project/.pi/extensions/with-index/helper.ts", "export const x = 1;");
    await world.write("project/.pi/extensions/with-manifest/package.json", JSON.stringify({ pi: { extensions: ["./src/main.ts", "./missing.ts"] } }));
    await world.write("project/.pi/extensions/with-manifest/src/main.ts", marker("manifest"));
    await world.write("project/.pi/extensions/deep/nested/too-deep.ts", marker("too deep"));
    await world.write("project/.pi/local/entry.ts", marker("project setting"));
    await world.write("agent/extensions/global.ts", marker("global"));
    await world.write("agent/mine/tool.ts", marker("global setting"));
    await world.write("agent/mine/skip.ts", marker("excluded"));
    await mkdir(p("agent/extensions/linked"), { recursive: true });
    await symlink(p("agent/extensions/global.ts"), p("agent/extensions/linked/index.ts"));

    const { sources, problems } = await discoverExtensions({
      cwd: world.project,
      agentDir: world.agentDir,
      cliPaths: [p("cli/one.ts"), "missing.ts"],
      settingsEntries: { project: ["local/entry.ts"], global: ["mine", "!**/skip.ts"] },
      extraSources: [{ path: p("cli/one.ts"), place: "package", origin: "package", scope: "user" }],
    });
    expect(sources.map((source) => [source.path.slice(world.root.length + 1), source.place, source.origin])).toEqual([
      ["cli/one.ts", "cli", "cli"],
      ["project/.pi/local/entry.ts", "project", "settings"],
      ["project/.pi/extensions/a.ts", "project", "auto"],
      ["project/.pi/extensions/b.js", "project", "auto"],
      ["project/.pi/extensions/with-index/index.ts", "project", "auto"],
      ["project/.pi/extensions/with-manifest/src/main.ts", "project", "auto"],
      ["agent/mine/tool.ts", "global", "settings"],
      ["agent/extensions/global.ts", "global", "auto"],
    ]);
    expect(problems).toEqual(["extension path missing.ts (-e) does not exist"]);
  });

  it("--no-extensions keeps only the -e paths", async () => {
    await world.write("cli/one.ts", marker("cli"));
    await world.write("agent/extensions/global.ts", marker("global"));
    const { sources } = await discoverExtensions({ cwd: world.project, agentDir: world.agentDir, cliPaths: [join(world.root, "cli/one.ts")], noDiscovery: true });
    expect(sources.map((source) => source.place)).toEqual(["cli"]);
  });

  it("a folder named by -e loads its declared entry, or else every extension in it", async () => {
    await world.write("pkg/package.json", JSON.stringify({ pi: { extensions: ["./main.ts"] } }));
    await world.write("pkg/main.ts", marker("pkg"));
    await world.write("pkg/other.ts", marker("other"));
    await world.write("loose/x.ts", marker("x"));
    await world.write("loose/y.ts", marker("y"));
    const { sources } = await discoverExtensions({ cwd: world.project, agentDir: world.agentDir, cliPaths: ["../pkg", "../loose"] });
    expect(sources.map((source) => source.path.slice(world.root.length + 1))).toEqual(["pkg/main.ts", "loose/x.ts", "loose/y.ts"]);
  });
});

describe("project trust", () => {
  it("an untrusted project's extensions do not run, nor do those its settings name: one warning says how to trust", async () => {
    await world.write("project/.pi/extensions/evil.ts", marker("project"));
    await world.write("project/.pi/settings.json", JSON.stringify({ extensions: ["more.ts"] }));
    await world.write("project/.pi/more.ts", marker("project setting"));
    await world.write("agent/extensions/global.ts", marker("global"));
    const cli = await world.write("cli/explicit.ts", marker("cli"));
    const started = await startSession(world, { paths: [cli] });
    expect(ran()).toEqual(["cli", "global"]);
    const warnings = started.warnings.filter((line) => line.includes("not trusted"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(".pi/settings.json (with extensions, which runs or loads code) and .pi/extensions");
    expect(warnings[0]).toContain("--approve");
    const service = started.session.registry.services.get("extensions")! as import("../../plugins/extensions/index.js").ExtensionsService;
    expect(service.untrusted).toEqual([".pi/extensions/evil.ts"]);
    expect(started.session.registry.services.get("projectTrust")).toMatchObject({ trusted: false, state: { source: "no-prompt" } });
  });

  it("a project listed in pith's older trustedProjects setting still runs its extensions", async () => {
    await world.write("project/.pi/extensions/ok.ts", marker("project"));
    await world.write("agent/settings.json", JSON.stringify({ trustedProjects: [world.project] }));
    const started = await startSession(world);
    expect(ran()).toEqual(["project"]);
    expect(started.warnings.filter((line) => line.includes("trusted"))).toEqual([]);
    expect(started.session.registry.services.get("projectTrust")).toMatchObject({ trusted: true, state: { source: "legacy" } });
  });

  it("a saved 'no' in trust.json wins over the older trustedProjects list, and needs no warning", async () => {
    await world.write("project/.pi/extensions/ok.ts", marker("project"));
    await world.write("agent/settings.json", JSON.stringify({ trustedProjects: [world.project] }));
    await world.write("agent/trust.json", JSON.stringify({ [await realpath(world.project)]: false }));
    const started = await startSession(world);
    expect(ran()).toEqual([]);
    expect(started.warnings.filter((line) => line.includes("trusted"))).toEqual([]);
  });
});
