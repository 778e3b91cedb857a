// edit refuses what is not text and keeps each line's own ending.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEditTool } from "../../plugins/tools/index.js";
import { runError, runOk, tempDir } from "./harness.js";

async function setUp(name: string, content: Buffer | string) {
  const cwd = await tempDir();
  await writeFile(join(cwd, name), content);
  return { edit: createEditTool({ cwd }), file: join(cwd, name) };
}

describe("edit: encodings and line endings", () => {
  it("refuses a binary file and leaves every byte as it was", async () => {
    const bytes = Buffer.concat([Buffer.from("PK\x03\x04 header\r\n"), Buffer.from([0, 0xff, 0xfe, 0x80]), Buffer.from("\nname = old\n")]);
    const { edit, file } = await setUp("archive.zip", bytes);
    expect(await runError(edit, { path: "archive.zip", edits: [{ oldText: "old", newText: "new" }] })).toBe(
      "Cannot edit archive.zip: it is a binary file. edit changes UTF-8 (or UTF-16 with a byte order mark) text files only; use write to replace the file whole, or bash for binary files.",
    );
    expect(await readFile(file)).toEqual(bytes);
  });

  it("refuses text in another encoding (Latin-1) instead of writing U+FFFD over it", async () => {
    const bytes = Buffer.from("caf\xe9 = old\n", "latin1");
    const { edit, file } = await setUp("latin1.txt", bytes);
    expect(await runError(edit, { path: "latin1.txt", edits: [{ oldText: "old", newText: "new" }] })).toContain(
      "Cannot edit latin1.txt: it is not valid UTF-8 text.",
    );
    expect(await readFile(file)).toEqual(bytes);
  });

  it("keeps each line's own ending in a file with mixed endings", async () => {
    const { edit, file } = await setUp("mixed.txt", "crlf one\r\nlf two\nold three\r\nlf four\nlone cr\rend");
    await runOk(edit, { path: "mixed.txt", edits: [{ oldText: "old three", newText: "new three" }] });
    expect(await readFile(file, "utf-8")).toBe("crlf one\r\nlf two\nnew three\r\nlf four\nlone cr\rend");
  });

  it("gives replaced lines their old endings, and added lines the ending of the line they join", async () => {
    const { edit, file } = await setUp("crlf.txt", "a\r\nb\r\nc\nd\n");
    await runOk(edit, { path: "crlf.txt", edits: [{ oldText: "b\nc", newText: "B1\nB2\nB3" }] });
    expect(await readFile(file, "utf-8")).toBe("a\r\nB1\r\nB2\nB3\nd\n");
    await runOk(edit, { path: "crlf.txt", edits: [{ oldText: "a", newText: "x\ny" }] });
    expect(await readFile(file, "utf-8")).toBe("x\r\ny\r\nB1\r\nB2\nB3\nd\n");
  });

  it("edits UTF-16 text with a byte order mark and writes it back as UTF-16", async () => {
    const { edit, file } = await setUp("wide.txt", Buffer.from("\uFEFFname = old\r\nnext\r\n", "utf16le"));
    await runOk(edit, { path: "wide.txt", edits: [{ oldText: "old", newText: "new" }] });
    expect(await readFile(file)).toEqual(Buffer.from("\uFEFFname = new\r\nnext\r\n", "utf16le"));
  });

  it("keeps a UTF-8 byte order mark", async () => {
    const { edit, file } = await setUp("bom.txt", "\uFEFFold\n");
    await runOk(edit, { path: "bom.txt", edits: [{ oldText: "old", newText: "new" }] });
    expect(await readFile(file, "utf-8")).toBe("\uFEFFnew\n");
  });
});
