import { describe, expect, it } from "vitest";
import { boot } from "../../kernel/boot.js";
import type { Logger } from "../../kernel/plugin.js";
import { DEFAULT_ACTIVE_TOOLS, createTools, toolsPlugin } from "../../plugins/tools/index.js";
import { runOk, tempDir } from "./harness.js";

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

describe("toolsPlugin", () => {
  it("registers all seven tools, activating read, bash, edit and write by default", async () => {
    const { session } = await boot({ cwd: await tempDir(), plugins: [toolsPlugin()], log: quiet });
    expect(session.allTools().map((tool) => tool.name)).toEqual(["read", "bash", "edit", "write", "grep", "find", "ls"]);
    expect([...session.activeToolNames()].sort()).toEqual([...DEFAULT_ACTIVE_TOOLS].sort());
  });

  it("activates exactly the allowlisted tools and works in the session's cwd", async () => {
    const cwd = await tempDir();
    const { session } = await boot({ cwd, plugins: [toolsPlugin({ tools: ["ls", "grep", "some_extension_tool"] })], log: quiet });
    expect([...session.activeToolNames()].sort()).toEqual(["grep", "ls"]);
    const ls = session.allTools().find((tool) => tool.name === "ls")!;
    expect((await runOk(ls, {})).text).toBe("(empty directory)");
  });
});

describe("createTools", () => {
  it("gives every tool a prompt snippet, a JSON Schema and a validator", async () => {
    const tools = createTools({ cwd: await tempDir() });
    for (const [name, tool] of Object.entries(tools)) {
      expect(tool.name).toBe(name);
      expect(tool.promptSnippet).toMatch(/\S/);
      expect(tool.parameters).toMatchObject({ type: "object" });
      expect(tool.parameters).not.toHaveProperty("$schema");
      expect(await tool.validate?.({})).toMatchObject({ ok: name === "ls" });
    }
    for (const name of ["read", "edit", "write"] as const) expect(tools[name].promptGuidelines?.length).toBeGreaterThan(0);
    expect(tools.edit.promptGuidelines).toHaveLength(4);
    // identical text, so a system prompt that dedupes bullets shows it once
    expect(new Set([tools.grep, tools.find, tools.ls].map((tool) => tool.promptGuidelines?.join()))).toHaveProperty("size", 1);
  });
});
