import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemPromptPlugin, type SystemPromptOptions } from "../../plugins/system-prompt/index.js";
import { bootSession, createPromptTree, resourcesOf, toolsPlugin, type PromptTree } from "./prompt-fixture.js";

let tree: PromptTree;
beforeEach(async () => {
  tree = await createPromptTree();
});
afterEach(() => tree.cleanup());

async function promptWith(options: Partial<SystemPromptOptions> = {}) {
  const booted = await bootSession(tree.cwd, [
    toolsPlugin([{ name: "read", promptSnippet: "Read file contents" }]),
    systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd, noContextFiles: true, ...options }),
  ]);
  const prompt = await booted.session.refreshSystemPrompt();
  return { prompt, warnings: booted.warnings, resources: resourcesOf(booted.session) };
}

describe("custom system prompt", () => {
  it("prefers the project's .pi/SYSTEM.md over the global one and drops the default prompt", async () => {
    await tree.write("agent/SYSTEM.md", "GLOBAL SYSTEM");
    const projectFile = await tree.write("project/sub/.pi/SYSTEM.md", "PROJECT SYSTEM\n");
    const { prompt, resources } = await promptWith();

    expect(prompt.startsWith("PROJECT SYSTEM\n\n<cwd>\n")).toBe(true);
    expect(prompt).not.toContain("GLOBAL SYSTEM");
    expect(prompt).not.toContain("<tools>");
    expect(resources.loaded().systemPromptFile).toBe(projectFile);
  });

  it("falls back to the global SYSTEM.md", async () => {
    const globalFile = await tree.write("agent/SYSTEM.md", "GLOBAL SYSTEM");
    const { prompt, resources } = await promptWith();
    expect(prompt.startsWith("GLOBAL SYSTEM\n\n")).toBe(true);
    expect(resources.loaded().systemPromptFile).toBe(globalFile);
  });

  it("lets --system-prompt text override SYSTEM.md", async () => {
    await tree.write("project/sub/.pi/SYSTEM.md", "PROJECT SYSTEM");
    const { prompt, resources } = await promptWith({ customPrompt: "You are a test" });
    expect(prompt.startsWith("You are a test\n\n")).toBe(true);
    expect(resources.loaded().systemPromptFile).toBeUndefined();
  });

  it("reads --system-prompt when it names a file, relative to the working directory", async () => {
    const file = await tree.write("project/sub/prompts/mine.md", "FROM FILE");
    const { prompt, resources } = await promptWith({ customPrompt: "prompts/mine.md" });
    expect(prompt.startsWith("FROM FILE\n\n")).toBe(true);
    expect(resources.loaded().systemPromptFile).toBe(file);
  });

  it("uses the default prompt when the custom prompt is empty", async () => {
    await tree.write("agent/SYSTEM.md", "  \n");
    const { prompt } = await promptWith();
    expect(prompt).toContain("<tools>\n- read: Read file contents");
  });

  it("warns about a SYSTEM.md it cannot read, naming it, and goes on to the next one", async () => {
    const unreadable = join(tree.cwd, ".pi", "SYSTEM.md");
    await mkdir(unreadable, { recursive: true });
    await tree.write("agent/SYSTEM.md", "GLOBAL SYSTEM");
    const { prompt, warnings } = await promptWith();
    expect(prompt.startsWith("GLOBAL SYSTEM")).toBe(true);
    expect(warnings.some((warning) => warning.includes(unreadable))).toBe(true);
  });
});

describe("appended text", () => {
  it("appends the project APPEND_SYSTEM.md, then every --append-system-prompt in order", async () => {
    await tree.write("agent/APPEND_SYSTEM.md", "GLOBAL APPEND");
    const projectAppend = await tree.write("project/sub/.pi/APPEND_SYSTEM.md", "PROJECT APPEND\n");
    const extra = await tree.write("extra.md", "FILE APPEND");
    const { prompt, resources } = await promptWith({ appendPrompts: ["TEXT APPEND", extra] });

    expect(prompt).toMatch(/<\/docs>\n\n<addendum>\nPROJECT APPEND\n\nTEXT APPEND\n\nFILE APPEND\n<\/addendum>\n\n<cwd>\n/);
    expect(prompt).not.toContain("GLOBAL APPEND");
    expect(resources.loaded().appendFiles).toEqual([projectAppend, extra]);
  });

  it("falls back to the global APPEND_SYSTEM.md and appends it to a custom prompt too", async () => {
    const globalAppend = await tree.write("agent/APPEND_SYSTEM.md", "GLOBAL APPEND");
    const { prompt, resources } = await promptWith({ customPrompt: "CUSTOM" });
    expect(prompt.startsWith("CUSTOM\n\n<addendum>\nGLOBAL APPEND\n</addendum>\n\n<cwd>\n")).toBe(true);
    expect(resources.loaded().appendFiles).toEqual([globalAppend]);
  });
});
