// Start-up through the built CLI: settings `packages` feed the extensions, skills and prompt-templates plugins;
// missing packages are installed (or reported when offline or failing); project packages obey project trust.
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { conventionalPackage, gitPackageRepo, offlineNpmEnv, writeFiles } from "./support.js";

const MODEL = ["--model", "mock/mock-model"];
let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(() => world.close());

const run = (args: string[]) => world.run(["-p", ...MODEL, ...args], { env: offlineNpmEnv(world.home) });
const sentText = (index: number) => JSON.stringify(world.mock.requests[index]!.body);
const isThere = (path: string) => stat(path).then(() => true, () => false);
const globalSettings = (settings: object) => writeFiles(world.agentDir, { "settings.json": JSON.stringify(settings) });

describe("packages at start-up", () => {
  it("a global package's extension, skill and prompt load; a filter leaves out what it excludes", async () => {
    await conventionalPackage(join(world.home, "pkgs", "conv"), "conv");
    await globalSettings({ packages: [{ source: "../pkgs/conv", prompts: [] }] });

    // one run, three prompts in order (later positional messages are prompts of their own): the extension's command
    // (no request), the package's skill (request 0), and the filtered-out prompt template (request 1)
    world.mock.enqueue({ text: "ok" }, { text: "ok" });
    const result = await run(["/conv from a package", "/skill:conv-skill go", "/conv-prompt x"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(await readFile(join(world.project, "conv.ran"), "utf8")).toBe("from a package");
    expect(world.mock.requests).toHaveLength(2);
    expect(sentText(0)).toContain("Skill body of conv.");
    expect(sentText(1)).toContain("/conv-prompt x"); // prompts: [] filtered the template out
    expect(sentText(1)).not.toContain("Prompt of conv");
  });

  it("a missing git package is installed at start-up, then loads", async () => {
    const repo = join(world.home, "repos", "tool");
    await gitPackageRepo(repo, "tool");
    await globalSettings({ packages: [`git:file://${repo}`] });
    world.mock.enqueue({ text: "ok" });
    const result = await run(["/tool-prompt now"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Cloning file://${repo}...`);
    expect(sentText(0)).toContain("Prompt of tool: now");
    expect(await isThere(join(world.agentDir, "git", "local", ...repo.split("/").filter(Boolean), "extensions", "tool.ts"))).toBe(true);
  });

  it("offline, or when an install fails, the missing package is reported and the run goes on", async () => {
    const absent = `file://${join(world.home, "repos", "absent")}`;
    await globalSettings({ packages: ["npm:not-here@1.0.0", `git:${absent}`] });
    world.mock.enqueue({ text: "fine" }, { text: "fine" }, { text: "fine" });

    const offline = await world.run(["-p", ...MODEL, "hello"], { env: { ...offlineNpmEnv(world.home), PI_OFFLINE: "1" } });
    expect(offline.code).toBe(0);
    expect(offline.stdout).toContain("fine");
    expect(offline.stderr).toContain("package npm:not-here@1.0.0 (global settings) is not installed and pith is offline");
    expect(offline.stderr).toContain(`package git:${absent} (global settings) is not installed and pith is offline`);

    await globalSettings({ packages: [`git:${absent}`] });
    const failing = await run(["--offline", "hello"]);
    expect(failing.stderr).toContain("is not installed and pith is offline");
    const online = await run(["hello"]);
    expect(online.code).toBe(0);
    expect(online.stderr).toContain(`package git:${absent} (global settings) could not be installed: \`git clone --quiet -- ${absent}`);
  });

  it("missing npm packages of a scope install in one npm run; when it fails, each installs alone and a failure names its package", async () => {
    // a stand-in npm that logs its calls and installs a package folder per spec, or fails the whole run on `bad@`
    const npm = join(world.home, "npm.sh");
    const log = join(world.home, "npm.log");
    await writeFile(
      npm,
      `#!/bin/sh\necho "$*" >> ${JSON.stringify(log)}\nshift\ncase " $* " in *" bad@"*) echo "bad is not in the registry" >&2; exit 1 ;; esac\n` +
        `for spec in "$@"; do case "$spec" in -*) ;; *) mkdir -p "node_modules/\${spec%@*}" && echo '{"name":"x"}' > "node_modules/\${spec%@*}/package.json" ;; esac; done\n`,
      { mode: 0o755 },
    );
    const calls = async () => (await readFile(log, "utf8")).split("\n").filter(Boolean).map((line) => line.split(" --")[0]);
    await globalSettings({ npmCommand: [npm], packages: ["npm:one@1.0.0", "npm:two@2.0.0"] });
    world.mock.enqueue({ text: "ok" }, { text: "ok" });
    const together = await run(["hello"]);
    expect(together.code).toBe(0);
    expect(together.stderr).toContain("Installing npm:one@1.0.0, npm:two@2.0.0...");
    expect(await calls()).toEqual(["install one@1.0.0 two@2.0.0"]);
    expect(await isThere(join(world.agentDir, "npm", "node_modules", "two", "package.json"))).toBe(true);

    await globalSettings({ npmCommand: [npm], packages: ["npm:one@1.0.0", "npm:three@3.0.0", "npm:bad@1.0.0"] });
    const apart = await run(["hello"]);
    expect(apart.code).toBe(0);
    expect((await calls()).slice(1)).toEqual(["install three@3.0.0 bad@1.0.0", "install three@3.0.0", "install bad@1.0.0"]);
    expect(apart.stderr).toContain("package npm:bad@1.0.0 (global settings) could not be installed");
    expect(apart.stderr).toContain("bad is not in the registry");
    expect(apart.stderr).not.toContain("package npm:three@3.0.0 (global settings) could not");
  });

  it("a project's packages load only in a trusted project: extensions, skills and all", async () => {
    await conventionalPackage(join(world.project, "vendor", "proj"), "proj");
    await writeFiles(world.project, { ".pi/settings.json": JSON.stringify({ packages: ["../vendor/proj"] }) });

    // one untrusted run, two prompts: the extension's command is not there (sent as text, request 0), nor the skill (request 1)
    world.mock.enqueue({ text: "ok" }, { text: "ok" });
    const untrusted = await run(["/proj not yet", "/skill:proj-skill go"]);
    expect(untrusted.stderr).toContain(".pi/settings.json (with packages, which runs or loads code)");
    expect(untrusted.code).toBe(0);
    expect(await isThere(join(world.project, "proj.ran"))).toBe(false);
    expect(sentText(1)).toContain("/skill:proj-skill go");
    expect(sentText(1)).not.toContain("Skill body of proj.");
    world.mock.enqueue({ text: "ok" });
    expect((await run(["-a", "/skill:proj-skill go"])).code).toBe(0);
    expect(sentText(2)).toContain("Skill body of proj.");

    const trusted = await run(["--trust", "/proj now"]);
    expect(trusted.code).toBe(0);
    expect(await readFile(join(world.project, "proj.ran"), "utf8")).toBe("now");
  });

  it("a missing project package is not installed in an untrusted project (installing runs its code)", async () => {
    const repo = join(world.home, "repos", "team");
    await gitPackageRepo(repo, "team");
    await writeFiles(world.project, { ".pi/settings.json": JSON.stringify({ packages: [`git:file://${repo}`] }) });
    world.mock.enqueue({ text: "ok" });
    const result = await run(["hello"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("is not trusted, so pith ignores its .pi/settings.json (with packages");
    expect(result.stderr).not.toContain("git clone");
    expect(await isThere(join(world.project, ".pi", "git"))).toBe(false);
  });
});
