import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { JsonlSessionStore, MemorySessionStore, SessionManager, encodeCwd, type SessionEntry } from "../../plugins/sessions/index.js";
import { assistant, tempDir, toolResult, user } from "./helpers.js";

function fileLines(path: string): Record<string, unknown>[] {
  return readFileSync(path, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
}

function jsonlManager(cwd = "/work/project") {
  const agentDir = tempDir();
  const store = new JsonlSessionStore({ agentDir });
  return { store, agentDir, manager: SessionManager.create(store, cwd) };
}

describe("appending and traversing", () => {
  it("chains entries: each new entry is a child of the leaf", () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    const a = manager.appendMessage(user("one"));
    const b = manager.appendMessage(assistant("two"));
    const c = manager.appendThinkingLevelChange("high");
    expect(manager.getEntry(a)!.parentId).toBeNull();
    expect(manager.getEntry(b)!.parentId).toBe(a);
    expect(manager.getEntry(c)!.parentId).toBe(b);
    expect(manager.getLeafId()).toBe(c);
    expect(manager.getBranch().map((entry) => entry.id)).toEqual([a, b, c]);
    expect(manager.getBranch(b).map((entry) => entry.id)).toEqual([a, b]);
  });

  it("gives entries 8-hex ids and ISO timestamps", () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    for (let i = 0; i < 50; i++) manager.appendMessage(user(`m${i}`));
    const ids = manager.getEntries().map((entry) => entry.id);
    expect(new Set(ids).size).toBe(50);
    for (const entry of manager.getEntries()) {
      expect(entry.id).toMatch(/^[0-9a-f]{8}$/);
      expect(new Date(entry.timestamp).toISOString()).toBe(entry.timestamp);
    }
  });

  it("branches from an earlier entry without touching history, and getTree shows both branches oldest first", async () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    const a = manager.appendMessage(user("root"));
    const b = manager.appendMessage(assistant("first answer"));
    await new Promise((resolve) => setTimeout(resolve, 5));
    manager.branch(a);
    const c = manager.appendMessage(assistant("second answer"));
    expect(manager.getEntry(c)!.parentId).toBe(a);
    expect(manager.getEntries()).toHaveLength(3);
    const tree = manager.getTree();
    expect(tree).toHaveLength(1);
    expect(tree[0]!.children.map((node) => node.entry.id)).toEqual([b, c]);
    expect(manager.getChildren(a).map((entry) => entry.id)).toEqual([b, c]);
    expect(manager.buildSessionContext().messages.map((m) => (m as { content: unknown }).content)).toEqual([
      "root",
      [{ type: "text", text: "second answer" }],
    ]);
  });

  it("resetLeaf makes the next entry a new root", () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    manager.appendMessage(user("first"));
    manager.resetLeaf();
    expect(manager.buildSessionContext().messages).toEqual([]);
    const second = manager.appendMessage(user("again"));
    expect(manager.getEntry(second)!.parentId).toBeNull();
    expect(manager.getTree()).toHaveLength(2);
  });

  it("appendBranchSummary moves the leaf and records the leaf it left (pi 1.6.0), with the summary's usage", () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    const a = manager.appendMessage(user("q"));
    const abandoned = manager.appendMessage(assistant("abandoned"));
    const usage = assistant("x").usage;
    const summary = manager.appendBranchSummary(a, "We tried something", { readFiles: [] }, true, usage);
    const entry = manager.getEntry(summary) as Extract<SessionEntry, { type: "branch_summary" }>;
    expect(entry).toMatchObject({ parentId: a, fromId: abandoned, summary: "We tried something", fromHook: true, usage });
    expect(manager.getLeafId()).toBe(summary);
    const rootSummary = manager.getEntry(manager.appendBranchSummary(null, "from the top")) as { parentId: unknown; fromId: unknown };
    expect(rootSummary).toMatchObject({ parentId: null, fromId: summary });
    const empty = SessionManager.create(new MemorySessionStore(), "/p");
    expect(empty.getEntry(empty.appendBranchSummary(null, "nothing yet"))).toMatchObject({ fromId: "root" });
  });

  it("refuses to branch, label or summarize at an unknown entry, naming it", () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    expect(() => manager.branch("deadbeef")).toThrow(/Entry deadbeef not found/);
    expect(() => manager.setLabel("deadbeef", "x")).toThrow(expect.objectContaining({ code: "SESSION_ENTRY_NOT_FOUND" }));
    expect(() => manager.appendBranchSummary("deadbeef", "s")).toThrow(/deadbeef/);
  });

  it("refuses summary messages through appendMessage", () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    expect(() => manager.appendMessage({ role: "compactionSummary", summary: "s", tokensBefore: 1, timestamp: 0 })).toThrow(
      expect.objectContaining({ code: "SESSION_BAD_MESSAGE" }),
    );
  });
});

