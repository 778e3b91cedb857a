// Settings `skills` entries: folders and files, globs, and `!` / `+` / `-` overrides (pi's documented rules).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { matchesGlob } from "../../plugins/resources-common/glob.js";
import { discoverSkills } from "../../plugins/skills/skill-discovery.js";
import { skillFile, tempDir, writeTree } from "./support/temp-tree.js";

const skill = (name: string) => skillFile({ name, description: `The ${name} skill.` });

async function agentWithSkills(names: string[]) {
  const root = await tempDir();
  const files: Record<string, string> = {};
  for (const name of names) files[`agent/skills/${name}/SKILL.md`] = skill(name);
  await writeTree(root, files);
  return root;
}

const load = (root: string, global: string[], project: string[] = []) =>
  discoverSkills({
    agentDir: join(root, "agent"),
    cwd: join(root, "cwd"),
    homeDir: join(root, "home"),
    settingsEntries: { global, project },
  });

const names = async (promise: ReturnType<typeof load>) => (await promise).skills.map((entry) => entry.name);

describe("settings overrides on auto-discovered skills", () => {
  it("`!pattern` turns off matching skills, by folder name or by glob", async () => {
    const root = await agentWithSkills(["alpha", "beta", "beta-two", "gamma"]);
    expect(await names(load(root, ["!alpha", "!beta*"]))).toEqual(["gamma"]);
  });

  it("`+path` brings back an exact path that `!` turned off", async () => {
    const root = await agentWithSkills(["alpha", "beta"]);
    expect(await names(load(root, ["!*", "+skills/beta"]))).toEqual(["beta"]);
  });

  it("`-path` turns off an exact path even when forced in", async () => {
    const root = await agentWithSkills(["alpha", "beta"]);
    expect(await names(load(root, ["+skills/beta", "-skills/beta"]))).toEqual(["alpha"]);
  });

  it("applies only to the scope whose settings hold it", async () => {
    const root = await agentWithSkills(["alpha"]);
    expect(await names(load(root, [], ["!alpha"]))).toEqual(["alpha"]);
  });
});

describe("settings entries that name files", () => {
  it("a glob keeps only the matching files found under plain entries", async () => {
    const root = await tempDir();
    await writeTree(root, {
      "agent/library/keep-one/SKILL.md": skill("keep-one"),
      "agent/library/keep-two/SKILL.md": skill("keep-two"),
      "agent/library/drop/SKILL.md": skill("drop"),
    });
    expect(await names(load(root, ["library", "keep-*"]))).toEqual(["keep-one", "keep-two"]);
  });

  it("`!` excludes among files found under plain entries", async () => {
    const root = await tempDir();
    await writeTree(root, {
      "agent/library/one/SKILL.md": skill("one"),
      "agent/library/two/SKILL.md": skill("two"),
    });
    expect(await names(load(root, ["library", "!library/two"]))).toEqual(["one"]);
  });

  it("a folder entry takes its root .md files as skills", async () => {
    const root = await tempDir();
    await writeTree(root, { "agent/library/loose.md": skillFile({ name: "library", description: "Loose file." }) });
    expect(await names(load(root, ["library"]))).toEqual(["library"]);
  });
});

describe("glob matching", () => {
  it.each([
    ["a/b/c.md", "**/*.md", true],
    ["c.md", "**/*.md", true],
    ["a/b/c.md", "*.md", false],
    ["a/b/c.md", "a/**", true],
    ["a/x/y/b", "a/**/b", true],
    ["a/b", "a/**/b", true],
    ["skill-1", "skill-?", true],
    ["skill-12", "skill-?", false],
    ["beta", "[ab]eta", true],
    ["zeta", "[!ab]eta", true],
    ["beta", "[!ab]eta", false],
    ["one.md", "{one,two}.md", true],
    ["three.md", "{one,two}.md", false],
    ["a.b", "a.b", true],
    ["axb", "a.b", false],
    ["(x)", "(x)", true],
  ])("%s against %s is %s", (path, pattern, expected) => {
    expect(matchesGlob(path, pattern)).toBe(expected);
  });
});
