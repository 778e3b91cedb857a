// Settings `skills` entries: folders and files, globs, and `!` / `+` / `-` overrides (pi's documented rules).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isEnabledByOverrides, selectByPatterns } from "../../lib/resources/finding/settings-patterns.js";
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

// What pi's resource patterns match (minimatch with its default options, tried against a file's path relative to
// the settings folder, its name and its absolute path, and for SKILL.md the same three for its folder). The
// expected lists were observed by running that matcher on these paths.
describe("glob rules of `!pattern` entries", () => {
  const base = "/base";
  const files = [
    "skills/one/SKILL.md",
    "skills/two/SKILL.md",
    "skills/three/SKILL.md",
    ".hidden/secret/SKILL.md",
    "skills/skill-1.md",
    "skills/skill-2.md",
    "skills/skill-12.md",
    "prompts/#draft.md",
    "prompts/sub/deep.md",
  ].map((file) => `${base}/${file}`);
  const excludedBy = (pattern: string) => {
    const kept = selectByPatterns(files, [`!${pattern}`], base);
    return files.filter((file) => !kept.has(file)).map((file) => file.slice(base.length + 1));
  };

  it.each<[string, string[]]>([
    ["skills/*", ["skills/one/SKILL.md", "skills/two/SKILL.md", "skills/three/SKILL.md", "skills/skill-1.md", "skills/skill-2.md", "skills/skill-12.md"]],
    ["skills/*.md", ["skills/skill-1.md", "skills/skill-2.md", "skills/skill-12.md"]],
    ["skill-?.md", ["skills/skill-1.md", "skills/skill-2.md"]],
    ["**/deep.md", ["prompts/sub/deep.md"]],
    ["prompts/**", ["prompts/#draft.md", "prompts/sub/deep.md"]],
    ["sub/*.md", []],
    ["ONE", []],
    ["skills/{one,two}", ["skills/one/SKILL.md", "skills/two/SKILL.md"]],
    ["/base/skills/*", ["skills/one/SKILL.md", "skills/two/SKILL.md", "skills/three/SKILL.md", "skills/skill-1.md", "skills/skill-2.md", "skills/skill-12.md"]],
    // a `*`, `?` or `**` never matches a path segment that starts with a dot; a literal `.name` does
    ["*/secret", []],
    ["/base/**/SKILL.md", ["skills/one/SKILL.md", "skills/two/SKILL.md", "skills/three/SKILL.md"]],
    [".hidden/*", [".hidden/secret/SKILL.md"]],
    ["**/secret", [".hidden/secret/SKILL.md"]],
    // nested alternatives, numeric ranges and extglobs
    ["{one,{two,three}}", ["skills/one/SKILL.md", "skills/two/SKILL.md", "skills/three/SKILL.md"]],
    ["skill-{1..2}.md", ["skills/skill-1.md", "skills/skill-2.md"]],
    ["+(one|two)", ["skills/one/SKILL.md", "skills/two/SKILL.md"]],
    // a leading `#` makes a comment that matches nothing; `\#` is a literal `#`
    ["#draft.md", []],
    ["\\#draft.md", ["prompts/#draft.md"]],
  ])("!%s", (pattern, expected) => {
    expect(excludedBy(pattern)).toEqual(expected);
  });

  it("applies the same rules to overrides on auto-discovered files", () => {
    expect(isEnabledByOverrides(`${base}/.hidden/secret/SKILL.md`, ["!*/secret"], base)).toBe(true);
    expect(isEnabledByOverrides(`${base}/.hidden/secret/SKILL.md`, ["!**/secret"], base)).toBe(false);
    expect(isEnabledByOverrides(`${base}/skills/one/SKILL.md`, ["!+(one|two)"], base)).toBe(false);
  });
});
