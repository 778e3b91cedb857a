import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Model } from "../../kernel/model.js";
import { createReadTool } from "../../plugins/tools/index.js";
import { runError, runOk, tempDir } from "./harness.js";

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function numbered(count: number, width = 0): string {
  return Array.from({ length: count }, (_, i) => `line ${i + 1}`.padEnd(width, "x")).join("\n");
}

function textModel(): Model {
  return {
    id: "text-only",
    name: "Text only",
    api: "openai-completions",
    provider: "test",
    baseUrl: "http://127.0.0.1",
    reasoning: false,
    input: ["text"],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 1000,
    maxTokens: 100,
  };
}

describe("read", () => {
  it("reads a text file relative to the tool's cwd, with @ and odd spaces in the path", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "my notes.txt"), "hello\nworld");
    const read = createReadTool({ cwd });
    expect((await runOk(read, { path: "my notes.txt" })).text).toBe("hello\nworld");
    expect((await runOk(read, { path: "@my\u00A0notes.txt" })).text).toBe("hello\nworld");
    expect((await runOk(read, { file_path: join(cwd, "my notes.txt") })).text).toBe("hello\nworld");
  });

  it("drops a UTF-8 byte order mark", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "bom.txt"), "\uFEFFfirst");
    expect((await runOk(createReadTool({ cwd }), { path: "bom.txt" })).text).toBe("first");
  });

  it("pages with offset and limit and says where to continue", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "f.txt"), numbered(10));
    const read = createReadTool({ cwd });
    const { text, result } = await runOk(read, { path: "f.txt", offset: 3, limit: 2 });
    expect(text).toBe("line 3\nline 4\n\n[6 more lines in file. Use offset=5 to continue.]");
    expect(result.details).toBeUndefined();
    expect((await runOk(read, { path: "f.txt", offset: "9" })).text).toBe("line 9\nline 10");
  });

  it("cuts at 2000 lines with a continuation hint", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "long.txt"), numbered(2500));
    const { text, result } = await runOk(createReadTool({ cwd }), { path: "long.txt" });
    expect(text.endsWith("line 2000\n\n[Showing lines 1-2000 of 2500. Use offset=2001 to continue.]")).toBe(true);
    expect(result.details).toMatchObject({ truncation: { truncatedBy: "lines", outputLines: 2000, totalLines: 2500 } });
  });

  it("cuts at 50KB with a byte-limit hint that counts from the offset", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "wide.txt"), numbered(1000, 99)); // 100 bytes per line with the newline
    const { text } = await runOk(createReadTool({ cwd }), { path: "wide.txt", offset: 11 });
    // 512 lines of 99 bytes + 511 newlines = 51199 bytes; one more line would pass 51200
    expect(text).toContain("\n\n[Showing lines 11-522 of 1000 (50.0KB limit). Use offset=523 to continue.]");
  });

  it("points to sed when one line is over 50KB", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "min.js"), `short\n${"x".repeat(60 * 1024)}\nafter`);
    const { text } = await runOk(createReadTool({ cwd }), { path: "min.js", offset: 2 });
    expect(text).toBe("[Line 2 is 60.0KB, exceeds 50.0KB limit. Use bash: sed -n '2p' min.js | head -c 51200]");
  });

  it("refuses an offset beyond the end of the file", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "f.txt"), "a\nb");
    expect(await runError(createReadTool({ cwd }), { path: "f.txt", offset: 5 })).toBe(
      "Offset 5 is beyond end of file (2 lines total)",
    );
  });

  it("explains missing files, folders and binary files", async () => {
    const cwd = await tempDir();
    await mkdir(join(cwd, "folder"));
    await writeFile(join(cwd, "blob.bin"), Buffer.from([1, 2, 0, 3]));
    const read = createReadTool({ cwd });
    expect(await runError(read, { path: "nope.txt" })).toBe("File not found: nope.txt");
    expect(await runError(read, { path: "folder" })).toContain("it is a directory. Use ls");
    expect(await runError(read, { path: "blob.bin" })).toContain("it is a binary file (4B)");
  });

  it("recognizes images by their bytes, not their name", async () => {
    const cwd = await tempDir();
    const samples: [string, Buffer, string][] = [
      ["png.txt", Buffer.concat([PNG_HEADER, Buffer.alloc(20)]), "image/png"],
      ["photo.dat", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "image/jpeg"],
      ["anim", Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"), "image/gif"],
      ["pic", Buffer.concat([Buffer.from("RIFF"), Buffer.from([4, 0, 0, 0]), Buffer.from("WEBPVP8 ")]), "image/webp"],
    ];
    const read = createReadTool({ cwd });
    for (const [name, bytes, mimeType] of samples) {
      await writeFile(join(cwd, name), bytes);
      const { result } = await runOk(read, { path: name });
      expect(result.content).toEqual([
        { type: "text", text: `Read image file [${mimeType}]` },
        { type: "image", data: bytes.toString("base64"), mimeType },
      ]);
    }
    await writeFile(join(cwd, "fake.png"), "just text");
    expect((await runOk(read, { path: "fake.png" })).text).toBe("just text");
  });

  it("leaves out an image over the inline limit and says how big it is", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "huge.png"), Buffer.concat([PNG_HEADER, Buffer.alloc(3_600_000)]));
    const { result, text } = await runOk(createReadTool({ cwd }), { path: "huge.png" });
    expect(result.content).toHaveLength(1);
    expect(text).toMatch(/^Read image file \[image\/png\]\n\[Image omitted: it is 4\.6MB encoded, over the 4\.5MB inline image limit, and images\.autoResize is off/);
  });

  it("warns when the current model cannot see images", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "a.png"), PNG_HEADER);
    const { text } = await runOk(createReadTool({ cwd, getModel: textModel }), { path: "a.png" });
    expect(text).toContain("Current model does not support images");
  });

  it("finds macOS screenshot names typed with plain spaces and apostrophes", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "Shot 10.00.00\u202FAM.txt"), "am");
    await writeFile(join(cwd, "Capture d\u2019e\u0301cran.txt"), "nfd-curly");
    const read = createReadTool({ cwd });
    expect((await runOk(read, { path: "Shot 10.00.00 AM.txt" })).text).toBe("am");
    expect((await runOk(read, { path: "Capture d'\u00E9cran.txt" })).text).toBe("nfd-curly");
  });

  it("rejects bad arguments with the field and the expectation", async () => {
    const read = createReadTool({ cwd: await tempDir() });
    const missing = await runError(read, { offset: 1 });
    expect(missing).toContain('Validation failed for tool "read"');
    expect(missing).toContain("path: required string is missing");
    expect(await runError(read, { path: "x", limit: 0 })).toContain("limit: Too small");
    expect(await runError(read, { path: "x", offset: "first" })).toContain("offset: expected number, received string");
  });

  it("stops when aborted", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "f.txt"), "x");
    const controller = new AbortController();
    controller.abort();
    expect(await runError(createReadTool({ cwd }), { path: "f.txt" }, { signal: controller.signal })).toBe(
      "Operation aborted",
    );
  });
});
