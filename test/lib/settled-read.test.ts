// A read of a file pi writes in place under its lock: a read that began while the lock was held and saw the old
// half-written bytes is tried again even when pi let go of the lock during that read (it failed in CI as a race:
// the read was stale, the lock already gone when looked at, and the finished file reported as broken).
import { mkdirSync, mkdtempSync, rmSync, rmdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readSettled, readSettledAsync } from "../../lib/lock/settled-read.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A file under pi's lock, and a read that on its second call reads stale bytes while pi finishes and lets go. */
function lockedFile(): { path: string; read: () => string; calls: () => number } {
  const folder = mkdtempSync(join(tmpdir(), "pith-settled-"));
  folders.push(folder);
  const path = join(folder, "auth.json");
  writeFileSync(path, "{ half");
  mkdirSync(`${path}.lock`);
  let calls = 0;
  const read = () => {
    calls++;
    if (calls === 2) {
      writeFileSync(path, '{"whole": true}');
      rmdirSync(`${path}.lock`);
      throw new SyntaxError("stale half-written bytes");
    }
    const text = JSON.parse(calls === 1 ? "{ half" : '{"whole": true}') as unknown;
    return JSON.stringify(text);
  };
  return { path, read, calls: () => calls };
}

describe("settled reads", () => {
  it("reads again when pi let go of its lock during a read that began under it", () => {
    const file = lockedFile();
    expect(readSettled(file.path, file.read)).toBe('{"whole":true}');
    expect(file.calls()).toBe(3);
  });

  it("the async form too", async () => {
    const file = lockedFile();
    const result = await readSettledAsync(
      file.path,
      async () => {
        try {
          return file.read();
        } catch {
          return undefined;
        }
      },
      (text) => (text === undefined ? "yes" : "no"),
    );
    expect(result).toBe('{"whole":true}');
    expect(file.calls()).toBe(3);
  });

  it("still reports a broken file that no one is writing", () => {
    const folder = mkdtempSync(join(tmpdir(), "pith-settled-"));
    folders.push(folder);
    const path = join(folder, "auth.json");
    writeFileSync(path, "{ broken");
    let calls = 0;
    expect(() => readSettled(path, () => (calls++, JSON.parse("{ broken") as unknown))).toThrow(SyntaxError);
    expect(calls).toBe(2);
  });
});
