import { spawn } from "node:child_process";
import { appendFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { JsonlSessionStore, SessionManager, type SessionWarning } from "../../plugins/sessions/index.js";
import { assistant, tempDir, user } from "./helpers.js";

function writtenSession(): { store: JsonlSessionStore; file: string; dir: string; ids: string[] } {
  const dir = tempDir();
  const store = new JsonlSessionStore({ agentDir: tempDir(), sessionDir: dir });
  const manager = SessionManager.create(store, "/project");
  const ids = [manager.appendMessage(user("q")), manager.appendMessage(assistant("a"))];
  const file = manager.getSessionFile()!;
  manager.close();
  return { store, file, dir, ids };
}

const header = JSON.stringify({ type: "session", version: 3, id: "s-1", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/p" });
const entry = (id: string, parentId: string | null, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type: "message", id, parentId, timestamp: "2025-01-01T00:00:01.000Z", message: user(id, 1), ...extra });

describe("a torn last line", () => {
  it("is skipped on load with a warning naming file and line, then set aside in .torn and cut off before the next append", () => {
    const { store, file, ids } = writtenSession();
    const torn = '{"type":"message","id":"cafebabe","parentId":"';
    appendFileSync(file, torn);
    const warnings: SessionWarning[] = [];
    const manager = SessionManager.open(store, file, { onWarning: (w) => warnings.push(w) });
    expect(manager.getEntries().map((e) => e.id)).toEqual(ids);
    expect(warnings).toEqual([expect.objectContaining({ code: "torn_line", line: 4, location: file })]);
    expect(warnings[0]!.message).toContain(`${file}:4:`);
    // nothing touched yet: loading alone never writes
    expect(readFileSync(file, "utf8").endsWith(torn)).toBe(true);

    const next = manager.appendMessage(user("after the crash"));
    expect(readFileSync(`${file}.torn`, "utf8")).toBe(`${torn}\n`);
    expect(warnings.map((w) => w.code)).toEqual(["torn_line", "repaired"]);
    manager.close();

    const reopened = SessionManager.open(store, file);
    expect(reopened.getWarnings()).toEqual([]);
    expect(reopened.getEntries().map((e) => e.id)).toEqual([...ids, next]);
    expect(reopened.getEntry(next)!.parentId).toBe(ids[1]);
    reopened.close();
  });

  it("a complete last line that only lacks its newline is kept and finished before the next append", () => {
    const dir = tempDir();
    const file = join(dir, "s.jsonl");
    writeFileSync(file, `${header}\n${entry("aaaaaaaa", null)}`);
    const store = new JsonlSessionStore({ agentDir: dir, sessionDir: dir });
    const manager = SessionManager.open(store, file);
    expect(manager.getEntries().map((e) => e.id)).toEqual(["aaaaaaaa"]);
    const next = manager.appendMessage(user("more"));
    manager.close();
    expect(existsSync(`${file}.torn`)).toBe(false);
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[2]!)).toMatchObject({ id: next, parentId: "aaaaaaaa" });
  });
});

describe("a file without a usable header", () => {
  for (const [name, content] of [
    ["garbage", "this is not json\n" + entry("aaaaaaaa", null) + "\n"],
    ["an entry first", entry("aaaaaaaa", null) + "\n"],
    ["blank lines only", "\n\n"],
    ["a torn header", '{"type":"session","version":3,"id":"x'],
  ] as const) {
    it(`(${name}) is never truncated or overwritten: reported, and the session continues in a new file`, () => {
      const dir = tempDir();
      const file = join(dir, "broken.jsonl");
      writeFileSync(file, content);
      const store = new JsonlSessionStore({ agentDir: dir, sessionDir: dir });
      const manager = SessionManager.open(store, file, { cwdOverride: "/p" });
      expect(manager.getWarnings().some((w) => w.code === "bad_header" && w.message.includes(file))).toBe(true);
      expect(manager.getSessionFile()).not.toBe(file);
      expect(manager.getEntries()).toEqual([]);
      manager.appendMessage(user("q"));
      manager.appendMessage(assistant("a"));
      manager.close();
      expect(readFileSync(file, "utf8")).toBe(content);
      expect(existsSync(`${file}.lock`)).toBe(false);
      expect(readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort()).toHaveLength(2);
    });
  }

  it("(empty, zero bytes) takes the new session, header first, as pi 1.6.0 does", () => {
    const dir = tempDir();
    const file = join(dir, "empty.jsonl");
    writeFileSync(file, "");
    const manager = SessionManager.open(new JsonlSessionStore({ agentDir: dir, sessionDir: dir }), file, { cwdOverride: "/p" });
    expect(manager.getWarnings()).toEqual([]);
    expect(manager.getSessionFile()).toBe(file);
    manager.appendMessage(user("q"));
    manager.close();
    const lines = readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { type: string });
    expect(lines.map((line) => line.type)).toEqual(["session", "message"]);
    expect(readdirSync(dir).filter((f) => f.endsWith(".jsonl"))).toEqual(["empty.jsonl"]);
  });

  it("forkFrom refuses it", () => {
    const dir = tempDir();
    const file = join(dir, "broken.jsonl");
    writeFileSync(file, "nonsense\n");
    expect(() => SessionManager.forkFrom(new JsonlSessionStore({ agentDir: dir }), file, "/p")).toThrow(
      expect.objectContaining({ code: "SESSION_INVALID" }),
    );
  });
});