describe("custom entries, labels and names", () => {
  it("keeps custom entries in the tree but out of the context; custom messages join it", () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    manager.appendMessage(user("hi"));
    const custom = manager.appendCustomEntry("my-ext", { count: 1 });
    manager.appendCustomMessage("note", "a plugin note", false, { why: "test" });
    expect(manager.getEntry(custom)).toMatchObject({ type: "custom", customType: "my-ext", data: { count: 1 } });
    expect(manager.getBranch().map((entry) => entry.type)).toEqual(["message", "custom", "custom_message"]);
    const messages = manager.buildSessionContext().messages;
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ role: "custom", customType: "note", content: "a plugin note", display: false, details: { why: "test" } });
  });

  it("sets, replaces and clears labels; the last one wins and carries its timestamp; labels stay out of the context", async () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    const a = manager.appendMessage(user("hi"));
    manager.setLabel(a, "first");
    await new Promise((resolve) => setTimeout(resolve, 3));
    const second = manager.setLabel(a, "second");
    expect(manager.getLabel(a)).toBe("second");
    const node = manager.getTree()[0]!;
    expect(node.label).toBe("second");
    expect(node.labelTimestamp).toBe(manager.getEntry(second)!.timestamp);
    expect(manager.buildSessionContext().messages).toHaveLength(1);
    manager.setLabel(a, undefined);
    expect(manager.getLabel(a)).toBeUndefined();
    expect(manager.getTree()[0]!.label).toBeUndefined();
    manager.setLabel(a, "back");
    manager.setLabel(a, "");
    expect(manager.getLabel(a)).toBeUndefined();
  });

  it("takes the session name from the LAST session_info entry, trimmed; an empty name clears it", () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    expect(manager.getSessionName()).toBeUndefined();
    manager.setSessionName("  Refactor  ");
    expect(manager.getSessionName()).toBe("Refactor");
    manager.setSessionName("Second");
    expect(manager.getSessionName()).toBe("Second");
    manager.setSessionName("   ");
    expect(manager.getSessionName()).toBeUndefined();
  });
});

