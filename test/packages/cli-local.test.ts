// `pith install|remove|list|update` with local sources and the usage errors, through the built CLI.
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { conventionalPackage, createPackageWorld, markerExtension, writeFiles, type PackageWorld } from "./support.js";

let world: PackageWorld;
beforeEach(async () => {
  world = await createPackageWorld();
});
afterEach(() => world.close());

const settingsOf = async (file: string) => JSON.parse(await readFile(file, "utf8")) as { packages?: unknown[] };

describe("pith package commands: local sources", () => {
  it("install stores a global local path relative to the agent folder; list shows what it provides; remove drops it", async () => {
    await conventionalPackage(join(world.home, "tools", "conv"), "conv");
    const installed = await world.pith(["install", "../tools/conv"]);
    expect(installed).toMatchObject({ code: 0, stderr: "" });
    expect(installed.stdout).toBe("Installed ../tools/conv\n");
    // cwd is <home>/project and the agent folder <home>/agent: the same relative path from both
    expect((await settingsOf(join(world.agentDir, "settings.json"))).packages).toEqual(["../tools/conv"]);

    // the project is not trusted (nothing saved, no prompt in a package command): its packages do not count,
    // neither with -na; -a trusts it for this one command
    for (const untrusted of [["list"], ["list", "-na"]]) expect((await world.pith(untrusted)).stdout).not.toContain("Project packages:");
    const listed = await world.pith(["list", "-a"]);
    expect(listed.stdout).toBe(
      [
        "User packages:",
        "  ../tools/conv",
        `    ${join(world.home, "tools", "conv")}`,
        "    extensions: extensions/conv.ts",
        "    skills: conv-skill",
        "    prompts: /conv-prompt",
        "    themes: themes/dark-ish.json",
        "",
      ].join("\n"),
    );

    const removed = await world.pith(["uninstall", "../tools/conv"]);
    expect(removed).toMatchObject({ code: 0, stdout: "Removed ../tools/conv\n" });
    expect((await settingsOf(join(world.agentDir, "settings.json"))).packages).toEqual([]);
    expect((await world.pith(["list"])).stdout).toBe("No packages installed.\n");
  });

  it("a package installed from a subfolder is named by config and remove as list shows it (relative to the settings file)", async () => {
    await conventionalPackage(join(world.home, "tools", "conv"), "conv");
    const sub = join(world.project, "deep", "er");
    await mkdir(sub, { recursive: true });
    expect((await world.pith(["install", "../../../tools/conv"], { cwd: sub })).code).toBe(0);
    expect((await settingsOf(join(world.agentDir, "settings.json"))).packages).toEqual(["../tools/conv"]);
    expect((await world.pith(["list"], { cwd: sub })).stdout).toContain("  ../tools/conv\n");
    const disabled = await world.pith(["config", "disable", "../tools/conv"], { cwd: sub });
    expect(disabled.stderr).not.toContain("No matching package");
    expect(disabled.code).toBe(0);
    const removed = await world.pith(["remove", "../tools/conv"], { cwd: sub });
    expect(removed).toMatchObject({ code: 0, stdout: "Removed ../tools/conv\n" });
    expect((await settingsOf(join(world.agentDir, "settings.json"))).packages).toEqual([]);
  });

  it("-l writes the project settings, relative to .pi; list shows both scopes and filtered entries", async () => {
    await writeFiles(world.project, { "vendor/one.ts": markerExtension("one") });
    await conventionalPackage(join(world.home, "global-pkg"), "glob");
    await writeFiles(world.agentDir, {
      "settings.json": JSON.stringify({ packages: [{ source: "../global-pkg", skills: [], prompts: [] }] }),
    });
    const installed = await world.pith(["install", "./vendor/one.ts", "-l"]);
    expect(installed).toMatchObject({ code: 0, stdout: "Installed ./vendor/one.ts\n" });
    expect((await settingsOf(join(world.project, ".pi", "settings.json"))).packages).toEqual(["../vendor/one.ts"]);

    // the project is not trusted (nothing saved, no prompt in a package command): its packages do not count,
    // neither with -na; -a trusts it for this one command
    for (const untrusted of [["list"], ["list", "-na"]]) expect((await world.pith(untrusted)).stdout).not.toContain("Project packages:");
    const listed = await world.pith(["list", "-a"]);
    expect(listed.stdout).toBe(
      [
        "User packages:",
        "  ../global-pkg (filtered)",
        `    ${join(world.home, "global-pkg")}`,
        "    extensions: extensions/glob.ts",
        "    themes: themes/dark-ish.json",
        "",
        "Project packages:",
        "  ../vendor/one.ts",
        `    ${join(world.project, "vendor", "one.ts")}`,
        "    extensions: one.ts",
        "",
      ].join("\n"),
    );
    // removing from the wrong scope finds nothing
    const wrongScope = await world.pith(["remove", "./vendor/one.ts"]);
    expect(wrongScope.code).toBe(1);
    expect(wrongScope.stderr).toContain("No matching package found for ./vendor/one.ts in the global settings.");
    expect((await world.pith(["remove", "--local", "-a", "./vendor/one.ts"])).code).toBe(0);
    expect((await settingsOf(join(world.project, ".pi", "settings.json"))).packages).toEqual([]);
  });

  it("installing the same package twice keeps one entry, and keeps its filters", async () => {
    await conventionalPackage(join(world.home, "pkg"), "p");
    await writeFiles(world.agentDir, { "settings.json": JSON.stringify({ packages: [{ source: "../pkg", skills: [] }] }) });
    expect((await world.pith(["install", join(world.home, "pkg")])).code).toBe(0);
    expect((await settingsOf(join(world.agentDir, "settings.json"))).packages).toEqual([{ source: "../pkg", skills: [] }]);
  });

  it("usage errors: unknown option, missing source, unexpected argument, missing local path", async () => {
    const unknown = await world.pith(["install", "--global", "npm:x"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown option --global for "install".');
    expect((await world.pith(["list", "-l"])).stderr).toContain('Unknown option -l for "list".');

    const missing = await world.pith(["install"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Missing install source.");
    expect((await world.pith(["remove", "-l"])).stderr).toContain("Missing remove source.");

    expect((await world.pith(["install", "./a", "./b"])).stderr).toContain("Unexpected argument ./b.");
    const absent = await world.pith(["install", "./nowhere"]);
    expect(absent.code).toBe(1);
    expect(absent.stderr).toContain(`Local package ./nowhere does not exist (looked for ${join(world.project, "nowhere")}).`);

    const help = await world.pith(["install", "--help"]);
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toContain("Usage: pith install <source> [-l]");
  });

  it("update skips local paths and names an unknown source", async () => {
    await conventionalPackage(join(world.home, "pkg"), "p");
    await world.pith(["install", "../pkg"]);
    expect((await world.pith(["update", "--extensions"])).stdout).toBe("Skipped (local path) ../pkg\n");
    const unknown = await world.pith(["update", "npm:not-configured"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No matching package found for npm:not-configured");
  });
});