describe("malformed lines", () => {
  it("each kind loads without a crash, with a warning naming the file and line", () => {
    const dir = tempDir();
    const file = join(dir, "damaged.jsonl");
    const bigText = "x".repeat(5 * 1024 * 1024);
    const lines = [
      header, // 1
      entry("aaaaaaaa", null), // 2
      "{not json", // 3
      "42", // 4
      JSON.stringify({ type: "from_the_future", id: "ffffffff", parentId: "aaaaaaaa", timestamp: "2025-01-01T00:00:02.000Z" }), // 5
      JSON.stringify({ type: "message", parentId: "aaaaaaaa", timestamp: "t", message: user("no id") }), // 6
      JSON.stringify({ type: "message", id: "bbbbbbbb", parentId: "aaaaaaaa", timestamp: "t" }), // 7: no message
      entry("aaaaaaaa", null), // 8: duplicate
      entry("cccccccc", "nowhere1"), // 9: unknown parent
      entry("dddddddd", "eeeeeeee"), // 10: parent comes later -> would be a cycle
      entry("eeeeeeee", "dddddddd"), // 11
      entry("99999999", "ffffffff", { message: user(bigText, 1) }), // 12: multi-megabyte line, child of the unknown type
      "", // 13: blank lines are fine
      entry("11111111", "99999999"), // 14
    ];
    writeFileSync(file, `${lines.join("\n")}\n`);
    const manager = SessionManager.open(new JsonlSessionStore({ agentDir: dir, sessionDir: dir }), file);
    const found = manager.getWarnings().map((w) => [w.code, w.line]);
    expect(found).toEqual([
      ["invalid_json", 3],
      ["not_an_object", 4],
      ["unknown_type", 5],
      ["missing_id", 6],
      ["malformed_entry", 7],
      ["duplicate_id", 8],
      ["unknown_parent", 9],
      ["forward_parent", 10],
    ]);
    for (const w of manager.getWarnings()) expect(w.message.startsWith(`${file}:${w.line}: `)).toBe(true);
    expect(manager.getEntries().map((e) => e.id)).toEqual(["aaaaaaaa", "ffffffff", "cccccccc", "dddddddd", "eeeeeeee", "99999999", "11111111"]);
    // the damaged parents became roots; the unknown type keeps its child attached
    expect(manager.getTree().map((node) => node.entry.id)).toEqual(["aaaaaaaa", "cccccccc", "dddddddd"]);
    expect(manager.getBranch("11111111").map((e) => e.id)).toEqual(["aaaaaaaa", "ffffffff", "99999999", "11111111"]);
    expect(manager.buildSessionContext().messages).toHaveLength(3);
    manager.close();
  });

  it("skips a line longer than the configured limit", () => {
    const dir = tempDir();
    const file = join(dir, "long.jsonl");
    writeFileSync(file, `${header}\n${entry("aaaaaaaa", null, { message: user("y".repeat(3_000_000), 1) })}\n${entry("bbbbbbbb", null)}\n`);
    const store = new JsonlSessionStore({ agentDir: dir, sessionDir: dir, maxLineBytes: 1_000_000 });
    const manager = SessionManager.open(store, file);
    expect(manager.getWarnings()).toEqual([expect.objectContaining({ code: "line_too_long", line: 2 })]);
    expect(manager.getEntries().map((e) => e.id)).toEqual(["bbbbbbbb"]);
    manager.close();
  });
});

describe("one writer per file", () => {
  it("refuses a second writer in the same process, naming the file and pid; free again after close", () => {
    const { store, file } = writtenSession();
    const first = SessionManager.open(store, file);
    let refusal: unknown;
    try {
      SessionManager.open(store, file);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ code: "SESSION_LOCKED" });
    expect((refusal as Error).message).toContain(file);
    expect((refusal as Error).message).toContain(`process ${process.pid}`);
    first.close();
    expect(existsSync(`${file}.lock`)).toBe(false);
    SessionManager.open(store, file).close();
  });

  it("refuses while a live process holds the lock, takes over once it is dead", async () => {
    const { store, file } = writtenSession();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    await new Promise((resolve) => child.once("spawn", resolve));
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: child.pid, host: hostname(), created: new Date().toISOString() }));
    expect(() => SessionManager.open(store, file)).toThrow(new RegExp(`process ${child.pid} on`));
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    const manager = SessionManager.open(store, file);
    expect(JSON.parse(readFileSync(`${file}.lock`, "utf8"))).toMatchObject({ pid: process.pid });
    manager.close();
  });

  it("does not take over a lock held on another host", () => {
    const { store, file } = writtenSession();
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: 1, host: "some-other-machine", created: "" }));
    expect(() => SessionManager.open(store, file)).toThrow(/some-other-machine/);
  });

  it("refuses to create a session file that already exists", () => {
    const { store, file } = writtenSession();
    expect(() => store.create(file, [])).toThrow(expect.objectContaining({ code: "SESSION_EXISTS" }));
  });
});
