// git sources from a local repository: clone into pith's folders, pinned refs, update (fast-forward and a
// force push), remove, and a failing git named with its stderr.
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPackageWorld, git, gitPackageRepo, type PackageWorld } from "./support.js";

let world: PackageWorld;
let repo: string;
let url: string;
let clone: string;
beforeEach(async () => {
  world = await createPackageWorld();
  repo = join(world.home, "repos", "tool");
  await gitPackageRepo(repo, "tool");
  url = `file://${repo}`;
  clone = join(world.agentDir, "git", "local", ...repo.split("/").filter(Boolean));
});
afterEach(() => world.close());

const head = (dir: string) => git(["rev-parse", "HEAD"], dir).trim();
const isThere = (path: string) => stat(path).then(() => true, () => false);

describe("pith package commands: git sources", () => {
  it("install clones under <agentDir>/git/<host>/<path>; update fast-forwards and follows a force push; remove deletes the clone", async () => {
    const installed = await world.pith(["install", `git:${url}`]);
    expect(installed.stderr).toBe("");
    expect(installed.code).toBe(0);
    expect(installed.stdout).toContain(`Installed git:${url}`);
    expect(head(clone)).toBe(head(repo));
    expect(JSON.parse(await readFile(join(world.agentDir, "settings.json"), "utf8")).packages).toEqual([`git:${url}`]);
    expect((await world.pith(["list"])).stdout).toContain(`  git:${url}\n    ${clone}\n    extensions: extensions/tool.ts\n`);

    await writeFile(join(repo, "extensions", "second.ts"), "export default function () {}\n");
    git(["add", "."], repo);
    git(["commit", "--quiet", "-m", "second"], repo);
    const updated = await world.pith(["update", "--extensions"]);
    expect(updated.stdout).toContain(`Updated git:${url}`);
    expect(head(clone)).toBe(head(repo));
    expect(await isThere(join(clone, "extensions", "second.ts"))).toBe(true);

    // rewrite history: the installed clone must follow, not merge
    git(["reset", "--quiet", "--hard", "HEAD~1"], repo);
    await writeFile(join(repo, "extensions", "rewritten.ts"), "export default function () {}\n");
    git(["add", "."], repo);
    git(["commit", "--quiet", "-m", "rewritten"], repo);
    await writeFile(join(clone, "stray.txt"), "left behind\n");
    expect((await world.pith(["update", `git:${url}`])).code).toBe(0);
    expect(head(clone)).toBe(head(repo));
    expect(await isThere(join(clone, "extensions", "second.ts"))).toBe(false);
    expect(await isThere(join(clone, "stray.txt"))).toBe(false);

    const removed = await world.pith(["remove", url]);
    expect(removed).toMatchObject({ code: 0, stdout: `Removed ${url}\n` });
    expect(await isThere(clone)).toBe(false);
    expect(await isThere(join(world.agentDir, "git", "local"))).toBe(false);
  });

  it("a ref pins the package: the tag is checked out and update skips it; -l clones under .pi/git with a .gitignore", async () => {
    git(["tag", "v1"], repo);
    const pinnedHead = head(repo);
    await writeFile(join(repo, "later.txt"), "later\n");
    git(["add", "."], repo);
    git(["commit", "--quiet", "-m", "later"], repo);

    const projectClone = join(world.project, ".pi", "git", "local", ...repo.split("/").filter(Boolean));
    expect((await world.pith(["install", `git:${url}@v1`, "-l"])).code).toBe(0);
    expect(head(projectClone)).toBe(pinnedHead);
    expect(await readFile(join(world.project, ".pi", "git", ".gitignore"), "utf8")).toBe("*\n");
    expect((await world.pith(["update", "--extensions", "-a"])).stdout).toBe(`Skipped (pinned) git:${url}@v1\n`);
    expect(head(projectClone)).toBe(pinnedHead);
  });

  it("a failing git names the command and its stderr", async () => {
    const missing = `file://${join(world.home, "repos", "missing")}`;
    const result = await world.pith(["install", `git:${missing}`]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`\`git clone --quiet -- ${missing}`);
    expect(result.stderr).toMatch(/failed \(exit 128\)[^]*does not exist|failed \(exit 128\)[^]*not appear to be a git repository/);
    expect(await isThere(join(world.agentDir, "settings.json"))).toBe(false);
  });
});
