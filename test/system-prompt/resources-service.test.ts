import { writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemPromptPlugin } from "../../plugins/system-prompt/index.js";
import { bootSession, createPromptTree, resourcesOf, type PromptTree } from "./prompt-fixture.js";

let tree: PromptTree;
beforeEach(async () => {
  tree = await createPromptTree();
});
afterEach(() => tree.cleanup());

describe("resources service", () => {
  it("reads files once per load: edits show only after reload(), which also rebuilds the session prompt", async () => {
    const agents = await tree.write("project/AGENTS.md", "first version");
    const { session } = await bootSession(tree.cwd, [systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd })]);
    expect(await session.refreshSystemPrompt()).toContain("first version");

    await writeFile(agents, "second version");
    await tree.write("agent/SYSTEM.md", "NEW SYSTEM");
    expect(await session.refreshSystemPrompt()).toContain("first version");

    const resources = resourcesOf(session);
    await resources.reload();
    expect(session.systemPrompt).toContain("second version");
    expect(session.systemPrompt.startsWith("NEW SYSTEM")).toBe(true);
    expect(resources.loaded().systemPromptFile).toBe(`${tree.agentDir}/SYSTEM.md`);
  });

  it("stops a reload when its signal is aborted, keeping what was loaded", async () => {
    await tree.write("project/AGENTS.md", "kept");
    const { session } = await bootSession(tree.cwd, [systemPromptPlugin({ agentDir: tree.agentDir, cwd: tree.cwd })]);
    const resources = resourcesOf(session);
    const before = resources.loaded();
    await expect(resources.reload(AbortSignal.abort())).rejects.toThrow();
    expect(resources.loaded()).toEqual(before);
    expect(await session.refreshSystemPrompt()).toContain("kept");
  });
});
