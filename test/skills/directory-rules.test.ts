// How a skills folder is searched: SKILL.md ends the search, hidden and ignored entries are skipped,
// symlinks are followed without loading a file twice, and unreadable folders are warnings.
import { chmod, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { discoverSkills } from "../../plugins/skills/skill-discovery.js";
import { skillFile, tempDir, writeTree } from "./support/temp-tree.js";

const skill = (name: string) => skillFile({ name, description: `The ${name} skill.` });

/** Loads the skills of `<root>/agent/skills` only. */
async function loadAgentSkills(root: string) {
  return discoverSkills({ agentDir: join(root, "agent"), cwd: join(root, "cwd"), homeDir: join(root, "home") });
}

describe("skills folder search", () => {
  it("skips hidden entries and node_modules", async () => {
    const root = await tempDir();
    await writeTree(root, {
      "agent/skills/visible/SKILL.md": skill("visible"),
      "agent/skills/.hidden/SKILL.md": skill("hidden"),
      "agent/skills/.dotfile.md": skill("dotfile"),
      "agent/skills/node_modules/dependency/SKILL.md": skill("dependency"),
    });
    const { skills } = await loadAgentSkills(root);
    expect(skills.map((entry) => entry.name)).toEqual(["visible"]);
  });

  it("honours .gitignore, .ignore and .fdignore, rules from subfolders applying below them only", async () => {
    const root = await tempDir();
    await writeTree(root, {
      "agent/skills/.gitignore": "git-ignored/\n# a comment\n\n",
      "agent/skills/.ignore": "plain-ignored\n",
      "agent/skills/.fdignore": "fd-ignored/\n",
      "agent/skills/git-ignored/SKILL.md": skill("git-ignored"),
      "agent/skills/plain-ignored/SKILL.md": skill("plain-ignored"),
      "agent/skills/fd-ignored/SKILL.md": skill("fd-ignored"),
      "agent/skills/kept/SKILL.md": skill("kept"),
      "agent/skills/group/.gitignore": "drafts/\n/anchored/\n!drafts/keep-me/\n",
      "agent/skills/group/drafts/draft/SKILL.md": skill("draft"),
      "agent/skills/group/deeper/drafts/deep-draft/SKILL.md": skill("deep-draft"),
      "agent/skills/group/anchored/anchored-skill/SKILL.md": skill("anchored-skill"),
      "agent/skills/group/deeper/anchored/not-anchored-here/SKILL.md": skill("not-anchored-here"),
      "agent/skills/other/drafts/other-draft/SKILL.md": skill("other-draft"),
    });
    const { skills } = await loadAgentSkills(root);
    expect(skills.map((entry) => entry.name).sort()).toEqual(["kept", "not-anchored-here", "other-draft"]);
  });

  it("ignores a SKILL.md that an ignore file names, and searches the folder instead", async () => {
    const root = await tempDir();
    await writeTree(root, {
      "agent/skills/.gitignore": "wrapper/SKILL.md\n",
      "agent/skills/wrapper/SKILL.md": skill("wrapper"),
      "agent/skills/wrapper/inner/SKILL.md": skill("inner"),
    });
    const { skills } = await loadAgentSkills(root);
    expect(skills.map((entry) => entry.name)).toEqual(["inner"]);
  });

  it("treats a SKILL.md at the searched folder's root as the only skill", async () => {
    const root = await tempDir();
    await writeTree(root, {
      "single/SKILL.md": skillFile({ name: "single", description: "The folder itself." }),
      "single/other.md": skill("other"),
      "single/sub/SKILL.md": skill("sub"),
    });
    const { skills } = await discoverSkills({
      agentDir: join(root, "agent"),
      cwd: root,
      homeDir: root,
      paths: [join(root, "single")],
      noDiscovery: true,
    });
    expect(skills.map((entry) => entry.name)).toEqual(["single"]);
  });

  it("follows symlinks to folders and files", async () => {
    const root = await tempDir();
    await writeTree(root, {
      "elsewhere/linked-folder/SKILL.md": skill("linked-folder"),
      "elsewhere/linked-file.md": skill("linked-file"),
    });
    await mkdir(join(root, "agent", "skills"), { recursive: true });
    await symlink(join(root, "elsewhere", "linked-folder"), join(root, "agent", "skills", "linked-folder"));
    await symlink(join(root, "elsewhere", "linked-file.md"), join(root, "agent", "skills", "linked-file.md"));
    const { skills } = await loadAgentSkills(root);
    expect(skills.map((entry) => [entry.name, entry.filePath])).toEqual([
      ["linked-file", join(root, "agent", "skills", "linked-file.md")],
      ["linked-folder", join(root, "agent", "skills", "linked-folder", "SKILL.md")],
    ]);
  });

  it("loads a file reached twice through symlinks once, without a collision", async () => {
    const root = await tempDir();
    await writeTree(root, { "agent/skills/shared/SKILL.md": skill("shared") });
    await mkdir(join(root, "home", ".agents", "skills"), { recursive: true });
    await symlink(join(root, "agent", "skills", "shared"), join(root, "home", ".agents", "skills", "shared"));
    const { skills, diagnostics } = await loadAgentSkills(root);
    expect(skills.map((entry) => entry.filePath)).toEqual([join(root, "agent", "skills", "shared", "SKILL.md")]);
    expect(diagnostics).toEqual([]);
  });

  it("survives a symlink loop", async () => {
    const root = await tempDir();
    await writeTree(root, { "agent/skills/group/real/SKILL.md": skill("real") });
    await symlink(join(root, "agent", "skills"), join(root, "agent", "skills", "group", "loop"));
    const { skills } = await loadAgentSkills(root);
    expect(skills.map((entry) => entry.name)).toEqual(["real"]);
  });
});

describe("unreadable skills folders", () => {
  it("warns when a skills folder is a file, and loads the rest", async () => {
    const root = await tempDir();
    await writeTree(root, { "agent/skills/fine/SKILL.md": skill("fine"), "cwd/.pi/skills": "a file, not a folder" });
    const { skills, diagnostics } = await loadAgentSkills(root);
    expect(skills.map((entry) => entry.name)).toEqual(["fine"]);
    expect(diagnostics).toEqual([
      {
        type: "warning",
        message: "expected a folder but found a file; nothing was loaded from it",
        path: join(root, "cwd", ".pi", "skills"),
      },
    ]);
  });

  it("warns when a skills folder is a symlink to nothing", async () => {
    const root = await tempDir();
    await mkdir(join(root, "agent"), { recursive: true });
    await symlink(join(root, "gone"), join(root, "agent", "skills"));
    const { skills, diagnostics } = await loadAgentSkills(root);
    expect(skills).toEqual([]);
    expect(diagnostics).toEqual([
      {
        type: "warning",
        message: "folder is a symbolic link whose target does not exist",
        path: join(root, "agent", "skills"),
      },
    ]);
  });

  it("warns about a broken symlink inside a skills folder", async () => {
    const root = await tempDir();
    await writeTree(root, { "agent/skills/fine/SKILL.md": skill("fine") });
    await symlink(join(root, "gone"), join(root, "agent", "skills", "dangling"));
    const { skills, diagnostics } = await loadAgentSkills(root);
    expect(skills.map((entry) => entry.name)).toEqual(["fine"]);
    expect(diagnostics).toEqual([
      {
        type: "warning",
        message: "skipped a symbolic link whose target does not exist",
        path: join(root, "agent", "skills", "dangling"),
      },
    ]);
  });

  it("says nothing about skills folders that do not exist", async () => {
    const root = await tempDir();
    const { skills, diagnostics } = await loadAgentSkills(root);
    expect(skills).toEqual([]);
    expect(diagnostics).toEqual([]);
  });

  const runsAsRoot = process.getuid?.() === 0;
  it.skipIf(runsAsRoot)("warns when permissions forbid reading a skills folder", async () => {
    const root = await tempDir();
    await writeTree(root, { "agent/skills/locked/SKILL.md": skill("locked") });
    const locked = join(root, "agent", "skills");
    await chmod(locked, 0o000);
    try {
      const { skills, diagnostics } = await loadAgentSkills(root);
      expect(skills).toEqual([]);
      expect(diagnostics).toEqual([expect.objectContaining({ type: "warning", path: locked })]);
      expect(diagnostics[0]?.message).toMatch(/cannot read folder \(EACCES\)/);
    } finally {
      await chmod(locked, 0o755);
    }
  });

  it("searches a folder named SKILL.md instead of loading it", async () => {
    const root = await tempDir();
    await mkdir(join(root, "agent", "skills", "odd", "SKILL.md"), { recursive: true });
    await writeFile(join(root, "agent", "skills", "odd", "SKILL.md", "note.txt"), "a folder named SKILL.md");
    const { skills, diagnostics } = await loadAgentSkills(root);
    // A folder called SKILL.md is not a skill file: the search goes into it and finds nothing.
    expect(skills).toEqual([]);
    expect(diagnostics).toEqual([]);
  });
});
