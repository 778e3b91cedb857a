// Message lines off a resume's context (before the latest compaction's first kept entry, or on another branch) are
// parsed only when read. Whatever is read must be what parsing every line at once gives, and a bad deferred line is
// reported, with file and line, when it is read.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { JsonlSessionStore, SessionManager, parseJsonlBuffer, type SessionWarning } from "../../plugins/sessions/index.js";
import { assistant, tempDir, toolResult, user } from "./helpers.js";

/** whether an entry's message is still unread (its `message` is the deferred accessor) */
function unread(entry: object): boolean {
  return Object.getOwnPropertyDescriptor(entry, "message")?.get !== undefined;
}

/**
 * early turns, a side branch off the second turn, then back on the main line a compaction that keeps from `kept`,
 * and a turn after it; `texts` go into the early turns (one per turn)
 */
function compactedSession(texts: string[]) {
  const dir = tempDir();
  const store = new JsonlSessionStore({ agentDir: dir, sessionDir: dir });
  const manager = SessionManager.create(store, "/p");
  const early: string[] = [];
  for (const text of texts) {
    early.push(manager.appendMessage(user(text)));
    early.push(manager.appendMessage(assistant(`answer to ${text}`)));
  }
  const mainLine = manager.getLeafId()!;
  manager.branch(early[1]!);
  const side = manager.appendMessage(user("a side question"));
  manager.branch(mainLine);
  const kept = manager.appendMessage(user("kept"));
  manager.appendMessage(toolResult("kept output"));
  manager.appendCompaction("summary of the early turns", kept, 100);
  manager.appendMessage(user("after the compaction"));
  manager.appendMessage(assistant("the latest answer"));
  const file = manager.getSessionFile()!;
  manager.close();
  return { store, file, early, side, kept };
}

function lines(file: string): string[] {
  return readFileSync(file, "utf8").trimEnd().split("\n");
}

/** every record, each read whole: deferred and eager parses must give the same bytes */
function readAll(buffer: Buffer, file: string, lazy: boolean): string[] {
  return parseJsonlBuffer(buffer, file, { lazy }).records.map((record) => JSON.stringify(record.value));
}

describe("message lines off the resumed context", () => {
  it("are not parsed at load; read later, they are what an eager parse gives, spread and serialized alike", () => {
    const { store, file, early, side, kept } = compactedSession(["first", "second", "third"]);
    const reopened = SessionManager.open(store, file);
    const context = reopened.buildSessionContext();
    expect(context.messages.map((m) => (m as { role: string }).role)).toEqual(["compactionSummary", "user", "toolResult", "user", "assistant"]);
    const entries = reopened.getEntries();
    for (const id of [...early, side]) expect(unread(reopened.getEntry(id)!)).toBe(true);
    expect(unread(reopened.getEntry(kept)!)).toBe(false);

    const eager = parseJsonlBuffer(readFileSync(file), file, { lazy: false }).records.map((r) => r.value);
    expect(entries.map((entry) => ({ ...entry }))).toEqual(eager.slice(1));
    expect(readAll(readFileSync(file), file, true)).toEqual(readAll(readFileSync(file), file, false));
    expect(reopened.getTree()[0]!.entry.id).toBe(early[0]);
    reopened.close();
  });

  it("a damaged or malformed deferred line is reported with file and line when read, and the tree stays whole", () => {
    const { store, file, early } = compactedSession(["first", "second"]);
    const all = lines(file);
    const at = (id: string) => all.findIndex((line) => line.includes(`"id":"${id}"`));
    all[at(early[0]!)] = all[at(early[0]!)]!.replace('"content":"first"', '"content":42');
    all[at(early[1]!)] = all[at(early[1]!)]!.replace('"text":"answer to first"', '"text":"answer"x"');
    writeFileSync(file, `${all.join("\n")}\n`);
    const warnings: SessionWarning[] = [];
    const reopened = SessionManager.open(store, file, { onWarning: (w) => warnings.push(w) });
    reopened.buildSessionContext();
    expect(warnings).toEqual([]);
    expect(reopened.getEntries().map((e) => e.id)).toContain(early[1]);

    expect((reopened.getEntry(early[0]!) as { message: { content: unknown } }).message.content).toBe("42");
    expect((reopened.getEntry(early[1]!) as { message: { content: unknown } }).message.content).toEqual([
      { type: "text", text: expect.stringContaining("could not be read") },
    ]);
    expect(warnings).toEqual([
      expect.objectContaining({ code: "malformed_content", line: at(early[0]!) + 1, location: file, message: expect.stringContaining(`${file}:${at(early[0]!) + 1}:`) }),
      expect.objectContaining({ code: "invalid_json", line: at(early[1]!) + 1, location: file }),
    ]);
    reopened.close();
  });

  it("CRLF endings, unicode and a text holding another entry's id and prefix load as an eager parse does", () => {
    const decoy = '{"type":"message","id":"zzzzzzzz","parentId":null,"timestamp":"2026-01-01T00:00:00.000Z","message":{"role":"user"';
    const { file, early } = compactedSession(["été 日本 🎉", decoy, "plain"]);
    const unicode = readFileSync(file);
    expect(readAll(unicode, file, true)).toEqual(readAll(unicode, file, false));
    const deferred = parseJsonlBuffer(unicode, file).records.map((r) => r.value as object);
    expect(deferred.filter((value) => "message" in value && unread(value))).toHaveLength(early.length + 1);

    const crlf = Buffer.from(`${lines(file).join("\r\n")}\r\n`);
    expect(readAll(crlf, file, true)).toEqual(readAll(unicode, file, false));
  });

  it("a huge single line before the compaction stays unread and reads whole", () => {
    const huge = `${"x".repeat(3_000_000)}é`;
    const { store, file, early } = compactedSession([huge, "small"]);
    const reopened = SessionManager.open(store, file);
    reopened.buildSessionContext();
    const entry = reopened.getEntry(early[0]!)!;
    expect(unread(entry)).toBe(true);
    expect((entry as { message: { content: unknown } }).message.content).toBe(huge);
    expect(readAll(readFileSync(file), file, true)).toEqual(readAll(readFileSync(file), file, false));
    reopened.close();
  });

  it("an older file is read whole (its upgrade rewrites lines), and a resume without compaction parses every line at once", () => {
    const { file } = compactedSession(["first"]);
    const all = lines(file);
    all[0] = all[0]!.replace('"version":3', '"version":2');
    const old = join(tempDir(), "old.jsonl");
    writeFileSync(old, `${all.join("\n")}\n`);
    expect(parseJsonlBuffer(readFileSync(old), old).records.every((r) => !unread(r.value as object))).toBe(true);

    const plain = join(tempDir(), "plain.jsonl");
    writeFileSync(plain, `${lines(file).filter((line) => !line.includes('"type":"compaction"')).join("\n")}\n`);
    expect(parseJsonlBuffer(readFileSync(plain), plain).records.every((r) => !unread(r.value as object))).toBe(true);
  });
});
