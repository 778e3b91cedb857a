import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { definePlugin } from "../../kernel/plugin.js";
import { systemPromptPlugin } from "../../plugins/system-prompt/index.js";
import { bootSession, createPromptTree, toolsPlugin, type PromptTree } from "./prompt-fixture.js";

let tree: PromptTree;
beforeEach(async () => {
  tree = await createPromptTree();
});
afterEach(() => tree.cleanup());

describe("default system prompt", () => {
  it("names pith and lists only active tools that have a prompt snippet", async () => {
    const tools = toolsPlugin(
      [
        { name: "read", promptSnippet: "Read file contents" },
        { name: "bash", promptSnippet: "Run shell\n  commands" },
        { name: "quiet" },
        { name: "grep", promptSnippet: "Search file contents" },
      ],
      ["grep"],
    );
    const { session } = await bootSession(tree.cwd, [tools, systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd })]);
    const prompt = await session.refreshSystemPrompt();

    expect(prompt.split("\n")[0]).toMatch(/pith/);
    expect(prompt).toContain("<tools>\n- read: Read file contents\n- bash: Run shell commands\n\n");
    expect(prompt).not.toContain("quiet");
    expect(prompt).not.toContain("Search file contents");
  });

  it("says (none) when no active tool has a snippet", async () => {
    const { session } = await bootSession(tree.cwd, [systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd })]);
    expect(await session.refreshSystemPrompt()).toContain("<tools>\n(none)");
  });

  it("collects active tools' guidelines trimmed and deduplicated, before the general ones", async () => {
    const tools = toolsPlugin(
      [
        { name: "read", promptGuidelines: ["  Use read to view files  ", "Keep reads small"] },
        { name: "edit", promptGuidelines: ["Use read to view files", "", "Match old text exactly"] },
        { name: "off", promptGuidelines: ["Never shown"] },
      ],
      ["off"],
    );
    const { session } = await bootSession(tree.cwd, [tools, systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd })]);
    const prompt = await session.refreshSystemPrompt();
    const guidelines = prompt.split("<rules>\n")[1]!.split("\n</rules>")[0]!.split("\n");

    expect(guidelines.slice(0, 3)).toEqual(["- Use read to view files", "- Keep reads small", "- Match old text exactly"]);
    expect(guidelines.length).toBeGreaterThan(3);
    expect(guidelines.filter((line) => line === "- Use read to view files")).toHaveLength(1);
    expect(guidelines).not.toContain("- ");
    expect(prompt).not.toContain("Never shown");
  });

  it("steers file exploration towards the dedicated tools when bash is not alone", async () => {
    const withGrep = await bootSession(tree.cwd, [
      toolsPlugin([{ name: "bash" }, { name: "grep" }]),
      systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd }),
    ]);
    const bashOnly = await bootSession(tree.cwd, [
      toolsPlugin([{ name: "bash" }]),
      systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd }),
    ]);
    expect(await withGrep.session.refreshSystemPrompt()).toMatch(/Prefer the grep tool over bash/);
    expect(await bashOnly.session.refreshSystemPrompt()).toMatch(/Use bash for file operations/);
  });

  it("points at pith's installed README and docs in the docs section, files that exist", async () => {
    const { session } = await bootSession(tree.cwd, [systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd })]);
    await session.refreshSystemPrompt();
    const docs = session.systemPromptSections.docs!;
    const readme = /README: (\S+)/.exec(docs)![1]!;
    const folder = /Documentation: (\S+)/.exec(docs)![1]!;
    expect(existsSync(readme)).toBe(true);
    expect(existsSync(join(folder, "extensions.md"))).toBe(true);
  });

  it("ends with the working directory as the cwd section, and no date (pi 1.6.0)", async () => {
    const { session } = await bootSession(tree.cwd, [systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd })]);
    const prompt = await session.refreshSystemPrompt();
    expect(prompt.endsWith(`\n\n<cwd>\n${tree.cwd}\n</cwd>`)).toBe(true);
    expect(prompt).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(Object.keys(session.systemPromptSections)).toEqual(["preamble", "tools", "rules", "docs", "cwd"]);
  });

  it("builds the base prompt before other system_prompt handlers, whatever the load order", async () => {
    const footer = definePlugin({
      name: "footer",
      setup(context) {
        context.on("system_prompt", (state) => ({ ...state, sections: { ...state.sections, footer: "<footer>\nFOOTER\n</footer>" } }));
      },
    });
    const { session } = await bootSession(tree.cwd, [footer, systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd })]);
    const prompt = await session.refreshSystemPrompt();
    expect(prompt.endsWith("\n\n<footer>\nFOOTER\n</footer>")).toBe(true);
    expect(prompt).toContain("<cwd>");
  });
});
