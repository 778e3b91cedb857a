import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemPromptPlugin, type SystemPromptOptions } from "../../plugins/system-prompt/index.js";
import { bootSession, createPromptTree, resourcesOf, type PromptTree } from "./prompt-fixture.js";

let tree: PromptTree;
beforeEach(async () => {
  tree = await createPromptTree();
});
afterEach(() => tree.cleanup());

async function load(options: Partial<SystemPromptOptions> = {}) {
  const booted = await bootSession(tree.cwd, [systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd, ...options })]);
  const prompt = await booted.session.refreshSystemPrompt();
  // folders above the temporary tree belong to the machine running the tests
  const contextFiles = resourcesOf(booted.session)
    .loaded()
    .contextFiles.filter((path) => path.startsWith(tree.root));
  return { prompt, contextFiles, warnings: booted.warnings };
}

describe("context files", () => {
  it("reads the agent folder's first, then one per folder from the root down to cwd", async () => {
    const files = [
      await tree.write("agent/AGENTS.md", "agent rules"),
      await tree.write("CLAUDE.md", "root claude rules"),
      await tree.write("project/AGENTS.md", "project rules"),
      await tree.write("project/sub/AGENTS.MD", "sub rules"),
    ];
    const { prompt, contextFiles } = await load();

    expect(contextFiles).toEqual(files);
    const section = prompt.slice(prompt.indexOf("<project_context>"));
    const positions = files.map((path) => section.indexOf(`## ${path}\n\n`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(section).toContain(`## ${files[3]}\n\nsub rules\n</project_context>\n\n<cwd>\n`);
  });

  it("takes AGENTS.md over CLAUDE.md in the same folder", async () => {
    const agents = await tree.write("project/AGENTS.md", "agents");
    await tree.write("project/CLAUDE.md", "claude");
    const { prompt, contextFiles } = await load();
    expect(contextFiles).toEqual([agents]);
    expect(prompt).not.toContain("claude");
  });

  it("lists a file once when the agent folder is also an ancestor of cwd", async () => {
    const shared = await tree.write("project/AGENTS.md", "shared rules");
    const booted = await bootSession(tree.cwd, [systemPromptPlugin({ agentDir: join(tree.root, "project"), cwd: tree.cwd })]);
    const prompt = await booted.session.refreshSystemPrompt();
    expect(resourcesOf(booted.session).loaded().contextFiles.filter((path) => path.startsWith(tree.root))).toEqual([shared]);
    expect(prompt.split("shared rules")).toHaveLength(2);
  });

  it("lists a file once when the agent folder is a symlink to an ancestor", async () => {
    await tree.write("project/AGENTS.md", "linked rules");
    const link = join(tree.root, "agent-link");
    await symlink(join(tree.root, "project"), link);
    const booted = await bootSession(tree.cwd, [systemPromptPlugin({ agentDir: link, cwd: tree.cwd })]);
    expect((await booted.session.refreshSystemPrompt()).split("linked rules")).toHaveLength(2);
  });

  it("reads none with noContextFiles", async () => {
    await tree.write("project/AGENTS.md", "project rules");
    const { prompt, contextFiles } = await load({ noContextFiles: true });
    expect(contextFiles).toEqual([]);
    expect(prompt).not.toContain("<project_context>");
  });

  it("passes over a folder named like a context file, as pi 1.6.0 does, and uses the next candidate", async () => {
    const folder = join(tree.root, "project", "AGENTS.md");
    await mkdir(folder);
    const claude = await tree.write("project/CLAUDE.md", "fallback rules");
    const { prompt, contextFiles, warnings } = await load();
    expect(contextFiles).toEqual([claude]);
    expect(prompt).toContain("fallback rules");
    expect(warnings.filter((warning) => warning.includes(folder))).toEqual([]);
  });

  it("takes AGENTS.override.md over AGENTS.md, and drops a byte-order mark, as pi 1.6.0 does", async () => {
    await tree.write("project/AGENTS.md", "shadowed rules");
    const override = await tree.write("project/AGENTS.override.md", "\uFEFFoverride rules");
    const { prompt, contextFiles } = await load();
    expect(contextFiles).toEqual([override]);
    expect(prompt).toContain(`## ${override}\n\noverride rules`);
    expect(prompt).not.toContain("shadowed rules");
  });
});
