import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTools } from "../../plugins/tools/index.js";
import { runTool, tempDir } from "./harness.js";
import { writeFixture } from "./search-fixture.js";

const calls = {
  read: { path: "f.txt" },
  bash: { command: "echo hi" },
  edit: { path: "f.txt", edits: [{ oldText: "x", newText: "y" }] },
  write: { path: "f.txt", content: "new" },
  grep: { pattern: "x" },
  find: { pattern: "*" },
  ls: {},
};

describe("abort", () => {
  for (const [name, args] of Object.entries(calls)) {
    it(`${name} does nothing once its call is aborted`, async () => {
      const cwd = await tempDir();
      await writeFile(join(cwd, "f.txt"), "x");
      const tools = createTools({ cwd, forceBuiltinSearch: true });
      const controller = new AbortController();
      controller.abort();
      const outcome = await runTool(tools[name as keyof typeof tools], args, { signal: controller.signal });
      expect(outcome).toEqual({ ok: false, error: "Operation aborted" });
      expect(await readFile(join(cwd, "f.txt"), "utf-8")).toBe("x");
    });
  }

  it("stops a built-in search that is under way", async () => {
    const cwd = await tempDir();
    const files: Record<string, string> = {};
    for (let i = 0; i < 200; i++) files[`d${i % 20}/f${i}.txt`] = "needle\n";
    await writeFixture(cwd, files);
    const tools = createTools({ cwd, forceBuiltinSearch: true });
    const controller = new AbortController();
    const grep = runTool(tools.grep, { pattern: "needle", limit: 1000 }, { signal: controller.signal });
    const find = runTool(tools.find, { pattern: "*.txt" }, { signal: controller.signal });
    controller.abort();
    expect(await grep).toEqual({ ok: false, error: "Operation aborted" });
    expect(await find).toEqual({ ok: false, error: "Operation aborted" });
  });
});
