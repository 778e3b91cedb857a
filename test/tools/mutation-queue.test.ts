import { readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEditTool, createReadTool, createWriteTool, withFileMutationQueue } from "../../plugins/tools/index.js";
import { runTool, tempDir } from "./harness.js";

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe("withFileMutationQueue", () => {
  it("runs operations on one file one at a time, in call order", async () => {
    const dir = await tempDir();
    const file = join(dir, "f.txt");
    const events: string[] = [];
    const first = gate();
    const a = withFileMutationQueue(file, async () => {
      events.push("a start");
      await first.opened;
      events.push("a end");
    });
    const b = withFileMutationQueue(file, async () => {
      events.push("b");
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(["a start"]);
    first.open();
    await Promise.all([a, b]);
    expect(events).toEqual(["a start", "a end", "b"]);
  });

  it("keeps different files parallel", async () => {
    const dir = await tempDir();
    const held = gate();
    const blocked = withFileMutationQueue(join(dir, "one.txt"), () => held.opened);
    const other = await withFileMutationQueue(join(dir, "two.txt"), async () => "done while one.txt is held");
    expect(other).toBe("done while one.txt is held");
    held.open();
    await blocked;
  });

  it("treats a symlink and its target as one file, and releases the queue after a failure", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, "real.txt"), "");
    await symlink(join(dir, "real.txt"), join(dir, "link.txt"));
    const events: string[] = [];
    const held = gate();
    const failing = withFileMutationQueue(join(dir, "real.txt"), async () => {
      await held.opened;
      events.push("real");
      throw new Error("boom");
    });
    const viaLink = withFileMutationQueue(join(dir, "link.txt"), async () => {
      events.push("link");
    });
    held.open();
    await expect(failing).rejects.toThrow("boom");
    await viaLink;
    expect(events).toEqual(["real", "link"]);
  });
});

describe("edit and write under concurrency", () => {
  it("applies concurrent edits to one file in call order without losing any", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "log.txt"), "END\n");
    const edit = createEditTool({ cwd });
    const calls = Array.from({ length: 20 }, (_, i) =>
      runTool(edit, { path: "log.txt", edits: [{ oldText: "END", newText: `entry ${i}\nEND` }] }),
    );
    const outcomes = await Promise.all(calls);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    const expected = Array.from({ length: 20 }, (_, i) => `entry ${i}`).join("\n");
    expect(await readFile(join(cwd, "log.txt"), "utf-8")).toBe(`${expected}\nEND\n`);
  });

  it("makes write and edit wait for the file's queue, whatever the path spelling, while read proceeds", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "f.txt"), "original");
    const held = gate();
    const holder = withFileMutationQueue(join(cwd, "f.txt"), () => held.opened);
    const pending = [
      runTool(createWriteTool({ cwd }), { path: "./f.txt", content: "first version" }),
      runTool(createEditTool({ cwd }), { path: "sub/../f.txt", edits: [{ oldText: "first", newText: "second" }] }),
    ];
    const read = await runTool(createReadTool({ cwd }), { path: "f.txt" });
    expect(read).toMatchObject({ ok: true, text: "original" });
    expect(await readFile(join(cwd, "f.txt"), "utf-8")).toBe("original");
    held.open();
    await holder;
    const outcomes = await Promise.all(pending);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true]);
    expect(await readFile(join(cwd, "f.txt"), "utf-8")).toBe("second version");
  });
});
