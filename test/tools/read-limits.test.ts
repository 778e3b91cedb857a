// read refuses what never ends, and reads no more of a large file than paging and truncation can show.
import { execFileSync } from "node:child_process";
import { open, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readFileWindow } from "../../plugins/tools/files/file-window.js";
import { createReadTool } from "../../plugins/tools/index.js";
import { truncateHead } from "../../plugins/tools/truncate.js";
import { runError, runOk, tempDir } from "./harness.js";

describe("read: devices, pipes and large files", () => {
  it("refuses character devices by type instead of reading them forever", async () => {
    const read = createReadTool({ cwd: await tempDir() });
    const before = process.memoryUsage().rss;
    expect(await runError(read, { path: "/dev/zero" })).toBe(
      "Cannot read /dev/zero: it is a character device, not a regular file. read only reads files; use bash for devices and pipes (for example head -c 100 /dev/zero | xxd).",
    );
    expect(await runError(read, { path: "/dev/null" })).toContain("it is a character device");
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses a named pipe without waiting for a writer", async () => {
    const cwd = await tempDir();
    execFileSync("mkfifo", [join(cwd, "pipe")]);
    const read = createReadTool({ cwd });
    expect(await runError(read, { path: "pipe" })).toContain("Cannot read pipe: it is a named pipe (FIFO), not a regular file.");
  });

  it("calls a 1.5 GB sparse file binary from its first bytes, without reading it", async () => {
    const cwd = await tempDir();
    const path = join(cwd, "sparse.img");
    await writeFile(path, "");
    await truncate(path, 1.5 * 1024 * 1024 * 1024);
    const read = createReadTool({ cwd });
    const before = process.memoryUsage().rss;
    expect(await runError(read, { path: "sparse.img" })).toContain("it is a binary file (1536.0MB)");
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  // Four of read's 1 MB chunks are enough to page across; the memory bound needs a file larger than the heap and
  // is tested through the CLI (a 200 MB log, test/reliability/cli-failures.test.ts).
  it("pages a 4 MB text file across its chunks and still counts its lines", async () => {
    const cwd = await tempDir();
    const line = "0123456789".repeat(10);
    const lines = 40_000;
    await writeFile(join(cwd, "big.log"), `${line}\n`.repeat(lines));
    const read = createReadTool({ cwd });
    const { text } = await runOk(read, { path: "big.log", offset: 20_001, limit: 3 });
    expect(text).toBe(`${line}\n${line}\n${line}\n\n[19998 more lines in file. Use offset=20004 to continue.]`);
    const first = await runOk(read, { path: "big.log" });
    expect(first.text.endsWith(`[Showing lines 1-506 of ${lines + 1} (50.0KB limit). Use offset=507 to continue.]`)).toBe(true);
  });

  it("stops reading when the call is aborted", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "big.log"), "x\n".repeat(5_000_000));
    const read = createReadTool({ cwd });
    const controller = new AbortController();
    const pending = runError(read, { path: "big.log" }, { signal: controller.signal });
    controller.abort();
    expect(await pending).toBe("Operation aborted");
  });

  it("keeps exactly what reading the whole file would show, whatever the chunk edges (differential)", async () => {
    const cwd = await tempDir();
    const path = join(cwd, "sample.txt");
    const pieces = ["a", "é", "漢", "😀", " ", "\n", "\r\n", "line", ""];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 120; round++) {
      const text = Array.from({ length: random(120) }, () => pieces[random(pieces.length)]).join("");
      await writeFile(path, text);
      const all = text.split("\n");
      const startIndex = random(Math.max(1, all.length + 1));
      const limit = random(3) === 0 ? undefined : 1 + random(12);
      const keepLines = 1 + random(8);
      const keepBytes = 1 + random(40);
      const handle = await open(path);
      try {
        const window = await readFileWindow(handle, "utf-8", Buffer.alloc(0), { startIndex, limit, keepLines, keepBytes, chunkBytes: 1 + random(7) }, undefined);
        expect(window.totalLines).toBe(all.length);
        if (startIndex >= all.length) continue;
        const wanted = all.slice(startIndex, limit === undefined ? undefined : startIndex + limit).join("\n");
        const expected = truncateHead(wanted, { maxLines: keepLines, maxBytes: keepBytes });
        const actual = truncateHead(window.kept, { maxLines: keepLines, maxBytes: keepBytes });
        expect({ ...actual, totalLines: expected.totalLines, totalBytes: window.wantedBytes }).toEqual(expected);
        expect(window.firstLineBytes).toBe(Buffer.byteLength(all[startIndex]!, "utf-8"));
      } finally {
        await handle.close();
      }
    }
  });
});
