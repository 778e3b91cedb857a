// The skills plugin booted in the real kernel: the "skills" service and `/skill:name` expansion.
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { skillsPlugin } from "../../plugins/skills/plugin.js";
import { bootPlugins } from "./support/kernel-host.js";
import { skillFile, tempDir, writeTree } from "./support/temp-tree.js";

async function project() {
  const root = await tempDir();
  const options = { agentDir: join(root, "agent"), cwd: join(root, "cwd"), homeDir: join(root, "home") };
  await writeTree(root, {
    "agent/skills/deploy/SKILL.md": skillFile(
      { name: "deploy", description: "Deploy the app." },
      "# Deploy\n\nRun ./scripts/deploy.sh from this folder.",
    ),
    "agent/skills/secret/SKILL.md": skillFile(
      { name: "secret", description: "Hidden one.", "disable-model-invocation": "true" },
      "Secret steps.",
    ),
    "agent/skills/Broken_Name/SKILL.md": skillFile({ description: "Loads with a warning." }),
  });
  return { root, options };
}

describe("skills service", () => {
  it("lists skills, keeps diagnostics and logs each as a warning", async () => {
    const { root, options } = await project();
    const host = await bootPlugins(options.cwd, [skillsPlugin(options)]);
    const service = host.use("skills");
    expect(service.list().map((skill) => skill.name)).toEqual(["Broken_Name", "deploy", "secret"]);
    expect(service.diagnostics.map((diagnostic) => diagnostic.path)).toEqual([
      join(root, "agent", "skills", "Broken_Name", "SKILL.md"),
    ]);
    expect(host.warnings()).toEqual([
      `name may only use lowercase letters a-z, digits 0-9 and hyphens (${join(root, "agent", "skills", "Broken_Name", "SKILL.md")})`,
    ]);
  });

  it("offers the prompt section only while the read tool is active", async () => {
    const { options } = await project();
    const service = (await bootPlugins(options.cwd, [skillsPlugin(options)])).use("skills");
    expect(service.formatForPrompt(["bash", "edit"])).toBe("");
    const block = service.formatForPrompt(["read", "bash"]);
    expect(block).toContain("<name>deploy</name>");
    expect(block).not.toContain("<name>secret</name>");
  });

  it("is empty for the prompt when no skill is visible", async () => {
    const root = await tempDir();
    const options = { agentDir: join(root, "agent"), cwd: root, homeDir: root };
    const service = (await bootPlugins(root, [skillsPlugin(options)])).use("skills");
    expect(service.formatForPrompt(["read"])).toBe("");
  });

  it("lists one skill:<name> command per skill, hidden ones included", async () => {
    const { root, options } = await project();
    const service = (await bootPlugins(options.cwd, [skillsPlugin(options)])).use("skills");
    expect(service.commands().map((command) => command.name)).toEqual([
      "skill:Broken_Name",
      "skill:deploy",
      "skill:secret",
    ]);
    expect(service.commands()[1]).toEqual({
      name: "skill:deploy",
      description: "Deploy the app.",
      source: "skill",
      sourceInfo: {
        path: join(root, "agent", "skills", "deploy", "SKILL.md"),
        source: "auto",
        scope: "user",
        origin: "top-level",
        baseDir: join(root, "agent"),
      },
    });
  });

  it("picks up added and removed skills on reload", async () => {
    const { root, options } = await project();
    const service = (await bootPlugins(options.cwd, [skillsPlugin(options)])).use("skills");
    await rm(join(root, "agent", "skills", "deploy"), { recursive: true });
    await writeTree(root, { "cwd/.pi/skills/fresh/SKILL.md": skillFile({ name: "fresh", description: "New." }) });
    await service.reload();
    expect(service.list().map((skill) => skill.name)).toEqual(["fresh", "Broken_Name", "secret"]);
  });

  it("stops a reload when its signal is aborted", async () => {
    const { options } = await project();
    const service = (await bootPlugins(options.cwd, [skillsPlugin(options)])).use("skills");
    const controller = new AbortController();
    controller.abort();
    await expect(service.reload(controller.signal)).rejects.toThrow();
    expect(service.list()).toHaveLength(3);
  });
});

describe("/skill:name expansion", () => {
  it("replaces the command with the skill body in a <skill> element", async () => {
    const { root, options } = await project();
    const host = await bootPlugins(options.cwd, [skillsPlugin(options)]);
    const folder = join(root, "agent", "skills", "deploy");
    const state = await host.expand("/skill:deploy");
    expect(state.text).toBe(
      `<skill name="deploy" location="${join(folder, "SKILL.md")}">\n` +
        `References are relative to ${folder}.\n\n` +
        "# Deploy\n\nRun ./scripts/deploy.sh from this folder.\n</skill>",
    );
    expect(state.source).toBe("interactive");
  });

  it("appends trimmed arguments after a blank line", async () => {
    const { options } = await project();
    const host = await bootPlugins(options.cwd, [skillsPlugin(options)]);
    const { text } = await host.expand("/skill:deploy   to staging, then report  ");
    expect(text.endsWith("</skill>\n\nto staging, then report")).toBe(true);
  });

  it("expands hidden skills too: the command is the way to use them", async () => {
    const { options } = await project();
    const host = await bootPlugins(options.cwd, [skillsPlugin(options)]);
    expect((await host.expand("/skill:secret")).text).toContain("Secret steps.");
  });

  it("passes unknown skills and other text through unchanged", async () => {
    const { options } = await project();
    const host = await bootPlugins(options.cwd, [skillsPlugin(options)]);
    for (const text of ["/skill:nope do it", "/skill:", "please /skill:deploy", "/skills:deploy", "/skill:deploy\nnext line"]) {
      expect((await host.expand(text)).text).toBe(text);
    }
  });

  it("leaves text alone when expansion is off (sendUserMessage)", async () => {
    const { options } = await project();
    const host = await bootPlugins(options.cwd, [skillsPlugin(options)]);
    expect((await host.expand("/skill:deploy", { expand: false })).text).toBe("/skill:deploy");
  });

  it("reads the file at expansion time", async () => {
    const { root, options } = await project();
    const host = await bootPlugins(options.cwd, [skillsPlugin(options)]);
    await writeFile(
      join(root, "agent", "skills", "deploy", "SKILL.md"),
      skillFile({ name: "deploy", description: "Deploy the app." }, "Edited body."),
    );
    expect((await host.expand("/skill:deploy")).text).toContain("\n\nEdited body.\n</skill>");
  });

  it("warns and passes the text through when the file has gone", async () => {
    const { root, options } = await project();
    const host = await bootPlugins(options.cwd, [skillsPlugin(options)]);
    await rm(join(root, "agent", "skills", "deploy", "SKILL.md"));
    expect((await host.expand("/skill:deploy now")).text).toBe("/skill:deploy now");
    expect(host.warnings().at(-1)).toMatch(/^\/skill:deploy was sent as typed: the skill file could not be read/);
    expect(host.problems).toEqual([]);
  });
});
