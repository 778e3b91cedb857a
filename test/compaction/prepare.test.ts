// The cut point and the preparation, over branches built by the real session manager.
import { describe, expect, it } from "vitest";
import type { AgentMessage } from "../../kernel/index.js";
import { findCutPoint, prepareCompaction, type CompactionBudget } from "../../plugins/compaction/index.js";
import { asciiTokens, assistant, branchOf, toolResult, user } from "./fixtures.js";

const budget = (keepRecentTokens: number): CompactionBudget => ({ enabled: true, reserveTokens: 1000, keepRecentTokens });
const roles = (messages: AgentMessage[]) => messages.map((message) => (message as { role: string }).role);

/** Three turns: user, assistant with a read call, its result, final assistant; ~100 estimated tokens each message. */
function threeTurns(): AgentMessage[] {
  const messages: AgentMessage[] = [];
  for (const turn of [1, 2, 3]) {
    messages.push(user(`turn ${turn} ${asciiTokens(100)}`));
    messages.push(assistant(asciiTokens(100), { toolCalls: [{ id: `c${turn}`, name: turn === 2 ? "edit" : "read", arguments: { path: `src/f${turn}.ts` } }] }));
    messages.push(toolResult(`c${turn}`, asciiTokens(100)));
    messages.push(assistant(`done ${turn} ${asciiTokens(100)}`));
  }
  return messages;
}

describe("a branch read through its context edits (pi 1.6.0's projection)", () => {
  /** A first turn, then a prompt over the budget whose reply failed and was hidden, as overflow recovery leaves it. */
  function hiddenAttempt() {
    const { manager, ids } = branchOf([user(`first ${asciiTokens(100)}`), assistant("answered"), user(`too long ${asciiTokens(600)}`), assistant("")]);
    manager.appendContextEdit(ids[3]!, null);
    return { manager, ids };
  }

  it("moves the cut past a prompt over the budget whose reply was hidden: the prompt becomes a split turn's start", () => {
    const { manager, ids } = hiddenAttempt();
    const preparation = prepareCompaction(manager.getBranch(), budget(300))!;
    expect(preparation).toMatchObject({ firstKeptEntryId: ids[3], isSplitTurn: true });
    expect(roles(preparation.messagesToSummarize)).toEqual(["user", "assistant"]);
    expect(preparation.turnPrefixMessages).toEqual([expect.objectContaining({ role: "user", content: expect.stringMatching(/^too long/) })]);
  });

  it("counts the whole context for tokensBefore when the last reported usage came before the edit, as pi 1.6.0 does", () => {
    const { manager, ids } = branchOf([user(`first ${asciiTokens(300)}`), assistant("answered", { usage: { input: 5, output: 5 } }), user(`too long ${asciiTokens(600)}`), assistant("")]);
    const usageTrusted = prepareCompaction(manager.getBranch(), budget(300))!.tokensBefore;
    manager.appendContextEdit(ids[3]!, null);
    const afterEdit = prepareCompaction(manager.getBranch(), budget(300))!.tokensBefore;
    // the usage's 10 tokens for the first turn, then the whole first turn estimated (about 300 tokens more)
    expect(usageTrusted).toBeLessThan(700);
    expect(afterEdit).toBeGreaterThan(usageTrusted + 250);
    // a reply reporting usage after the edit is trusted again
    manager.appendMessage(user("again"));
    manager.appendMessage(assistant("fine", { usage: { input: 50, output: 5 } }));
    expect(prepareCompaction(manager.getBranch(), budget(1))!.tokensBefore).toBe(55);
  });

  it("does not move it when something after the prompt is still seen, or an edit rewrites what the reply answered", () => {
    const visibleAfter = hiddenAttempt().manager;
    visibleAfter.appendMessage(user("and one more thing"));
    expect(prepareCompaction(visibleAfter.getBranch(), budget(300))).toMatchObject({ isSplitTurn: false, turnPrefixMessages: [] });

    const rewritten = hiddenAttempt();
    rewritten.manager.appendContextEdit(rewritten.ids[2]!, { content: `shorter ${asciiTokens(500)}` });
    const preparation = prepareCompaction(rewritten.manager.getBranch(), budget(300))!;
    expect(preparation).toMatchObject({ firstKeptEntryId: rewritten.ids[2], isSplitTurn: false });
  });

  it("summarises hidden messages not at all and replaced ones as they now read", () => {
    const { manager, ids } = branchOf([user("secret plan"), assistant("noted"), user(`second ${asciiTokens(100)}`), assistant(asciiTokens(100))]);
    manager.appendContextEdit(ids[0]!, { content: "public plan" });
    manager.appendContextEdit(ids[1]!, null);
    const preparation = prepareCompaction(manager.getBranch(), budget(150))!;
    expect(preparation.firstKeptEntryId).toBe(ids[2]);
    expect(preparation.messagesToSummarize).toEqual([expect.objectContaining({ role: "user", content: "public plan" })]);
  });
});

