import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { JsonlSessionStore, MemorySessionStore, SessionManager, type SessionEntry } from "../../plugins/sessions/index.js";
import { fixturesDir, tempDir } from "./helpers.js";

function copyFixture(name: string): { store: JsonlSessionStore; file: string; original: Buffer } {
  const dir = tempDir();
  const file = join(dir, "session.jsonl");
  copyFileSync(join(fixturesDir, name), file);
  return { store: new JsonlSessionStore({ agentDir: tempDir(), sessionDir: dir }), file, original: readFileSync(file) };
}

describe("migration of version 1 files", () => {
  it("adds ids and a parent chain, turns firstKeptEntryIndex into firstKeptEntryId, renames hookMessage", () => {
    const { store, file } = copyFixture("v1-session.jsonl");
    const manager = SessionManager.open(store, file);
    const entries = manager.getEntries();
    expect(entries).toHaveLength(7);
    entries.forEach((entry, i) => {
      expect(entry.id).toMatch(/^[0-9a-f]{8}$/);
      expect(entry.parentId).toBe(i === 0 ? null : entries[i - 1]!.id);
    });
    const compaction = entries[5] as Extract<SessionEntry, { type: "compaction" }>;
    // index 4 of the parsed lines (header = 0) is the second user message
    expect(compaction.firstKeptEntryId).toBe(entries[3]!.id);
    expect("firstKeptEntryIndex" in compaction).toBe(false);
    expect((entries[6] as Extract<SessionEntry, { type: "message" }>).message.role).toBe("custom");
    expect(manager.getHeader().version).toBe(3);
    const context = manager.buildSessionContext();
    expect(context.thinkingLevel).toBe("low");
    expect(context.messages.map((m) => (m as { role: string }).role)).toEqual(["compactionSummary", "user", "assistant", "custom"]);
    manager.close();
  });

  it("keeps the original byte for byte in <file>.v1.bak, rewrites the file as version 3, and says so", () => {
    const { store, file, original } = copyFixture("v1-session.jsonl");
    const manager = SessionManager.open(store, file);
    expect(readFileSync(`${file}.v1.bak`)).toEqual(original);
    const migrated = readFileSync(file, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(migrated[0]).toMatchObject({ type: "session", version: 3, id: "11111111-1111-4111-8111-111111111111" });
    expect(migrated.slice(1).every((line) => typeof line.id === "string")).toBe(true);
    expect(manager.getWarnings()).toEqual([expect.objectContaining({ code: "migrated", message: expect.stringContaining(`${file}.v1.bak`) })]);
    manager.close();
  });

  it("is idempotent: a second open finds version 3, migrates nothing and writes no new backup", () => {
    const { store, file } = copyFixture("v1-session.jsonl");
    const first = SessionManager.open(store, file);
    const ids = first.getEntries().map((entry) => entry.id);
    first.close();
    const afterFirst = readFileSync(file);
    const second = SessionManager.open(store, file);
    expect(second.getEntries().map((entry) => entry.id)).toEqual(ids);
    expect(second.getWarnings()).toEqual([]);
    expect(readFileSync(file)).toEqual(afterFirst);
    expect(existsSync(`${file}.v1.bak.1`)).toBe(false);
    second.close();
  });

  it("never overwrites an earlier backup", () => {
    const { store, file, original } = copyFixture("v1-session.jsonl");
    writeFileSync(`${file}.v1.bak`, "an older backup\n");
    SessionManager.open(store, file).close();
    expect(readFileSync(`${file}.v1.bak`, "utf8")).toBe("an older backup\n");
    expect(readFileSync(`${file}.v1.bak.1`)).toEqual(original);
  });

  it("keeps malformed lines of the original in the backup even though the migrated file drops them", () => {
    const { store, file } = copyFixture("v1-session.jsonl");
    writeFileSync(file, readFileSync(file, "utf8") + "{broken json\n" + '{"type":"message","timestamp":"2025-01-02T10:00:07.000Z","message":{"role":"user","content":"after","timestamp":1}}\n');
    const manager = SessionManager.open(store, file);
    expect(manager.getWarnings().map((w) => w.code)).toEqual(["invalid_json", "migrated"]);
    expect(readFileSync(`${file}.v1.bak`, "utf8")).toContain("{broken json");
    expect(readFileSync(file, "utf8")).not.toContain("{broken json");
    expect(manager.getEntries()).toHaveLength(8);
    manager.close();
  });
});

describe("migration of version 2 files", () => {
  it("renames hookMessage to custom, keeps ids, backs up to <file>.v2.bak", () => {
    const { store, file, original } = copyFixture("v2-session.jsonl");
    const manager = SessionManager.open(store, file);
    expect(manager.getEntries().map((entry) => entry.id)).toEqual(["a0000001", "a0000002", "a0000003"]);
    expect((manager.getEntry("a0000002") as Extract<SessionEntry, { type: "message" }>).message.role).toBe("custom");
    expect(readFileSync(`${file}.v2.bak`)).toEqual(original);
    expect(JSON.parse(readFileSync(file, "utf8").split("\n")[0]!)).toMatchObject({ version: 3 });
    manager.close();
  });

  it("works the same through another store: the memory store keeps the backup readable", () => {
    const store = new MemorySessionStore();
    const lines = readFileSync(join(fixturesDir, "v2-session.jsonl"), "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as never);
    store.create("memory:v2", lines).close();
    const manager = SessionManager.open(store, "memory:v2");
    expect(manager.getHeader().version).toBe(3);
    const backup = store.read("memory:v2.v2.bak")!;
    expect(backup.records[0]!.value).toMatchObject({ version: 2 });
    expect(JSON.stringify(backup.records[2]!.value)).toContain("hookMessage");
    manager.close();
  });
});
