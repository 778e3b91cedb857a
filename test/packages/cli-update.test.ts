// `pith update` and its flags (pi 1.6.0): pith itself by default, the packages, or both (--all); --force; one package. Every npm call
// goes to a fake npm (the global `npmCommand` setting) that records its arguments: no registry, no global prefix.
import { cp, mkdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runProcess, type ProcessResult } from "../support/run-process.js";
import { createPackageWorld, fakeNpm, git, gitPackageRepo, type PackageWorld } from "./support.js";

const PITH_ROOT = fileURLToPath(new URL("../../", import.meta.url)).replace(/\/$/, "");
const VERSION = JSON.parse(await readFile(join(PITH_ROOT, "package.json"), "utf8")).version as string;

let world: PackageWorld;
let npm: Awaited<ReturnType<typeof fakeNpm>>;
let globalRoot: string;
beforeEach(async () => {
  world = await createPackageWorld();
  npm = await fakeNpm(join(world.home, "bin"));
  globalRoot = join(world.home, "prefix", "lib", "node_modules");
  await mkdir(globalRoot, { recursive: true });
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ npmCommand: [npm.command] }));
});
afterEach(() => world.close());

const fakeEnv = (latest = "9.9.9") => ({ FAKE_NPM_ROOT: globalRoot, FAKE_NPM_LATEST: latest });
const update = (args: string[], latest?: string) => world.pith(["update", ...args], { env: fakeEnv(latest) });
const isThere = (path: string) => stat(path).then(() => true, () => false);

/** pith as `npm install -g` would lay it out: a real folder `<globalRoot>/<name>` (node_modules linked, not copied). */
async function globalCopy(): Promise<string> {
  const root = join(globalRoot, "pith");
  await mkdir(root, { recursive: true });
  for (const part of ["bin", "dist", "package.json"]) await cp(join(PITH_ROOT, part), join(root, part), { recursive: true });
  await symlink(join(PITH_ROOT, "node_modules"), join(root, "node_modules"));
  return root;
}

function runFrom(root: string, args: string[], env: NodeJS.ProcessEnv): Promise<ProcessResult> {
  return runProcess(process.execPath, [join(root, "bin", "pith.cjs"), ...args], { cwd: world.project, env });
}