describe("findCutPoint", () => {
  it("keeps whole turns when the budget ends on a user message", () => {
    const { entries } = branchOf(threeTurns());
    // the last turn is ~4 x 105 tokens: a budget of 400 is reached at its user message
    const cut = findCutPoint(entries, 0, entries.length, 400);
    expect(cut).toEqual({ firstKeptIndex: 8, turnStartIndex: undefined, isSplitTurn: false });
  });

  it("never starts the kept part at a tool result: it moves on to the next message", () => {
    const { entries } = branchOf(threeTurns());
    // 200 tokens are reached at the last tool result (index 10): the cut moves to the final assistant (11)
    const cut = findCutPoint(entries, 0, entries.length, 200);
    expect(cut.firstKeptIndex).toBe(11);
    expect(cut.isSplitTurn).toBe(true);
    expect(cut.turnStartIndex).toBe(8);
    // whatever the budget, the message kept first is never a tool result
    for (let keep = 1; keep < 1500; keep += 37) {
      const { firstKeptIndex } = findCutPoint(entries, 0, entries.length, keep);
      const entry = entries[firstKeptIndex]!;
      expect(entry.type === "message" && entry.message.role === "toolResult").toBe(false);
    }
  });

  it("keeps everything from the first message when the budget is never reached", () => {
    const { entries } = branchOf(threeTurns());
    expect(findCutPoint(entries, 0, entries.length, 1_000_000)).toEqual({ firstKeptIndex: 0, turnStartIndex: undefined, isSplitTurn: false });
  });

  it("keeps a settings change made just before the cut with the kept part, and it does not make the turn split", () => {
    const { manager } = branchOf(threeTurns().slice(0, 8));
    manager.appendModelChange("scripted", "other-model");
    manager.appendMessage(user(`turn 3 ${asciiTokens(100)}`));
    manager.appendMessage(assistant(asciiTokens(300)));
    const entries = manager.getBranch();
    const cut = findCutPoint(entries, 0, entries.length, 400);
    expect(entries[cut.firstKeptIndex]!.type).toBe("model_change");
    expect(cut.isSplitTurn).toBe(false);
  });
});

describe("prepareCompaction", () => {
  it("splits the branch at the cut and collects the files the summarised part read and changed", () => {
    const { entries, ids } = branchOf(threeTurns());
    const preparation = prepareCompaction(entries, budget(400))!;
    expect(preparation.firstKeptEntryId).toBe(ids[8]);
    expect(roles(preparation.messagesToSummarize)).toEqual(["user", "assistant", "toolResult", "assistant", "user", "assistant", "toolResult", "assistant"]);
    expect(preparation.turnPrefixMessages).toEqual([]);
    expect(preparation.isSplitTurn).toBe(false);
    expect(preparation.previousSummary).toBeUndefined();
    expect([...preparation.fileOps.read]).toEqual(["src/f1.ts"]);
    expect([...preparation.fileOps.edited]).toEqual(["src/f2.ts"]);
    expect(preparation.tokensBefore).toBeGreaterThan(1200);
    expect(preparation.settings.keepRecentTokens).toBe(400);
  });

  it("hands over the early part of a split turn separately", () => {
    const { entries, ids } = branchOf(threeTurns());
    const preparation = prepareCompaction(entries, budget(200))!;
    expect(preparation.isSplitTurn).toBe(true);
    expect(preparation.firstKeptEntryId).toBe(ids[11]);
    expect(roles(preparation.messagesToSummarize)).toHaveLength(8);
    expect(roles(preparation.turnPrefixMessages)).toEqual(["user", "assistant", "toolResult"]);
    expect([...preparation.fileOps.read].sort()).toEqual(["src/f1.ts", "src/f3.ts"]);
  });

  it("a second compaction starts at the first one's kept part, updates its summary and carries its file lists", () => {
    const { manager, ids } = branchOf(threeTurns());
    manager.appendCompaction("first summary", ids[8]!, 5000, { readFiles: ["old/read.ts"], modifiedFiles: ["old/changed.ts"] }, false);
    for (const message of threeTurns().slice(0, 4)) manager.appendMessage(message);
    const preparation = prepareCompaction(manager.getBranch(), budget(400))!;
    expect(preparation.previousSummary).toBe("first summary");
    // the kept turn of the first compaction is summarised now; the compaction entry itself is not a message
    expect(roles(preparation.messagesToSummarize)).toEqual(["user", "assistant", "toolResult", "assistant"]);
    expect((preparation.messagesToSummarize[0] as { content: string }).content).toMatch(/^turn 3/);
    expect([...preparation.fileOps.read].sort()).toEqual(["old/read.ts", "src/f3.ts"]);
    expect([...preparation.fileOps.edited]).toEqual(["old/changed.ts"]);
  });

  it("ignores the file lists of a compaction a plugin supplied", () => {
    const { manager, ids } = branchOf(threeTurns());
    manager.appendCompaction("plugin summary", ids[8]!, 5000, { readFiles: ["not/ours.ts"] }, true);
    manager.appendMessage(user(asciiTokens(500)));
    const preparation = prepareCompaction(manager.getBranch(), budget(100))!;
    expect(preparation.fileOps.read.has("not/ours.ts")).toBe(false);
  });

  it("has nothing to prepare right after a compaction or on an empty branch", () => {
    const { manager, ids } = branchOf(threeTurns());
    expect(prepareCompaction([], budget(400))).toBeUndefined();
    manager.appendCompaction("s", ids[8]!, 1, undefined, false);
    expect(prepareCompaction(manager.getBranch(), budget(400))).toBeUndefined();
  });
});
