import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { definePlugin } from "../../kernel/plugin.js";
import type { SkillsService } from "../../plugins/skills/index.js";
import { skillsPlugin } from "../../plugins/skills/index.js";
import { systemPromptPlugin } from "../../plugins/system-prompt/index.js";
import { bootSession, createPromptTree, toolsPlugin, type PromptTree } from "./prompt-fixture.js";

let tree: PromptTree;
beforeEach(async () => {
  tree = await createPromptTree();
  await tree.write("agent/skills/release-notes/SKILL.md", "---\nname: release-notes\ndescription: Writes release notes\n---\nSteps.\n");
  await tree.write("project/AGENTS.md", "project rules");
});
afterEach(() => tree.cleanup());

const skills = () => skillsPlugin({ agentDir: tree.agentDir, cwd: tree.cwd, homeDir: tree.root });

describe("skills block", () => {
  it("comes from the skills service as the skills section, after the context files and before the working directory", async () => {
    const { session } = await bootSession(tree.cwd, [
      toolsPlugin([{ name: "read" }]),
      skills(),
      systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd }),
    ]);
    const prompt = await session.refreshSystemPrompt();
    expect(prompt).toMatch(/project rules\n<\/project_context>\n\n<skills>\n[^\n][\s\S]*<name>release-notes<\/name>[\s\S]*<\/available_skills>\n<\/skills>\n\n<cwd>\n/);
    expect(Object.keys(session.systemPromptSections)).toEqual(["preamble", "tools", "rules", "docs", "project_context", "skills", "cwd"]);
  });

  it("passes the active tool names, so the service can leave skills out without read", async () => {
    const { session } = await bootSession(tree.cwd, [
      toolsPlugin([{ name: "bash" }]),
      skills(),
      systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd }),
    ]);
    expect(await session.refreshSystemPrompt()).not.toContain("release-notes");
  });

  it("is absent without a skills service", async () => {
    const { session } = await bootSession(tree.cwd, [
      toolsPlugin([{ name: "read" }]),
      systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd }),
    ]);
    expect(await session.refreshSystemPrompt()).not.toContain("available_skills");
  });

  it("costs only its block when a third-party skills service throws", async () => {
    const broken = definePlugin({
      name: "broken-skills",
      setup(context) {
        const service: Pick<SkillsService, "formatForPrompt"> = {
          formatForPrompt() {
            throw new Error("index corrupted");
          },
        };
        context.provide("skills", service as SkillsService);
      },
    });
    const { session, warnings } = await bootSession(tree.cwd, [broken, systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd })]);
    const prompt = await session.refreshSystemPrompt();
    expect(prompt).toContain("project rules");
    expect(warnings.some((warning) => warning.includes("index corrupted"))).toBe(true);
  });
});