describe("the session file", () => {
  it("writes nothing before the first user message, then the header and everything buffered (pi 1.6.0)", () => {
    const { manager } = jsonlManager();
    const file = manager.getSessionFile()!;
    manager.appendModelChange("anthropic", "claude-test");
    manager.appendThinkingLevelChange("off");
    manager.appendMessage({ role: "system", content: "", sections: { preamble: "You are pith." }, timestamp: 1 });
    expect(existsSync(file)).toBe(false);
    manager.appendMessage(user("hello"));
    expect(fileLines(file).map((line) => line.type)).toEqual(["session", "model_change", "thinking_level_change", "message", "message"]);
    manager.appendMessage(assistant("hi"));
    manager.appendMessage(toolResult("done"));
    const lines = fileLines(file);
    expect(lines.map((line) => line.type)).toEqual(["session", "model_change", "thinking_level_change", "message", "message", "message", "message"]);
    expect(lines[0]).toEqual({ type: "session", version: 3, id: manager.getSessionId(), timestamp: manager.getHeader().timestamp, cwd: "/work/project" });
    manager.close();
  });

  it("places the file at <agentDir>/sessions/--<cwd>--/<timestamp>_<uuidv7>.jsonl", () => {
    const { manager, agentDir } = jsonlManager("/home/u/my proj");
    const file = manager.getSessionFile()!;
    expect(dirname(file)).toBe(join(agentDir, "sessions", encodeCwd("/home/u/my proj")));
    expect(dirname(file)).toBe(join(agentDir, "sessions", "--home-u-my proj--"));
    const stamp = manager.getHeader().timestamp.replace(/[:.]/g, "-");
    expect(file.endsWith(`${stamp}_${manager.getSessionId()}.jsonl`)).toBe(true);
    expect(manager.getSessionId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("uses a caller-chosen session id", () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p", { id: "my-custom-id" });
    expect(manager.getSessionId()).toBe("my-custom-id");
    manager.newSession({ id: "another-id" });
    expect(manager.getSessionId()).toBe("another-id");
    expect(manager.getEntries()).toEqual([]);
  });

  it("reopens a written session with the same entries, leaf, labels and name", () => {
    const { store, manager } = jsonlManager();
    const a = manager.appendMessage(user("hello"));
    manager.appendMessage(assistant("hi"));
    manager.setLabel(a, "start");
    manager.setSessionName("Greeting");
    const file = manager.getSessionFile()!;
    manager.close();
    const reopened = SessionManager.open(store, file);
    expect(reopened.getEntries()).toEqual(manager.getEntries());
    expect(reopened.getLeafId()).toBe(manager.getLeafId());
    expect(reopened.getLabel(a)).toBe("start");
    expect(reopened.getSessionName()).toBe("Greeting");
    expect(reopened.getCwd()).toBe("/work/project");
    expect(reopened.getWarnings()).toEqual([]);
    reopened.close();
  });

  it("opening a path that does not exist starts a new session to be stored at exactly that path", () => {
    const store = new JsonlSessionStore({ agentDir: tempDir() });
    const path = join(tempDir(), "chosen.jsonl");
    const manager = SessionManager.open(store, path, { cwdOverride: "/x" });
    expect(manager.getSessionFile()).toBe(path);
    manager.appendMessage(user("q"));
    manager.appendMessage(assistant("a"));
    expect(fileLines(path)[0]).toMatchObject({ type: "session", cwd: "/x" });
    manager.close();
  });

  it("preserves fields it does not know (responseModel, diagnostics, future fields) byte for byte", () => {
    const { store, manager } = jsonlManager();
    const message = assistant("routed", {
      responseModel: "claude-test-20250101",
      responseId: "resp_1",
      diagnostics: [{ type: "retry", timestamp: 5, error: { message: "overloaded", code: "529" }, details: { attempt: 1 } }],
    });
    (message as unknown as Record<string, unknown>).futureField = { nested: [1, 2] };
    manager.appendMessage(user("q"));
    manager.appendMessage(message);
    const file = manager.getSessionFile()!;
    manager.close();
    const reopened = SessionManager.open(store, file);
    const stored = (reopened.getLeafEntry() as Extract<SessionEntry, { type: "message" }>).message;
    expect(stored).toEqual(message);
    expect(JSON.stringify(stored)).toBe(JSON.stringify(message));
    reopened.close();
  });
});

describe("fork, clone and forkFrom", () => {
  function conversation(manager: SessionManager) {
    const u1 = manager.appendMessage(user("first question"));
    const a1 = manager.appendMessage(assistant("first answer"));
    const u2 = manager.appendMessage(user("second question"));
    const a2 = manager.appendMessage(assistant("second answer"));
    return { u1, a1, u2, a2 };
  }

  it("forks before a user message: new file with the path up to its parent, parentSession, the text returned", () => {
    const { manager, store } = jsonlManager();
    const { u1, a1, u2 } = conversation(manager);
    manager.setLabel(u1, "origin");
    const oldFile = manager.getSessionFile()!;
    const result = manager.fork(u2, "before");
    expect(result.selectedText).toBe("second question");
    expect(result.sessionFile).not.toBe(oldFile);
    expect(manager.getHeader().parentSession).toBe(oldFile);
    expect(manager.getBranch().filter((e) => e.type === "message").map((e) => e.id)).toEqual([u1, a1]);
    // stored at once, since the path holds an assistant message; the label was carried over
    const lines = fileLines(result.sessionFile!);
    expect(lines[0]).toMatchObject({ type: "session", parentSession: oldFile });
    expect(lines.filter((line) => line.type === "label")).toEqual([expect.objectContaining({ targetId: u1, label: "origin" })]);
    manager.close();
    expect(SessionManager.open(store, result.sessionFile!).getLabel(u1)).toBe("origin");
  });

  it("copies labels with their original timestamps", () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    const { u1, a2 } = conversation(manager);
    const labelId = manager.setLabel(u1, "keep");
    const stamp = manager.getEntry(labelId)!.timestamp;
    manager.fork(a2, "at");
    expect(manager.getTree()[0]!.labelTimestamp).toBe(stamp);
  });

  it("forks at any entry, keeping it, without returning text", () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    const { a1 } = conversation(manager);
    const result = manager.fork(a1, "at");
    expect(result.selectedText).toBeUndefined();
    expect(manager.getLeafId()).toBe(a1);
    expect(manager.getEntries()).toHaveLength(2);
  });

  it("refuses fork before a non-user entry and an unknown entry", () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    const { a1 } = conversation(manager);
    expect(() => manager.fork(a1, "before")).toThrow(expect.objectContaining({ code: "SESSION_FORK_INVALID" }));
    expect(() => manager.fork("nothere", "at")).toThrow(expect.objectContaining({ code: "SESSION_ENTRY_NOT_FOUND" }));
  });

  it("forking before the first message starts an empty session that remembers its parent", () => {
    const { manager } = jsonlManager();
    const { u1 } = conversation(manager);
    const oldFile = manager.getSessionFile()!;
    const result = manager.fork(u1, "before");
    expect(result.selectedText).toBe("first question");
    expect(manager.getEntries()).toEqual([]);
    expect(manager.getHeader().parentSession).toBe(oldFile);
    expect(existsSync(result.sessionFile!)).toBe(false);
    manager.close();
  });

  it("writes a forked path with a user message at once, and keeps one without any in memory until one arrives", () => {
    const { manager } = jsonlManager();
    const u1 = manager.appendMessage(user("only a question"));
    manager.appendCustomEntry("state", 1);
    const result = manager.fork(manager.getLeafId()!, "at");
    expect(fileLines(result.sessionFile!).map((line) => line.type)).toEqual(["session", "message", "custom"]);
    expect(manager.getEntries().map((entry) => entry.id)[0]).toBe(u1);
    manager.appendMessage(assistant("answer"));
    expect(fileLines(result.sessionFile!).map((line) => line.type)).toEqual(["session", "message", "custom", "message"]);

    const bare = SessionManager.create(manager.store, "/work/project");
    bare.appendModelChange("mock", "m");
    const forked = bare.fork(bare.getLeafId()!, "at");
    expect(existsSync(forked.sessionFile!)).toBe(false);
    bare.appendMessage(user("now it is a conversation"));
    expect(fileLines(forked.sessionFile!).map((line) => line.type)).toEqual(["session", "model_change", "message"]);
    bare.close();
    manager.close();
  });

  it("clones the current branch into a new file", () => {
    const { manager } = jsonlManager();
    const { a1, u2 } = conversation(manager);
    manager.branch(a1);
    const other = manager.appendMessage(user("other branch"));
    const before = manager.getBranch().map((entry) => entry.id);
    const result = manager.clone();
    expect(manager.getBranch().map((entry) => entry.id)).toEqual(before);
    expect(manager.getEntry(u2)).toBeUndefined();
    expect(fileLines(result.sessionFile!).slice(1).map((line) => line.id)).toEqual(before);
    expect(manager.getLeafId()).toBe(other);
    manager.close();
  });

  it("clone after a label keeps the whole branch: entries that hung from the label hang from the entry before it (pi 1.6.0)", () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    const { u2, a2 } = conversation(manager);
    manager.setLabel(u2, "here");
    // kept from the label: the copy keeps from the entry that follows it
    const compaction = manager.appendCompaction("summary", manager.getLeafId(), 10);
    manager.appendMessage(user("after the label"));
    const contextBefore = manager.buildSessionContext().messages.length;
    manager.clone();
    expect(manager.getBranch().map((entry) => entry.type)).toEqual(["message", "message", "message", "message", "compaction", "message", "label"]);
    expect(manager.getEntry(compaction)).toMatchObject({ parentId: a2, firstKeptEntryId: compaction });
    expect(manager.buildSessionContext().messages).toHaveLength(contextBefore);
    expect(manager.getLabel(u2)).toBe("here");
  });

  it("in memory, fork replaces the entries and sets no parentSession", () => {
    const manager = SessionManager.create(new MemorySessionStore(), "/p");
    const { u2 } = conversation(manager);
    const result = manager.fork(u2);
    expect(result.sessionFile).toBeUndefined();
    expect(manager.getHeader().parentSession).toBeUndefined();
    expect(manager.getEntries()).toHaveLength(2);
  });

  it("forkFrom copies every entry verbatim into the target project with a new header", () => {
    const agentDir = tempDir();
    const store = new JsonlSessionStore({ agentDir });
    const source = SessionManager.create(store, "/projects/a");
    const { u1 } = conversation(source);
    source.branch(u1);
    source.appendMessage(assistant("alternative"));
    const sourceFile = source.getSessionFile()!;
    source.close();

    const copy = SessionManager.forkFrom(store, sourceFile, "/projects/b");
    const copyFile = copy.getSessionFile()!;
    expect(dirname(copyFile)).toBe(join(agentDir, "sessions", "--projects-b--"));
    const lines = fileLines(copyFile);
    expect(lines[0]).toMatchObject({ type: "session", version: 3, cwd: "/projects/b", parentSession: sourceFile });
    expect(lines[0]!.id).not.toBe(source.getSessionId());
    expect(lines.slice(1)).toEqual(fileLines(sourceFile).slice(1));
    expect(copy.getCwd()).toBe("/projects/b");
    copy.close();
    expect(readdirSync(dirname(copyFile)).filter((name) => name.endsWith(".jsonl"))).toHaveLength(1);
  });

  it("forkFrom refuses a missing or header-less source with the path in the message", () => {
    const dir = tempDir();
    const store = new JsonlSessionStore({ agentDir: dir });
    expect(() => SessionManager.forkFrom(store, join(dir, "none.jsonl"), "/x")).toThrow(/none\.jsonl/);
  });
});
