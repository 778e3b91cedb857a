// A bug report's zip appears whole or not at all. Written in place, its name showed up empty and grew, and a reader
// that waited for the name (interactive/crash-and-bug.test.ts, once) opened half an archive.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { writeZipArchive } from "../../lib/output/zip-archive.js";
import { removeAfterTest } from "../support/temp-folders.js";

let folder: string;
beforeEach(() => {
  folder = removeAfterTest(mkdtempSync(join(tmpdir(), "pith-zip-")));
});

describe("writeZipArchive", () => {
  it("never shows a partial archive under its name", async () => {
    const path = join(folder, "report.zip");
    // incompressible, so the archive is large enough for the write to span turns of the event loop
    const noise = randomBytes(4 * 1024 * 1024);
    const sizesSeen = new Set<number>();
    let writing = true;
    const watch = (): void => {
      if (existsSync(path)) sizesSeen.add(statSync(path).size);
      if (writing) setImmediate(watch);
    };
    watch();
    await writeZipArchive(path, [{ name: "noise.bin", data: noise }, { name: "note.txt", data: "hello" }]);
    writing = false;
    const finalSize = statSync(path).size;
    expect([...sizesSeen].filter((size) => size !== finalSize)).toEqual([]);
    expect(execFileSync("unzip", ["-Z1", path], { encoding: "utf8" }).trim().split("\n").sort()).toEqual(["note.txt", "noise.bin"].sort());
    expect(readdirSync(folder)).toEqual(["report.zip"]);
  });

  it("leaves nothing behind when the archive cannot be put in place", async () => {
    const path = join(folder, "taken");
    mkdirSync(join(path, "inside"), { recursive: true });
    await expect(writeZipArchive(path, [{ name: "a.txt", data: "a" }])).rejects.toThrow();
    expect(readdirSync(folder)).toEqual(["taken"]);
    expect(readdirSync(path)).toEqual(["inside"]);
  });
});
