import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createLsTool } from "../../plugins/tools/index.js";
import { runError, runOk, tempDir } from "./harness.js";

describe("ls", () => {
  it("sorts case-insensitively, marks folders, includes dotfiles and broken links", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "beta.txt"), "");
    await writeFile(join(cwd, "Alpha.txt"), "");
    await writeFile(join(cwd, ".env"), "");
    await mkdir(join(cwd, "Src"));
    await symlink(join(cwd, "nowhere"), join(cwd, "dangling"));
    const { text, result } = await runOk(createLsTool({ cwd }), {});
    expect(text).toBe([".env", "Alpha.txt", "beta.txt", "dangling", "Src/"].join("\n"));
    expect(result.details).toBeUndefined();
  });

  it("lists another folder and says when it is empty", async () => {
    const cwd = await tempDir();
    await mkdir(join(cwd, "empty"));
    expect((await runOk(createLsTool({ cwd }), { path: "empty" })).text).toBe("(empty directory)");
  });

  it("stops at the entry limit", async () => {
    const cwd = await tempDir();
    for (const name of ["a", "b", "c"]) await writeFile(join(cwd, name), "");
    const { text, result } = await runOk(createLsTool({ cwd }), { limit: 2 });
    expect(text).toBe("a\nb\n\n[2 entries limit reached. Use limit=4 for more]");
    expect(result.details).toEqual({ entryLimitReached: 2 });
  });

  it("cuts the listing at 50KB", async () => {
    const cwd = await tempDir();
    for (let i = 0; i < 300; i++) await writeFile(join(cwd, `${String(i).padStart(3, "0")}-${"n".repeat(200)}`), "");
    const { text, result } = await runOk(createLsTool({ cwd }), {});
    expect(text.endsWith("\n\n[50.0KB limit reached]")).toBe(true);
    expect(result.details).toMatchObject({ truncation: { truncatedBy: "bytes" } });
  });

  it("explains missing paths and files", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "f.txt"), "");
    const ls = createLsTool({ cwd });
    expect(await runError(ls, { path: "missing" })).toBe(`Path not found: ${join(cwd, "missing")}`);
    expect(await runError(ls, { path: "f.txt" })).toBe(`Not a directory: ${join(cwd, "f.txt")}`);
    expect(await runError(ls, { limit: "many" })).toContain("limit: expected number, received string");
  });
});
