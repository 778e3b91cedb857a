// Where templates are found, their precedence, and name collisions.
import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { discoverPromptTemplates } from "../../plugins/prompt-templates/template-discovery.js";
import { tempDir, writeTree } from "../skills/support/temp-tree.js";

async function layout() {
  const root = await tempDir();
  await writeTree(root, {
    "agent/prompts/shared.md": "User version of shared",
    "agent/prompts/user-only.md": "User only",
    "agent/library/global-setting.md": "Global setting",
    "agent/library/deeper/global-nested.md": "Nested under a settings folder",
    "cwd/.pi/prompts/shared.md": "Project version of shared",
    "cwd/.pi/prompts/project-only.md": "Project only",
    "cwd/.pi/more/project-setting.md": "Project setting",
    "cli/cli-template.md": "From the command line",
    "cli/shared.md": "CLI version of shared",
  });
  return {
    root,
    options: { agentDir: join(root, "agent"), cwd: join(root, "cwd"), homeDir: root },
  };
}

describe("template locations", () => {
  it("orders project settings, project folder, global settings, user folder, then CLI paths", async () => {
    const { root, options } = await layout();
    const { templates } = await discoverPromptTemplates({
      ...options,
      settingsEntries: { project: ["more"], global: ["library"] },
      paths: [join(root, "cli")],
    });
    expect(templates.map((template) => template.name)).toEqual([
      "project-setting",
      "project-only",
      "shared",
      "global-nested",
      "global-setting",
      "user-only",
      "cli-template",
    ]);
    expect(templates.find((template) => template.name === "shared")?.content).toBe("Project version of shared");
  });

  it("reports each name collision with the winning and losing files", async () => {
    const { root, options } = await layout();
    const { diagnostics } = await discoverPromptTemplates({ ...options, paths: [join(root, "cli")] });
    const winner = join(root, "cwd", ".pi", "prompts", "shared.md");
    expect(diagnostics.map((diagnostic) => diagnostic.collision)).toEqual([
      { resourceType: "prompt", name: "shared", winnerPath: winner, loserPath: join(root, "agent", "prompts", "shared.md") },
      { resourceType: "prompt", name: "shared", winnerPath: winner, loserPath: join(root, "cli", "shared.md") },
    ]);
    expect(diagnostics[0]?.message).toBe(
      `prompt template "/shared" from ${join(root, "agent", "prompts", "shared.md")} is ignored: ${winner} already provides that name`,
    );
  });

  it("keeps CLI paths with noDiscovery and drops everything else", async () => {
    const { root, options } = await layout();
    const { templates, diagnostics } = await discoverPromptTemplates({
      ...options,
      settingsEntries: { project: ["more"], global: ["library"] },
      paths: [join(root, "cli", "cli-template.md")],
      noDiscovery: true,
    });
    expect(templates.map((template) => template.name)).toEqual(["cli-template"]);
    expect(diagnostics).toEqual([]);
  });

  it("labels sources as pi does", async () => {
    const { root, options } = await layout();
    const { templates } = await discoverPromptTemplates({
      ...options,
      settingsEntries: { project: ["more"] },
      paths: [join(root, "cli"), join(root, "agent", "prompts", "user-only.md")],
      noDiscovery: false,
    });
    const info = (name: string) => templates.find((template) => template.name === name)?.sourceInfo;
    expect(info("project-setting")).toEqual({
      path: join(root, "cwd", ".pi", "more", "project-setting.md"),
      source: "local",
      scope: "project",
      origin: "top-level",
    });
    expect(info("project-only")).toMatchObject({ source: "auto", scope: "project", baseDir: join(root, "cwd", ".pi") });
    expect(info("cli-template")).toEqual({
      path: join(root, "cli", "cli-template.md"),
      source: "local",
      scope: "temporary",
      origin: "top-level",
      baseDir: join(root, "cli"),
    });
  });

  it("labels a CLI template inside the user prompts folder as a user template", async () => {
    const { root, options } = await layout();
    const { templates } = await discoverPromptTemplates({
      ...options,
      paths: [join(root, "agent", "prompts", "user-only.md")],
      noDiscovery: true,
    });
    expect(templates[0]?.sourceInfo).toEqual({
      path: join(root, "agent", "prompts", "user-only.md"),
      source: "local",
      scope: "user",
      origin: "top-level",
      baseDir: join(root, "agent", "prompts"),
    });
  });

  it("loads a template reached through two symlinked folders once", async () => {
    const root = await tempDir();
    await writeTree(root, { "agent/prompts/one.md": "One" });
    await mkdir(join(root, "cwd", ".pi"), { recursive: true });
    await symlink(join(root, "agent", "prompts"), join(root, "cwd", ".pi", "prompts"));
    const { templates, diagnostics } = await discoverPromptTemplates({
      agentDir: join(root, "agent"),
      cwd: join(root, "cwd"),
      homeDir: root,
    });
    expect(templates.map((template) => template.filePath)).toEqual([join(root, "cwd", ".pi", "prompts", "one.md")]);
    expect(diagnostics).toEqual([]);
  });

  it("warns when the prompts folder is a file and about missing CLI paths", async () => {
    const root = await tempDir();
    await writeTree(root, { "agent/prompts": "not a folder" });
    const { templates, diagnostics } = await discoverPromptTemplates({
      agentDir: join(root, "agent"),
      cwd: join(root, "cwd"),
      homeDir: root,
      paths: ["missing.md"],
    });
    expect(templates).toEqual([]);
    expect(diagnostics).toEqual([
      {
        type: "warning",
        message: "expected a folder but found a file; nothing was loaded from it",
        path: join(root, "agent", "prompts"),
      },
      { type: "error", message: "path does not exist", path: join(root, "cwd", "missing.md") },
    ]);
  });
});