describe("pith update: arguments", () => {
  it.each([
    [["--extension"], "Missing value for --extension."],
    [["--extension", "npm:a", "--extension", "npm:b"], "--extension can only be given once."],
    [["--self", "--extension", "npm:a"], "--extension cannot be combined with --self, --extensions, --models or --all."],
    [["--all", "--extension", "npm:a"], "--extension cannot be combined with --self, --extensions, --models or --all."],
    [["npm:b", "--extension", "npm:a"], "--extension cannot be combined with a source argument."],
    [["npm:a", "--self"], "A source argument cannot be combined with --self, --extensions, --models or --all."],
    [["--local"], 'Unknown option --local for "update".'],
  ])("update %j is refused: %s", async (args, message) => {
    const result = await update(args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect(await npm.calls()).toEqual([]);
  });

  it("the update flags belong to update only", async () => {
    const result = await world.pith(["install", "--self", "npm:x"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Unknown option --self for "install".');
  });

  it("offline, update refuses before any npm or git call", async () => {
    const result = await world.pith(["update"], { env: { ...fakeEnv(), PI_OFFLINE: "1" } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("pith is offline");
    expect(await npm.calls()).toEqual([]);
  });
});

describe("pith update: pith itself", () => {
  it("from a git checkout: --all says how to update it and exits 0 (the packages were updated); bare, --self, self, pith and pi exit 1", async () => {
    const all = await update(["--all"]);
    expect(all.code).toBe(0);
    expect(all.stderr).toContain(`pith runs from ${PITH_ROOT}, not from npm's global folder (${globalRoot})`);
    expect(all.stderr).toContain(`It is a git checkout: update it with \`cd ${PITH_ROOT} && git pull && npm install\``);
    for (const args of [[], ["--self"], ["self"], ["pith"], ["pi"]]) {
      const self = await update(args);
      expect(self.code).toBe(1);
      expect(self.stderr).toContain("cannot update pith itself: pith runs from");
    }
    expect((await npm.calls()).every((call) => call === "root -g")).toBe(true);
  });

  it("--extensions never asks npm about pith", async () => {
    const result = await update(["--extensions"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(await npm.calls()).toEqual([]);
  });

  it("--models says pith's catalogue comes with pith and touches nothing, offline too", async () => {
    const result = await world.pith(["update", "--models"], { env: { ...fakeEnv(), PI_OFFLINE: "1" } });
    expect(result).toMatchObject({ code: 0, stderr: "", stdout: "pith's model catalogue ships with pith: `pith update --self` brings the newest.\n" });
    expect(await npm.calls()).toEqual([]);
  });

  it("an npm link into the global folder is reported as the checkout it points to", async () => {
    await symlink(PITH_ROOT, join(globalRoot, "pith"));
    const result = await update(["--self"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`pith is linked into npm's global folder (npm link) from ${PITH_ROOT}`);
    expect(await npm.calls()).toEqual(["root -g"]);
  });

  it("installed globally by npm: npm install -g <name>@latest, skipped when npm's latest is the running version unless --force", async () => {
    const root = await globalCopy();
    const env = { ...world.env, ...fakeEnv(VERSION) };
    const current = await runFrom(root, ["update", "--self"], env);
    expect(current.stderr).toBe("");
    expect(current).toMatchObject({ code: 0, stdout: `pith is already up to date (${VERSION}); --force reinstalls it.\n` });
    expect(await npm.calls()).toEqual(["root -g", "view pith@latest version"]);

    const forced = await runFrom(root, ["update", "--self", "--force"], env);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`Updating pith with ${npm.command} install -g pith@latest...`);
    expect(forced.stdout).toContain(`Updated pith to ${VERSION}`);
    expect((await npm.calls()).slice(2)).toEqual(["root -g", "install -g pith@latest"]);

    const newer = await runFrom(root, ["update"], { ...env, FAKE_NPM_LATEST: "99.0.0" });
    expect(newer.code).toBe(0);
    expect((await npm.calls()).slice(4)).toEqual(["root -g", "view pith@latest version", "install -g pith@latest"]);
  });
});

describe("pith update: packages", () => {
  it("--extension <source> updates that package only; --force reinstalls a clone from scratch", async () => {
    const repos = join(world.home, "repos");
    await gitPackageRepo(join(repos, "one"), "one");
    await gitPackageRepo(join(repos, "two"), "two");
    for (const name of ["one", "two"]) expect((await world.pith(["install", `git:file://${join(repos, name)}`])).code).toBe(0);
    const clone = (name: string) => join(world.agentDir, "git", "local", ...join(repos, name).split("/").filter(Boolean));

    const one = await update(["--extension", `git:file://${join(repos, "one")}`]);
    expect(one.code).toBe(0);
    expect(one.stdout).toBe(`Updating git:file://${join(repos, "one")}...\nUpdated git:file://${join(repos, "one")}\n`);

    await writeFile(join(clone("two"), "stray.txt"), "left behind\n");
    const forced = await update(["--extensions", "--force"]);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`Reinstalled git:file://${join(repos, "one")}\n`);
    expect(forced.stdout).toContain(`Reinstalled git:file://${join(repos, "two")}\n`);
    expect(await isThere(join(clone("two"), "stray.txt"))).toBe(false);
    expect(git(["rev-parse", "HEAD"], clone("two"))).toBe(git(["rev-parse", "HEAD"], join(repos, "two")));
    expect(await npm.calls()).toEqual([]); // the packages have no dependencies, and pith itself was not asked for
  });
});
