// A big session file is read in pieces, its big lines left in the file until something reads them
// (plugins/sessions/reading/file-pieces.ts). Whatever is read must be what parsing every line gives, odd lines
// included (escapes, keys in other orders, spaces, arrays after the content, damaged and torn lines), and a line
// the file no longer holds is reported with file and line when read.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { JsonlSessionStore, SessionManager, type SessionWarning } from "../../plugins/sessions/index.js";
import { assistant, seededRandom, tempDir, toolResult, user } from "./helpers.js";

const PIECES = ['"quoted"', "back\\slash", '],"', "]}}", '{"type":"text"', "\u00e9t\u00e9", "\ud83d\ude00", "\u2028", "tab\there", "line\nbreak", '\\"', "plain words "];

/** Session lines, some big (over 16 KiB), of every shape the reader must tell apart or give up on. */
function oddLines(seed: number): string[] {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const text = (size: number): string => {
    let out = "";
    while (out.length < size) out += pick(PIECES);
    return out;
  };
  const lines = [JSON.stringify({ type: "session", version: 3, id: `s${seed}`, timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p" })];
  let parent: string | null = null;
  for (let i = 0; i < 120; i++) {
    const id = `e${seed}x${i}`;
    const size = next() < 0.5 ? Math.floor(next() * 80_000) : Math.floor(next() * 300);
    const shape = Math.floor(next() * 9);
    let content: unknown = [{ type: "text", text: text(size) }];
    if (shape === 1) content = [{ type: "text", text: text(size) }, { type: "image", data: "aGk=".repeat(50), mimeType: "image/png" }];
    if (shape === 2) content = [{ type: "text", text: text(size), extra: [1, 2] }];
    const message: Record<string, unknown> = { role: pick(["user", "toolResult", "assistant"]), toolCallId: `c${i}`, content, timestamp: i };
    if (shape === 3) message.details = { paths: ["a", "b"], count: 2 };
    if (shape === 4) message.isError = false;
    const entry: Record<string, unknown> = { type: "message", id, parentId: parent, timestamp: "2026-01-01T00:00:01.000Z", message };
    let line = JSON.stringify(entry);
    if (shape === 5) line = JSON.stringify({ id, type: "message", message, parentId: parent, timestamp: "2026-01-01T00:00:01.000Z" });
    if (shape === 6) line = line.replace('{"type":"message",', '{ "type" : "message" ,').replace(/\}\}$/, "} }");
    if (shape === 7) line = JSON.stringify({ type: "custom", customType: "x", data: text(size), id, parentId: parent, timestamp: "2026-01-01T00:00:01.000Z" });
    if (shape === 8 && next() < 0.3) line = `${line.slice(0, Math.floor(line.length / 2))},`;
    if (next() < 0.05) lines.push("   ");
    lines.push(line);
    parent = id;
  }
  return lines;
}

interface Read {
  values: string[];
  warnings: string[];
}

/** every record read and serialized whole (reading a lazy one reads it), and the warnings, by line */
function readBack(file: string, piecewiseFileBytes: number | undefined): Read {
  const warnings: SessionWarning[] = [];
  const store = new JsonlSessionStore({ agentDir: tempDir(), sessionDir: join(file, ".."), piecewiseFileBytes });
  const stored = store.read(file, { onWarning: (w) => warnings.push(w) })!;
  const values = stored.records.map((record) => `${record.line} ${JSON.stringify(record.value)}`);
  return { values, warnings: [...stored.warnings, ...warnings].map((w) => `${w.code} ${w.line}`).sort() };
}

describe("a session file read in pieces", () => {
  it.each([1, 2, 3, 4])("gives, line for line, what parsing every line gives (seed %i)", (seed) => {
    const lines = oddLines(seed);
    const file = join(tempDir(), "odd.jsonl");
    const torn = seed % 2 === 0;
    writeFileSync(file, `${lines.join("\n")}${torn ? "" : "\n"}`);
    const pieces = readBack(file, 0);
    expect(pieces).toEqual(readBack(file, undefined));
    const expected = lines.flatMap((line, i) => {
      try {
        return [`${i + 1} ${JSON.stringify(JSON.parse(line))}`];
      } catch {
        return [];
      }
    });
    expect(pieces.values).toEqual(expected);
    const damaged = lines.flatMap((line, i) => (line.trim() !== "" && !expected.some((value) => value.startsWith(`${i + 1} `)) ? [i + 1] : []));
    expect(pieces.warnings.map((w) => Number(w.split(" ")[1]))).toEqual(expect.arrayContaining(damaged));
    expect(readFileSync(file).length).toBeGreaterThan(1024 * 1024); // lines cross the reader's 1 MiB pieces
  }, 60_000);

  it("leaves big lines unread until read, and reports a line the replaced file no longer holds", () => {
    const dir = tempDir();
    const store = new JsonlSessionStore({ agentDir: dir, sessionDir: dir, piecewiseFileBytes: 0 });
    const manager = SessionManager.create(store, "/p");
    manager.appendMessage(user("read it"));
    manager.appendMessage(assistant("reading"));
    const big = manager.appendMessage(toolResult("x".repeat(100_000)));
    const other = manager.appendMessage(toolResult("y".repeat(100_000)));
    const file = manager.getSessionFile()!;
    manager.close();

    const warnings: SessionWarning[] = [];
    const reopened = SessionManager.open(store, file, { onWarning: (w) => warnings.push(w) });
    const entry = reopened.getEntry(big) as { message: { content: unknown } };
    expect(Object.getOwnPropertyDescriptor(entry.message, "content")?.get).toBeDefined();
    expect(entry.message.content).toEqual([{ type: "text", text: "x".repeat(100_000) }]);

    // another program rewrites the file under the same name: the unread line is not taken from the new file
    writeFileSync(`${file}.new`, readFileSync(file, "utf8").replaceAll("y", "z"));
    renameSync(`${file}.new`, file);
    const replaced = reopened.getEntry(other) as { message: { content: unknown } };
    expect(replaced.message.content).toEqual([{ type: "text", text: expect.stringContaining("could not be read") }]);
    expect(warnings).toEqual([expect.objectContaining({ code: "invalid_json", location: file, line: 5 })]);
    reopened.close();
  });

  it("a big line cut short by a crash is reported as torn, with its line", () => {
    const lines = [
      JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p" }),
      JSON.stringify({ type: "message", id: "u1", parentId: null, timestamp: "2026-01-01T00:00:00.000Z", message: { role: "user", content: "hi", timestamp: 1 } }),
      JSON.stringify({ type: "message", id: "r1", parentId: "u1", timestamp: "2026-01-01T00:00:00.000Z", message: { role: "toolResult", content: [{ type: "text", text: "r".repeat(30_000) }] } }),
    ];
    const file = join(tempDir(), "torn.jsonl");
    const cut = JSON.stringify({ type: "message", id: "t1", parentId: "r1", timestamp: "2026-01-01T00:00:00.000Z", message: { role: "toolResult", content: [{ type: "text", text: "t".repeat(50_000) }] } });
    writeFileSync(file, `${lines.join("\n")}\n${cut.slice(0, 40_000)}`);
    const store = new JsonlSessionStore({ agentDir: tempDir(), sessionDir: join(file, ".."), piecewiseFileBytes: 0 });
    const stored = store.read(file)!;
    expect(stored.warnings).toEqual([expect.objectContaining({ code: "torn_line", location: file, line: 4, message: expect.stringContaining("(40000 bytes, no newline)") })]);
    expect(stored.records.map((record) => record.line)).toEqual([1, 2, 3]);
  });
});
