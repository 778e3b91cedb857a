// `pith config`: the list of package and auto-discovered resources with their state, and `enable|disable`
// writing pi's settings forms (object entries with +path/-path, [] for a kind, plain strings when unfiltered).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { conventionalPackage, createPackageWorld, markerExtension, promptFile, skillFile, writeFiles, type PackageWorld } from "./support.js";

let world: PackageWorld;
beforeEach(async () => {
  world = await createPackageWorld();
  await conventionalPackage(join(world.home, "tools", "conv"), "conv");
  await writeFiles(world.agentDir, {
    "settings.json": JSON.stringify({ packages: ["../tools/conv"] }),
    "extensions/auto.ts": markerExtension("auto"),
    "prompts/mine.md": promptFile("mine"),
  });
  await writeFiles(world.project, { ".pi/skills/local-skill/SKILL.md": skillFile("local-skill", "local") });
});
afterEach(() => world.close());

const json = async (file: string) => JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
const globalSettings = () => json(join(world.agentDir, "settings.json"));
const config = (...args: string[]) => world.pith(["config", ...args]);

describe("pith config", () => {
  it("lists every package resource and auto-discovered resource with its state", async () => {
    await writeFiles(world.agentDir, { "settings.json": JSON.stringify({ packages: [{ source: "../tools/conv", prompts: [] }, "npm:absent"], extensions: ["-extensions/auto.ts"] }) });
    const listed = await config();
    expect(listed).toMatchObject({ code: 0, stderr: "" });
    expect(listed.stdout).toBe(
      [
        "User packages:",
        "  ../tools/conv",
        "    extensions:",
        "      enabled   extensions/conv.ts",
        "    skills:",
        "      enabled   skills/conv-skill/SKILL.md",
        "    prompts:",
        "      disabled  prompts/conv-prompt.md",
        "  npm:absent (not installed: `pith update --extension npm:absent` installs it)",
        "",
        `User resources (${world.agentDir}):`,
        "  extensions:",
        "    disabled  extensions/auto.ts",
        "  prompts:",
        "    enabled   prompts/mine.md",
        "",
        `Project resources (${join(world.project, ".pi")}):`,
        "  skills:",
        "    enabled   skills/local-skill/SKILL.md",
        "",
      ].join("\n"),
    );
  });

  it("enable|disable one file of a package writes -path / +path in the object form", async () => {
    const off = await config("disable", "../tools/conv", "extensions/conv.ts");
    expect(off).toMatchObject({ code: 0, stdout: "Disabled extensions/conv.ts of ../tools/conv (global settings)\n" });
    expect((await globalSettings()).packages).toEqual([{ source: "../tools/conv", extensions: ["-extensions/conv.ts"] }]);
    expect((await config()).stdout).toContain("      disabled  extensions/conv.ts\n");

    const again = await config("disable", "../tools/conv", "extensions/conv.ts");
    expect(again.stdout).toBe("extensions/conv.ts of ../tools/conv (global settings) is already disabled\n");

    expect((await config("enable", "../tools/conv", "extensions/conv.ts")).code).toBe(0);
    expect((await globalSettings()).packages).toEqual([{ source: "../tools/conv", extensions: ["+extensions/conv.ts"] }]);
  });

  it("a whole kind, a skill by its folder, and a whole package", async () => {
    expect((await config("disable", "../tools/conv", "--kind", "skills")).stdout).toBe("Disabled the skills of ../tools/conv (global settings)\n");
    expect((await globalSettings()).packages).toEqual([{ source: "../tools/conv", skills: [] }]);
    expect((await config("enable", "../tools/conv", "skills/conv-skill")).code).toBe(0);
    expect((await globalSettings()).packages).toEqual([{ source: "../tools/conv", skills: ["skills/conv-skill/SKILL.md"] }]);

    expect((await config("disable", "../tools/conv")).code).toBe(0);
    expect((await globalSettings()).packages).toEqual([{ source: "../tools/conv", skills: [], extensions: [], prompts: [], themes: [] }]);
    expect((await config("enable", "../tools/conv")).stdout).toBe("Enabled everything of ../tools/conv (global settings)\n");
    expect((await globalSettings()).packages).toEqual(["../tools/conv"]);
  });

  it("a glob switches every file it matches", async () => {
    await writeFiles(join(world.home, "tools", "conv"), { "prompts/second.md": promptFile("second") });
    expect((await config("disable", "../tools/conv", "prompts/*.md")).stdout).toBe(
      "Disabled prompts/conv-prompt.md of ../tools/conv (global settings)\nDisabled prompts/second.md of ../tools/conv (global settings)\n",
    );
    expect((await globalSettings()).packages).toEqual([{ source: "../tools/conv", prompts: ["-prompts/conv-prompt.md", "-prompts/second.md"] }]);
  });

  it("auto-discovered resources: the scope's settings arrays get the entry; -l works on the project", async () => {
    expect((await config("disable", "extensions/auto.ts")).stdout).toBe("Disabled extensions/auto.ts (global settings)\n");
    expect((await globalSettings()).extensions).toEqual(["-extensions/auto.ts"]);
    expect((await config("disable", "-l", "skills/local-skill")).code).toBe(0);
    expect((await json(join(world.project, ".pi", "settings.json"))).skills).toEqual(["-skills/local-skill/SKILL.md"]);
    // the project's settings apply only in a trusted project: -a trusts it for this one command
    expect((await config("-a")).stdout).toContain("  skills:\n    disabled  skills/local-skill/SKILL.md\n");
    expect((await config("enable", "extensions/auto.ts")).code).toBe(0);
    expect((await globalSettings()).extensions).toEqual(["+extensions/auto.ts"]);
  });

  it.each([
    [["disable", "npm:nope", "extensions/x.ts"], "No package npm:nope in the global settings."],
    [["disable", "nothing/here.ts"], "Nothing in the auto-discovered resources matches nothing/here.ts."],
    [["disable", "../tools/conv", "--kind", "prompts", "extensions/conv.ts"], "Nothing in ../tools/conv matches extensions/conv.ts among the prompts."],
    [["enable"], "Missing enable source."],
    [["disable", "../tools/conv", "--kind", "bogus"], "--kind takes one of extensions, skills, prompts, themes (not bogus)."],
    [["frob"], "Unknown config action frob: use enable or disable."],
  ])("config %j fails: %s", async (args, message) => {
    const result = await config(...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect((await globalSettings()).packages).toEqual(["../tools/conv"]);
  });
});
