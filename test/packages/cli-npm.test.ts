// npm sources from a local tarball (`npm pack` of a fixture package; no registry): installed into pith's own npm
// project per scope, pinned specs skipped by update, removed with npm uninstall. Also: a git package's
// dependencies are installed after the clone. Peer dependencies (pi itself) are never installed.
// @long-running: npm installs through the CLI
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { conventionalPackage, createPackageWorld, git, npmPack, writeFiles, type PackageWorld } from "./support.js";

let world: PackageWorld;
beforeEach(async () => {
  world = await createPackageWorld();
});
afterEach(() => world.close());

/**
 * The fixture package packed into a tarball, once for the file (an npm process: only the tests that install it pack
 * it), in a folder of the file's own: each test's world is removed after it.
 */
let packed: Promise<string> | undefined;
let packFolder: string | undefined;
afterAll(async () => {
  if (packFolder) await rm(packFolder, { recursive: true, force: true });
});
function packedTarball(): Promise<string> {
  packed ??= (async () => {
    packFolder = await mkdtemp(join(tmpdir(), "pith-npm-pack-"));
    const dir = join(packFolder, "conv-npm");
    await conventionalPackage(dir, "npm");
    // pi packages name pi as a peer; it is served to extensions, so an install must never fetch it
    const peers = { "@earendil-works/pi-coding-agent": "*" };
    await writeFiles(dir, { "package.json": JSON.stringify({ name: "conv-npm", version: "1.0.0", keywords: ["pi-package"], peerDependencies: peers }) });
    return npmPack(dir, world.env);
  })();
  return packed;
}

const isThere = (path: string) => stat(path).then(() => true, () => false);

describe("pith package commands: npm sources", () => {
  it("installs a tarball spec under <agentDir>/npm/node_modules, lists it, skips it on update (pinned), removes it", async () => {
    const source = `npm:conv-npm@file:${await packedTarball()}`;
    const installed = await world.pith(["install", source]);
    expect(installed.stderr).toBe("");
    expect(installed.code).toBe(0);
    const path = join(world.agentDir, "npm", "node_modules", "conv-npm");
    expect(JSON.parse(await readFile(join(path, "package.json"), "utf8")).name).toBe("conv-npm");
    expect(await isThere(join(world.agentDir, "npm", "node_modules", "@earendil-works"))).toBe(false);
    expect((await world.pith(["list"])).stdout).toContain(`  ${source}\n    ${path}\n    extensions: extensions/npm.ts\n    skills: npm-skill\n`);
    expect((await world.pith(["update", "--extensions"])).stdout).toBe(`Skipped (pinned) ${source}\n`);

    const removed = await world.pith(["remove", "npm:conv-npm"]);
    expect(removed).toMatchObject({ code: 0, stdout: "Removed npm:conv-npm\n" });
    expect(await isThere(path)).toBe(false);
    expect(await isThere(join(world.agentDir, "npm", "node_modules", "@earendil-works"))).toBe(false);
    expect(JSON.parse(await readFile(join(world.agentDir, "settings.json"), "utf8")).packages).toEqual([]);
  }, 60_000);

  it("-l installs under <cwd>/.pi/npm with a .gitignore", async () => {
    expect((await world.pith(["install", "-l", `npm:conv-npm@file:${await packedTarball()}`])).code).toBe(0);
    expect(await isThere(join(world.project, ".pi", "npm", "node_modules", "conv-npm", "extensions", "npm.ts"))).toBe(true);
    expect(await readFile(join(world.project, ".pi", "npm", ".gitignore"), "utf8")).toBe("*\n");
  }, 60_000);

  it("a failing npm names the command and its stderr", async () => {
    const result = await world.pith(["install", `npm:conv-npm@file:${join(world.home, "absent.tgz")}`]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/`npm install conv-npm@file:\S+absent\.tgz --omit=dev .*` failed \(exit \d+\) in /);
    expect(result.stderr).toMatch(/ENOENT|no such file/i);
  });

  it("a git package with dependencies gets them installed after the clone", async () => {
    const helper = join(world.home, "src", "helper");
    await writeFiles(helper, { "package.json": JSON.stringify({ name: "helper", version: "1.0.0", main: "index.js" }), "index.js": "exports.x = 1;\n" });
    const repo = join(world.home, "repos", "with-deps");
    await conventionalPackage(repo, "deps");
    await writeFiles(repo, { "package.json": JSON.stringify({ name: "with-deps", version: "1.0.0", dependencies: { helper: `file:${helper}` }, peerDependencies: { "@earendil-works/pi-tui": "*" } }) });
    git(["init", "--quiet"], repo);
    git(["add", "."], repo);
    git(["commit", "--quiet", "-m", "first"], repo);
    const result = await world.pith(["install", `git:file://${repo}`]);
    expect(result.stderr).toBe("");
    const clone = join(world.agentDir, "git", "local", ...repo.split("/").filter(Boolean));
    expect(await isThere(join(clone, "node_modules", "helper", "index.js"))).toBe(true);
    expect(await isThere(join(clone, "node_modules", "@earendil-works"))).toBe(false);
  });
});
