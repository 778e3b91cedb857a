import { describe, expect, it } from "vitest";
import { buildSessionContext, type SessionEntry } from "../../plugins/sessions/index.js";
import { assistant, user } from "./helpers.js";

let clock = Date.parse("2025-06-01T00:00:00.000Z");
function stamp(): string {
  clock += 1000;
  return new Date(clock).toISOString();
}

function message(id: string, parentId: string | null, text: string, role: "user" | "assistant" = "user"): SessionEntry {
  return { type: "message", id, parentId, timestamp: stamp(), message: role === "user" ? user(text) : assistant(text) };
}

function compaction(id: string, parentId: string, firstKeptEntryId: string, summary = "summary"): SessionEntry {
  return { type: "compaction", id, parentId, timestamp: stamp(), summary, firstKeptEntryId, tokensBefore: 100 };
}

const texts = (entries: readonly SessionEntry[], leaf?: string | null) =>
  buildSessionContext(entries, leaf).messages.map((m) => {
    const record = m as { role: string; content?: unknown; summary?: string };
    if (record.role === "compactionSummary" || record.role === "branchSummary") return `${record.role}:${record.summary}`;
    const content = record.content;
    return typeof content === "string" ? content : (content as { text: string }[])[0]!.text;
  });

describe("buildSessionContext", () => {
  it("is empty for no entries and for a null leaf", () => {
    expect(buildSessionContext([])).toEqual({ messages: [], thinkingLevel: "off", model: null });
    expect(buildSessionContext([message("a", null, "hi")], null)).toEqual({ messages: [], thinkingLevel: "off", model: null });
  });

  it("walks from the leaf to the root; an unknown or absent leaf means the last entry", () => {
    const entries = [message("a", null, "one"), message("b", "a", "two", "assistant"), message("c", "a", "three", "assistant")];
    expect(texts(entries, "b")).toEqual(["one", "two"]);
    expect(texts(entries)).toEqual(["one", "three"]);
    expect(texts(entries, "nonexistent")).toEqual(["one", "three"]);
  });

  it("takes the last thinking level and model on the path; an assistant message sets the model too", () => {
    const entries: SessionEntry[] = [
      { type: "thinking_level_change", id: "t1", parentId: null, timestamp: stamp(), thinkingLevel: "high" },
      { type: "model_change", id: "m1", parentId: "t1", timestamp: stamp(), provider: "openai", modelId: "gpt-5" },
      message("a", "m1", "q"),
      { type: "message", id: "b", parentId: "a", timestamp: stamp(), message: assistant("r", { provider: "anthropic", model: "claude-x" }) },
      { type: "thinking_level_change", id: "t2", parentId: "b", timestamp: stamp(), thinkingLevel: "low" },
    ];
    expect(buildSessionContext(entries)).toMatchObject({ thinkingLevel: "low", model: { provider: "anthropic", modelId: "claude-x" } });
    expect(buildSessionContext(entries, "a")).toMatchObject({ thinkingLevel: "high", model: { provider: "openai", modelId: "gpt-5" } });
  });

  it("puts the compaction summary first, then the kept entries from firstKeptEntryId, then what followed", () => {
    const entries = [
      message("a", null, "old question"),
      message("b", "a", "old answer", "assistant"),
      message("c", "b", "kept question"),
      message("d", "c", "kept answer", "assistant"),
      compaction("k", "d", "c", "the early part"),
      message("e", "k", "new question"),
    ];
    expect(texts(entries)).toEqual(["compactionSummary:the early part", "kept question", "kept answer", "new question"]);
    const summary = buildSessionContext(entries).messages[0] as { tokensBefore: number; timestamp: number };
    expect(summary.tokensBefore).toBe(100);
    expect(summary.timestamp).toBe(Date.parse(entries[4]!.timestamp));
  });

  it("keeps nothing before the compaction when firstKeptEntryId is not on the path", () => {
    const entries = [message("a", null, "q"), message("b", "a", "r", "assistant"), compaction("k", "b", "zzzz"), message("c", "k", "after")];
    expect(texts(entries)).toEqual(["compactionSummary:summary", "after"]);
  });

  it("honours only the latest compaction, whose kept span may start before an earlier compaction (pi 0.63.1+)", () => {
    const entries = [
      message("a", null, "q1"),
      message("b", "a", "r1", "assistant"),
      message("c", "b", "q2"),
      compaction("k1", "c", "b", "first"),
      message("d", "k1", "q3"),
      message("e", "d", "r3", "assistant"),
      compaction("k2", "e", "c", "second"),
      message("f", "k2", "q4"),
    ];
    // k1 itself is not replayed; its summary is superseded by k2's
    expect(texts(entries)).toEqual(["compactionSummary:second", "q2", "q3", "r3", "q4"]);
  });

  it("includes branch summaries with text and custom messages; skips empty summaries and custom entries", () => {
    const entries: SessionEntry[] = [
      message("a", null, "q"),
      { type: "branch_summary", id: "s", parentId: "a", timestamp: stamp(), fromId: "a", summary: "we went elsewhere" },
      { type: "branch_summary", id: "s2", parentId: "s", timestamp: stamp(), fromId: "s", summary: "" },
      { type: "custom", id: "x", parentId: "s2", timestamp: stamp(), customType: "state", data: { n: 1 } },
      { type: "custom_message", id: "cm", parentId: "x", timestamp: stamp(), customType: "note", content: "injected", display: true },
      { type: "label", id: "l", parentId: "cm", timestamp: stamp(), targetId: "a", label: "mark" },
      { type: "session_info", id: "i", parentId: "l", timestamp: stamp(), name: "n" },
    ];
    expect(texts(entries)).toEqual(["q", "branchSummary:we went elsewhere", "injected"]);
    const branch = buildSessionContext(entries).messages[1] as { fromId: string };
    expect(branch.fromId).toBe("a");
  });

  it("survives a parent cycle and orphaned entries without looping", () => {
    const entries = [
      { type: "message", id: "a", parentId: "b", timestamp: stamp(), message: user("a") },
      { type: "message", id: "b", parentId: "a", timestamp: stamp(), message: user("b") },
      { type: "message", id: "o", parentId: "missing", timestamp: stamp(), message: user("orphan") },
      { type: "message", id: "s", parentId: "s", timestamp: stamp(), message: user("self") },
    ] as SessionEntry[];
    expect(texts(entries, "b")).toEqual(["a", "b"]);
    expect(texts(entries, "o")).toEqual(["orphan"]);
    expect(texts(entries, "s")).toEqual(["self"]);
  });
});
