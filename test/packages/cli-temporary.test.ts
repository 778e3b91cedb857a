// `-e npm:...` and `-e git:...`: installed into pith's cache folder for the run (reused by the next one), loaded
// like `-e` paths (first, kept with --no-extensions), never written to the settings; offline and failing installs
// are reported and the run goes on.
import { readFile, readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { conventionalPackage, git, gitPackageRepo, markerExtension, npmPack, offlineNpmEnv, writeFiles } from "./support.js";

const MODEL = ["--model", "mock/mock-model"];
let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(() => world.close());

const run = (args: string[], env: NodeJS.ProcessEnv = {}) => world.run(["-p", ...MODEL, ...args], { env: { ...offlineNpmEnv(world.home), ...env } });
const sentText = (index: number) => JSON.stringify(world.mock.requests[index]!.body);
const isThere = (path: string) => stat(path).then(() => true, () => false);
const cacheFolder = (kind: string) => join(world.home, "cache", "packages", kind);

describe("-e with a package source", () => {
  it("a git source loads its extension, skill and prompt for the run, from the cache on the next run, and stays out of the settings", async () => {
    const repo = join(world.home, "repos", "tool");
    await gitPackageRepo(repo, "tool");
    const source = `git:file://${repo}`;

    const first = await run(["-e", source, "/tool first"]);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe(`pith: Installing ${source} for this run...\n`);
    expect(await readFile(join(world.project, "tool.ran"), "utf8")).toBe("first");
    const [clone] = await readdir(cacheFolder("git"));
    expect(await isThere(join(cacheFolder("git"), clone!, "extensions", "tool.ts"))).toBe(true);
    expect(await isThere(join(world.agentDir, "settings.json"))).toBe(false);

    world.mock.enqueue({ text: "ok" }, { text: "ok" });
    const again = await run(["-e", source, "--no-extensions", "--no-skills", "/skill:tool-skill go"]);
    expect(again).toMatchObject({ code: 0, stderr: "" }); // no second install
    expect(sentText(0)).toContain("Skill body of tool.");
    expect((await run(["-e", source, "/tool-prompt now"])).code).toBe(0);
    expect(sentText(1)).toContain("Prompt of tool: now");
  });

  it("an npm source installs into its own cached npm project; -e sources load before the agent folder's extensions", async () => {
    const dir = join(world.home, "src", "conv-npm");
    await conventionalPackage(dir, "dup");
    await writeFiles(dir, { "package.json": JSON.stringify({ name: "conv-npm", version: "1.0.0" }) });
    const source = `npm:conv-npm@file:${npmPack(dir, offlineNpmEnv(world.home))}`;
    // the same command name from an auto-discovered extension, which writes elsewhere
    await writeFiles(world.agentDir, { "extensions/dup.ts": markerExtension("dup").replace('"dup.ran"', '"auto.ran"') });

    const result = await run(["-e", source, "/dup from npm"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`pith: Installing ${source} for this run...`);
    expect(result.stderr).toMatch(/command "dup" is registered by \S+conv-npm\/extensions\/dup\.ts \(-e\) and by \S+agent\/extensions\/dup\.ts \(global\); using \S+conv-npm/);
    expect(await readFile(join(world.project, "dup.ran"), "utf8")).toBe("from npm");
    expect(await isThere(join(world.project, "auto.ran"))).toBe(false);
    const [project] = await readdir(cacheFolder("npm"));
    expect(await isThere(join(cacheFolder("npm"), project!, "node_modules", "conv-npm", "extensions", "dup.ts"))).toBe(true);

    const offline = await run(["-e", source, "--offline", "/dup cached"]);
    expect(offline.code).toBe(0);
    expect(offline.stderr).not.toContain("Installing");
    expect(await readFile(join(world.project, "dup.ran"), "utf8")).toBe("cached");
  });

  it("offline and not cached, or failing to install: a warning names the source and the run goes on", async () => {
    world.mock.enqueue({ text: "still here" }, { text: "still here" });
    const offline = await run(["-e", "npm:not-cached@1.0.0", "hello"], { PI_OFFLINE: "1" });
    expect(offline.code).toBe(0);
    expect(offline.stdout).toContain("still here");
    expect(offline.stderr).toContain("pith: warning: extension source npm:not-cached@1.0.0 (-e) is not installed and pith is offline");

    const absent = `git:file://${join(world.home, "repos", "absent")}`;
    const failing = await run(["-e", absent, "hello"]);
    expect(failing.code).toBe(0);
    expect(failing.stdout).toContain("still here");
    expect(failing.stderr).toContain(`pith: warning: extension source ${absent} (-e) could not be installed: \`git clone --quiet -- file://`);
    expect(await readdir(cacheFolder("git")).catch(() => [])).toEqual([]); // no half-made clone is left to be reused
  });

  it("an unpinned git source follows its branch on later runs", async () => {
    const repo = join(world.home, "repos", "moving");
    await gitPackageRepo(repo, "moving");
    const source = `git:file://${repo}`;
    expect((await run(["-e", source, "/moving one"])).code).toBe(0);
    await writeFile(join(repo, "extensions", "moving.ts"), markerExtension("moved"));
    git(["commit", "--quiet", "-am", "rename the command"], repo);
    expect((await run(["-e", source, "/moved two"])).code).toBe(0);
    expect(await readFile(join(world.project, "moved.ran"), "utf8")).toBe("two");
  });
});
