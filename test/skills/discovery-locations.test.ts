// Where skills are found, in which order (= precedence), and what each record says about its source.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { discoverSkills } from "../../plugins/skills/skill-discovery.js";
import { skillFile, tempDir, writeTree } from "./support/temp-tree.js";

const skill = (name: string) => skillFile({ name, description: `The ${name} skill.` });

/** A home folder, an agent folder, and a git repository with the working directory two levels down. */
async function layout() {
  const root = await tempDir();
  const home = join(root, "home");
  const agentDir = join(root, "agent");
  const repo = join(root, "repo");
  const cwd = join(repo, "pkg", "app");
  await writeTree(root, {
    ".agents/skills/outside-repo/SKILL.md": skill("outside-repo"),
    "home/.agents/skills/user-agents/SKILL.md": skill("user-agents"),
    "home/.agents/skills/loose-user.md": skill("loose-user"),
    "home/tilde-skills/tilde/SKILL.md": skill("tilde"),
    "agent/skills/user-pi/SKILL.md": skill("user-pi"),
    "agent/skills/user-root.md": skill("user-root"),
    "agent/extra/global-setting/SKILL.md": skill("global-setting"),
    "repo/.agents/skills/repo-agents/SKILL.md": skill("repo-agents"),
    "repo/pkg/.agents/skills/pkg-agents/SKILL.md": skill("pkg-agents"),
    "repo/pkg/app/.pi/skills/project-pi/SKILL.md": skill("project-pi"),
    "repo/pkg/app/.agents/skills/cwd-agents/SKILL.md": skill("cwd-agents"),
    "repo/pkg/app/.agents/skills/loose.md": skill("loose"),
    "repo/pkg/app/shared/project-setting/SKILL.md": skill("project-setting"),
    "cli/cli-skill/SKILL.md": skill("cli-skill"),
  });
  await mkdir(join(repo, ".git"));
  return { root, home, agentDir, repo, cwd };
}

describe("skill locations", () => {
  it("searches every location in precedence order", async () => {
    const { root, home, agentDir, cwd } = await layout();
    const { skills } = await discoverSkills({
      agentDir,
      cwd,
      homeDir: home,
      settingsEntries: { project: ["../shared"], global: ["extra", "~/tilde-skills"] },
      paths: [join(root, "cli")],
    });
    expect(skills.map((entry) => entry.name)).toEqual([
      "project-setting",
      "project-pi",
      "cwd-agents",
      "pkg-agents",
      "repo-agents",
      "global-setting",
      "tilde",
      "user-pi",
      "user-root",
      "user-agents",
      "cli-skill",
    ]);
  });

  it("stops the .agents/skills search at the git root", async () => {
    const { home, agentDir, cwd } = await layout();
    const { skills } = await discoverSkills({ agentDir, cwd, homeDir: home });
    expect(skills.map((entry) => entry.name)).not.toContain("outside-repo");
  });

  it("takes root .md files as skills in pi's folders but not in .agents/skills", async () => {
    const { home, agentDir, cwd } = await layout();
    const names = (await discoverSkills({ agentDir, cwd, homeDir: home })).skills.map((entry) => entry.name);
    expect(names).toContain("user-root");
    expect(names).not.toContain("loose");
    expect(names).not.toContain("loose-user");
  });

  it("labels each skill with where it came from", async () => {
    const { root, home, agentDir, cwd } = await layout();
    const { skills } = await discoverSkills({
      agentDir,
      cwd,
      homeDir: home,
      settingsEntries: { project: ["../shared"], global: ["extra"] },
      paths: [join(root, "cli")],
    });
    const info = (name: string) => skills.find((entry) => entry.name === name)?.sourceInfo;
    const file = (...parts: string[]) => join(...parts, "SKILL.md");
    expect(info("project-setting")).toEqual({
      path: file(cwd, "shared", "project-setting"),
      source: "local",
      scope: "project",
      origin: "top-level",
    });
    expect(info("project-pi")).toMatchObject({ source: "auto", scope: "project", baseDir: join(cwd, ".pi") });
    expect(info("repo-agents")).toMatchObject({ source: "auto", scope: "project", baseDir: join(cwd, ".pi") });
    expect(info("global-setting")).toEqual({
      path: file(agentDir, "extra", "global-setting"),
      source: "local",
      scope: "user",
      origin: "top-level",
    });
    expect(info("user-agents")).toMatchObject({ source: "auto", scope: "user", baseDir: agentDir });
    expect(info("cli-skill")).toEqual({
      path: file(root, "cli", "cli-skill"),
      source: "local",
      scope: "temporary",
      origin: "top-level",
      baseDir: join(root, "cli", "cli-skill"),
    });
  });

  it("with noDiscovery loads only the CLI paths, settings entries included", async () => {
    const { root, home, agentDir, cwd } = await layout();
    const { skills } = await discoverSkills({
      agentDir,
      cwd,
      homeDir: home,
      settingsEntries: { project: ["../shared"], global: ["extra"] },
      paths: [join(root, "cli")],
      noDiscovery: true,
    });
    expect(skills.map((entry) => entry.name)).toEqual(["cli-skill"]);
  });

  it("counts ~/.agents/skills as a user folder when the walk up from cwd reaches home", async () => {
    const root = await tempDir();
    const home = join(root, "home");
    await writeTree(root, { "home/.agents/skills/mine/SKILL.md": skill("mine") });
    const cwd = join(home, "work", "project");
    await mkdir(cwd, { recursive: true });
    const { skills } = await discoverSkills({ agentDir: join(root, "agent"), cwd, homeDir: home });
    expect(skills.filter((entry) => entry.name === "mine")).toHaveLength(1);
    expect(skills.find((entry) => entry.name === "mine")?.sourceInfo.scope).toBe("user");
  });
});

