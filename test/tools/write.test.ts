import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createWriteTool } from "../../plugins/tools/index.js";
import { runError, runOk, tempDir } from "./harness.js";

describe("write", () => {
  it("creates missing parent folders and reports the UTF-8 byte count", async () => {
    const cwd = await tempDir();
    const { text } = await runOk(createWriteTool({ cwd }), { path: "a/b/c.txt", content: "héllo" });
    expect(text).toBe("Successfully wrote 6 bytes to a/b/c.txt");
    expect(await readFile(join(cwd, "a/b/c.txt"), "utf-8")).toBe("héllo");
  });

  it("overwrites an existing file", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "f.txt"), "old content");
    await runOk(createWriteTool({ cwd }), { path: join(cwd, "f.txt"), content: "new" });
    expect(await readFile(join(cwd, "f.txt"), "utf-8")).toBe("new");
  });

  it("says why a write failed", async () => {
    const cwd = await tempDir();
    await mkdir(join(cwd, "dir"));
    await writeFile(join(cwd, "file"), "x");
    const write = createWriteTool({ cwd });
    expect(await runError(write, { path: "dir", content: "x" })).toBe("Cannot write dir: it is a directory. Use ls to list it.");
    expect(await runError(write, { path: "file/child.txt", content: "x" })).toContain("Cannot write file/child.txt");
    if (process.getuid?.() !== 0) {
      await mkdir(join(cwd, "locked"));
      await chmod(join(cwd, "locked"), 0o500);
      expect(await runError(write, { path: "locked/x.txt", content: "x" })).toBe(
        "Cannot write locked/x.txt: permission denied (EACCES).",
      );
      await chmod(join(cwd, "locked"), 0o700);
    }
  });

  it("requires content to be a string", async () => {
    const error = await runError(createWriteTool({ cwd: await tempDir() }), { path: "f", content: { a: 1 } });
    expect(error).toContain("content: expected string, received object");
  });

  it("does not write when already aborted", async () => {
    const cwd = await tempDir();
    const controller = new AbortController();
    controller.abort();
    const error = await runError(createWriteTool({ cwd }), { path: "f.txt", content: "x" }, { signal: controller.signal });
    expect(error).toBe("Operation aborted");
    await expect(readFile(join(cwd, "f.txt"))).rejects.toThrow();
  });
});
