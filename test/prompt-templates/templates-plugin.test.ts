// The prompt templates plugin booted in the real kernel, alone and after the skills plugin.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { promptTemplatesPlugin } from "../../plugins/prompt-templates/plugin.js";
import { skillsPlugin } from "../../plugins/skills/plugin.js";
import { bootPlugins } from "../skills/support/kernel-host.js";
import { skillFile, tempDir, writeTree } from "../skills/support/temp-tree.js";

async function project() {
  const root = await tempDir();
  await writeTree(root, {
    "agent/prompts/component.md": "---\ndescription: Make a component\nargument-hint: <name> [features...]\n---\nCreate $1 with: ${@:2}",
    "agent/prompts/pair.md": "Compare $1 and $2 ($0).",
    "agent/prompts/skill:deploy.md": "A template that a skill command would shadow.",
    "agent/skills/deploy/SKILL.md": skillFile({ name: "deploy", description: "Deploy." }, "Deploy steps."),
  });
  const options = { agentDir: join(root, "agent"), cwd: join(root, "cwd"), homeDir: root };
  return { root, options };
}

describe("prompt templates service", () => {
  it("lists templates and their commands", async () => {
    const { root, options } = await project();
    const service = (await bootPlugins(options.cwd, [promptTemplatesPlugin(options)])).use("promptTemplates");
    expect(service.list().map((template) => template.name)).toEqual(["component", "pair", "skill:deploy"]);
    expect(service.commands()[0]).toEqual({
      name: "component",
      description: "Make a component",
      source: "prompt",
      sourceInfo: {
        path: join(root, "agent", "prompts", "component.md"),
        source: "auto",
        scope: "user",
        origin: "top-level",
        baseDir: join(root, "agent"),
      },
    });
    expect(service.diagnostics).toEqual([]);
  });

  it("reloads", async () => {
    const { root, options } = await project();
    const service = (await bootPlugins(options.cwd, [promptTemplatesPlugin(options)])).use("promptTemplates");
    await writeTree(root, { "cwd/.pi/prompts/added.md": "Added" });
    await service.reload();
    expect(service.list().map((template) => template.name)).toContain("added");
  });
});

describe("/name expansion", () => {
  it("expands a template with quoted arguments", async () => {
    const { options } = await project();
    const host = await bootPlugins(options.cwd, [promptTemplatesPlugin(options)]);
    expect((await host.expand('/component Button "click handler" disabled')).text).toBe(
      "Create Button with: click handler disabled",
    );
    expect(host.warnings()).toEqual([]);
  });

  it("only expands text that starts with / and names a template exactly", async () => {
    const { options } = await project();
    const host = await bootPlugins(options.cwd, [promptTemplatesPlugin(options)]);
    for (const text of [" /component x", "please /component x", "/componentx", "/Component x", "/unknown a b"]) {
      expect((await host.expand(text)).text).toBe(text);
    }
  });

  it("leaves text alone when expansion is off", async () => {
    const { options } = await project();
    const host = await bootPlugins(options.cwd, [promptTemplatesPlugin(options)]);
    expect((await host.expand("/component X", { expand: false })).text).toBe("/component X");
  });

  it("substitutes empty text for missing arguments and warns, naming the template and each $N", async () => {
    const { root, options } = await project();
    const host = await bootPlugins(options.cwd, [promptTemplatesPlugin(options)]);
    expect((await host.expand("/pair apples")).text).toBe("Compare apples and  ().");
    expect(host.warnings()).toEqual([
      `prompt template "/pair" (${join(root, "agent", "prompts", "pair.md")}) uses $2, $0 (arguments start at $1) ` +
        "but 1 argument was given; each was replaced with empty text",
    ]);
  });

  it("runs after skill expansion whichever plugin loads first", async () => {
    for (const order of ["skills-first", "templates-first"] as const) {
      const { options } = await project();
      const plugins =
        order === "skills-first"
          ? [skillsPlugin(options), promptTemplatesPlugin(options)]
          : [promptTemplatesPlugin(options), skillsPlugin(options)];
      const host = await bootPlugins(options.cwd, plugins);
      const { text } = await host.expand("/skill:deploy");
      expect(text.startsWith('<skill name="deploy"')).toBe(true);
      expect(text).toContain("Deploy steps.");
    }
  });
});
