// Big message lines are parsed on first use; the result must be indistinguishable from parsing at once.
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { JsonlSessionStore, SessionManager, parseJsonlBuffer, type SessionWarning } from "../../plugins/sessions/index.js";
import { assistant, tempDir, toolResult, user } from "./helpers.js";

function bigSession() {
  const dir = tempDir();
  const store = new JsonlSessionStore({ agentDir: dir, sessionDir: dir });
  const manager = SessionManager.create(store, "/p");
  manager.appendMessage(user("q"));
  manager.appendMessage(assistant("a".repeat(10_000)));
  manager.appendMessage(toolResult("é\"\n".repeat(20_000)));
  const file = manager.getSessionFile()!;
  manager.close();
  return { dir, store, file, entries: manager.getEntries() };
}

describe("lazily parsed lines", () => {
  it("give the same entries, context and bytes as eager parsing", () => {
    const { store, file, entries } = bigSession();
    const lazyRecords = parseJsonlBuffer(readFileSync(file), file).records.map((r) => r.value);
    const eagerRecords = parseJsonlBuffer(readFileSync(file), file, { lazy: false }).records.map((r) => r.value);
    expect(lazyRecords.map((value) => JSON.stringify(value))).toEqual(eagerRecords.map((value) => JSON.stringify(value)));
    expect(readFileSync(file, "utf8")).toBe(`${lazyRecords.map((value) => JSON.stringify(value)).join("\n")}\n`);
    const reopened = SessionManager.open(store, file);
    expect(reopened.getEntries()).toEqual(entries);
    expect(reopened.buildSessionContext().messages).toEqual(entries.map((entry) => (entry as { message: unknown }).message));
    reopened.close();
  });

  it("a big line with its keys in another order is parsed at once and loads the same", () => {
    const { file, store, entries } = bigSession();
    const reordered = readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((line, i) => {
        if (i === 0) return line;
        const { message, ...rest } = JSON.parse(line) as Record<string, unknown>;
        return JSON.stringify({ message, ...rest });
      });
    writeFileSync(file, `${reordered.join("\n")}\n`);
    const reopened = SessionManager.open(store, file);
    expect(reopened.getEntries()).toEqual(entries);
    reopened.close();
  });

  it("a damaged inside of a big line is reported when read, and the tree stays whole", () => {
    const { file, store, entries } = bigSession();
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    lines[3] = lines[3]!.replace('"text":"', '"text":"\u0000broken"x'); // still starts and ends like an entry
    writeFileSync(file, `${lines.join("\n")}\n`);
    const warnings: SessionWarning[] = [];
    const reopened = SessionManager.open(store, file, { onWarning: (w) => warnings.push(w) });
    expect(reopened.getEntries().map((e) => e.id)).toEqual(entries.map((e) => e.id));
    expect(warnings).toEqual([]);
    const messages = reopened.buildSessionContext().messages;
    expect(messages[2]).toMatchObject({ role: "toolResult", content: [{ type: "text", text: expect.stringContaining("could not be read") }] });
    expect(warnings).toEqual([expect.objectContaining({ code: "invalid_json", line: 4, location: file })]);
    reopened.close();
  });
});

describe("lazily parsed content", () => {
  it("a big message's other members are there at once, its content on first read, all as a full parse gives them", () => {
    const { store, file } = bigSession();
    const eager = parseJsonlBuffer(readFileSync(file), file, { lazy: false }).records.map((r) => r.value as { message?: Record<string, unknown> });
    const reopened = SessionManager.open(store, file);
    const messages = reopened.buildSessionContext().messages as unknown as Record<string, unknown>[];
    const result = messages[2]!;
    expect(Object.getOwnPropertyDescriptor(result, "content")?.get).toBeTypeOf("function");
    expect(Object.keys(result)).toEqual(Object.keys(eager[3]!.message!));
    expect({ ...result, content: undefined }).toEqual({ ...eager[3]!.message!, content: undefined });
    // reads that see every member (clone, JSON, spread) get the content too
    expect(structuredClone(messages)).toEqual(eager.slice(1).map((value) => value.message));
    expect(JSON.stringify(reopened.getEntries())).toBe(JSON.stringify(eager.slice(1)));
    expect(Object.getOwnPropertyDescriptor(result, "content")).toEqual({ value: eager[3]!.message!.content, writable: true, enumerable: true, configurable: true });
    expect(Object.getOwnPropertyDescriptor(reopened.getEntries()[2]!, "message")?.get).toBeUndefined();
    reopened.close();
  });

  it("content holding arrays of its own, or followed by a second content member, reads as a full parse reads it", () => {
    const { store, file } = bigSession();
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    const nested = JSON.parse(lines[3]!) as { message: Record<string, unknown> };
    nested.message.content = [{ type: "text", text: "x".repeat(5000) }, { type: "toolCall", id: "c", name: "n", arguments: { paths: ["a", "b"], depth: 1 } }];
    const duplicate = `${lines[3]!.slice(0, -2)},"content":[{"type":"text","text":"second"}]}}`;
    writeFileSync(file, `${[...lines.slice(0, 3), JSON.stringify(nested), duplicate.replace(/"id":"[^"]+","parentId":"[^"]+"/, `"id":"dup00001","parentId":"${String((nested as unknown as { id: string }).id)}"`)].join("\n")}\n`);
    const eager = parseJsonlBuffer(readFileSync(file), file, { lazy: false }).records.map((r) => (r.value as { message?: unknown }).message);
    const reopened = SessionManager.open(store, file);
    const messages = reopened.buildSessionContext().messages;
    expect(messages.map((message) => (message as { content: unknown }).content)).toEqual(eager.slice(1).map((message) => (message as { content: unknown }).content));
    expect((messages[3] as { content: unknown }).content).toEqual([{ type: "text", text: "second" }]);
    reopened.close();
  });

  it("content set before it was read replaces the stored one", () => {
    const { store, file } = bigSession();
    const reopened = SessionManager.open(store, file);
    const result = reopened.buildSessionContext().messages[2] as unknown as Record<string, unknown>;
    result.content = [{ type: "text", text: "replaced" }];
    expect(JSON.stringify(result)).toContain('"content":[{"type":"text","text":"replaced"}]');
    reopened.close();
  });
});

describe("lazy loading and the tree", () => {
  it("resuming after a compaction parses none of the big lines before it (listing figures included)", () => {
    const dir = tempDir();
    const store = new JsonlSessionStore({ agentDir: dir, sessionDir: dir });
    const manager = SessionManager.create(store, "/p");
    manager.appendMessage(user("early"));
    manager.appendMessage(assistant("y".repeat(50_000)));
    manager.appendMessage(toolResult("x".repeat(50_000)));
    const kept = manager.appendMessage(user("kept"));
    manager.appendCompaction("summary of early work", kept, 10);
    manager.appendMessage(assistant("later"));
    const file = manager.getSessionFile()!;
    manager.close();
    // damage the early big line: if the resume parsed it, a warning would appear
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    lines[2] = lines[2]!.replace('"text":"yy', '"text":"y"y');
    lines[3] = lines[3]!.replace('"text":"xx', '"text":"x"x');
    writeFileSync(file, `${lines.join("\n")}\n`);
    const warnings: SessionWarning[] = [];
    const reopened = SessionManager.open(store, file, { onWarning: (w) => warnings.push(w) });
    const context = reopened.buildSessionContext();
    expect(context.messages.map((m) => (m as { role: string }).role)).toEqual(["compactionSummary", "user", "assistant"]);
    expect(warnings).toEqual([]);
    reopened.close();
  });
});