describe("CLI skill paths", () => {
  it("loads a single Markdown file, resolving the path against cwd", async () => {
    const root = await tempDir();
    await writeTree(root, { "work/notes/helper.md": skillFile({ name: "helper", description: "Helps." }) });
    const cwd = join(root, "work");
    const { skills, diagnostics } = await discoverSkills({
      agentDir: join(root, "agent"),
      cwd,
      homeDir: root,
      paths: ["notes/helper.md"],
      noDiscovery: true,
    });
    expect(skills.map((entry) => [entry.name, entry.filePath])).toEqual([["helper", join(cwd, "notes", "helper.md")]]);
    // the file's folder is "notes", so the name check warns, as pi does
    expect(diagnostics.map((entry) => entry.message)).toEqual(['name "helper" does not match its folder name "notes"']);
  });

  it("reports a missing path as an error and a non-Markdown file as a warning", async () => {
    const root = await tempDir();
    await writeTree(root, { "skill.txt": "not markdown" });
    const { skills, diagnostics } = await discoverSkills({
      agentDir: join(root, "agent"),
      cwd: root,
      homeDir: root,
      paths: ["missing-folder", "skill.txt"],
      noDiscovery: true,
    });
    expect(skills).toEqual([]);
    expect(diagnostics).toEqual([
      { type: "error", message: "path does not exist", path: join(root, "missing-folder") },
      { type: "warning", message: "not a Markdown (.md) file or a folder; ignored", path: join(root, "skill.txt") },
    ]);
  });

  it("labels a CLI path inside the agent's skills folder as a user skill", async () => {
    const root = await tempDir();
    const agentDir = join(root, "agent");
    await writeTree(root, { "agent/skills/own/SKILL.md": skill("own") });
    const { skills } = await discoverSkills({
      agentDir,
      cwd: root,
      homeDir: root,
      paths: [join(agentDir, "skills", "own")],
      noDiscovery: true,
    });
    expect(skills[0]?.sourceInfo).toMatchObject({ source: "local", scope: "user" });
  });

  it("warns about a settings entry that does not exist and goes on", async () => {
    const root = await tempDir();
    const agentDir = join(root, "agent");
    await writeTree(root, { "agent/skills/present/SKILL.md": skill("present") });
    const { skills, diagnostics } = await discoverSkills({
      agentDir,
      cwd: root,
      homeDir: root,
      settingsEntries: { global: ["nowhere"] },
    });
    expect(skills.map((entry) => entry.name)).toEqual(["present"]);
    expect(diagnostics).toEqual([{ type: "warning", message: "path does not exist", path: join(agentDir, "nowhere") }]);
  });
});
