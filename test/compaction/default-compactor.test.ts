// pith's compactor with a summarise function written in the test: prompts, split turns, updates, file lists.
import { describe, expect, it } from "vitest";
import type { AgentMessage } from "../../kernel/index.js";
import {
  defaultCompactor,
  fileLists,
  fileListsText,
  prepareCompaction,
  estimateTextTokens,
  serializeConversation,
  SUMMARY_SYSTEM_PROMPT,
  withoutFileLists,
  type CompactionRequest,
  type SummaryRequest,
} from "../../plugins/compaction/index.js";
import { scriptedModel } from "../../sdk/testing/index.js";
import { asciiTokens, assistant, branchOf, toolResult, user } from "./fixtures.js";

function turns(count: number): AgentMessage[] {
  const messages: AgentMessage[] = [];
  for (let turn = 1; turn <= count; turn++) {
    messages.push(user(`request ${turn} ${asciiTokens(100)}`));
    messages.push(assistant(asciiTokens(100), { toolCalls: [{ id: `c${turn}`, name: turn % 2 ? "read" : "write", arguments: { path: `f${turn}.ts` } }] }));
    messages.push(toolResult(`c${turn}`, asciiTokens(100)));
    messages.push(assistant(`answer ${turn} ${asciiTokens(100)}`));
  }
  return messages;
}

function requestFor(messages: AgentMessage[], keepRecentTokens: number, summarize: (request: SummaryRequest) => Promise<string>, extra: Partial<CompactionRequest> = {}) {
  const { entries, manager } = branchOf(messages);
  const settings = { enabled: true, reserveTokens: 1000, keepRecentTokens, branchReserveTokens: 1000 };
  const preparation = prepareCompaction(entries, settings)!;
  const request: CompactionRequest = {
    reason: "manual",
    branchEntries: entries,
    messages,
    preparation,
    settings,
    model: scriptedModel(),
    summarize,
    estimateTokens: () => 0,
    signal: new AbortController().signal,
    ...extra,
  };
  return { request, manager };
}

describe("default compactor", () => {
  it("asks for the structured checkpoint over the serialised history and appends the file lists", async () => {
    const asked: SummaryRequest[] = [];
    const { request } = requestFor(turns(3), 400, async (summary) => {
      asked.push(summary);
      return "## Goal\nship it";
    });
    const result = await defaultCompactor.compact({ ...request, customInstructions: "focus on tests" });

    expect(asked).toHaveLength(1);
    const prompt = asked[0]!.prompt;
    expect(prompt.startsWith("<conversation>\n[User]: request 1")).toBe(true);
    for (const section of ["## Goal", "## Constraints & Preferences", "## Progress", "### Done", "### In Progress", "### Blocked", "## Key Decisions", "## Next Steps", "## Critical Context"]) {
      expect(prompt).toContain(section);
    }
    expect(prompt).not.toContain("<previous-summary>");
    expect(prompt.endsWith("Additional focus: focus on tests")).toBe(true);
    expect(asked[0]!.maxTokens).toBe(800);
    expect(result.summary).toBe("## Goal\nship it\n\n<read-files>\nf1.ts\n</read-files>\n\n<modified-files>\nf2.ts\n</modified-files>");
    expect(result.details).toEqual({ readFiles: ["f1.ts"], modifiedFiles: ["f2.ts"] });
    expect(result.firstKeptEntryId).toBe(request.preparation.firstKeptEntryId);
    expect(result.tokensBefore).toBe(request.preparation.tokensBefore);
  });

  it("summarises a split turn's history, then its beginning (with the focus), as pi 1.6.0 asks, and merges them", async () => {
    const pending: { request: SummaryRequest; answer: (text: string) => void }[] = [];
    const { request } = requestFor(turns(3), 200, (summary) => new Promise((resolve) => pending.push({ request: summary, answer: resolve })), { customInstructions: "focus on tests" });
    const compaction = defaultCompactor.compact(request);
    await new Promise((resolve) => setTimeout(resolve, 0));

    // the history is asked for alone; the turn's beginning only once it is answered
    expect(pending).toHaveLength(1);
    const [history] = pending;
    expect(history!.request.prompt).toContain("## Goal");
    history!.answer("HISTORY");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pending).toHaveLength(2);
    const prefix = pending[1]!;
    expect(prefix.request.prompt).toContain("## Original Request");
    expect(prefix.request.prompt).toContain("[User]: request 3");
    expect(prefix.request.prompt.endsWith("Additional focus: focus on tests")).toBe(true);
    expect(prefix.request.maxTokens).toBe(500);
    prefix.answer("PREFIX");
    const result = await compaction;
    expect(result.summary.startsWith("HISTORY\n\n---\n\n**Turn Context (split turn):**\n\nPREFIX")).toBe(true);
  });

  it("updates the previous summary instead of rewriting it", async () => {
    const messages = turns(3);
    const { manager } = branchOf(messages);
    const firstKept = manager.getBranch()[8]!.id;
    manager.appendCompaction("## Goal\nold goal\n\n<read-files>\nold.ts\n</read-files>", firstKept, 9000, { readFiles: ["old.ts"], modifiedFiles: [] }, false);
    for (const message of turns(2)) manager.appendMessage(message);
    const entries = manager.getBranch();
    const settings = { enabled: true, reserveTokens: 1000, keepRecentTokens: 400, branchReserveTokens: 1000 };
    const asked: string[] = [];
    const result = await defaultCompactor.compact({
      reason: "threshold",
      branchEntries: entries,
      messages: [],
      preparation: prepareCompaction(entries, settings)!,
      settings,
      model: scriptedModel(),
      summarize: async ({ prompt }) => {
        asked.push(prompt);
        return "## Goal\nold goal, new step";
      },
      estimateTokens: () => 0,
      signal: new AbortController().signal,
    });
    expect(asked[0]).toContain("<previous-summary>\n## Goal\nold goal\n</previous-summary>");
    expect(asked[0]).toContain("came AFTER the checkpoint");
    // the kept turn of the first compaction is part of the update
    expect(asked[0]).toContain("[User]: request 3");
    // read by the new messages and by the first compaction; the write of f2.ts is in the kept turn
    expect(result.details).toEqual({ readFiles: ["f1.ts", "f3.ts", "old.ts"], modifiedFiles: [] });
  });

  it("fits a history longer than the summarising model's window: the opening request and the newest messages, with a note", async () => {
    // regression: 9,000 messages of a resumed session went into one summary request of 1.7M tokens for a 200k window
    const asked: SummaryRequest[] = [];
    const window = 6000;
    const { request } = requestFor(turns(40), 400, async (summary) => {
      asked.push(summary);
      return "## Goal\nfit";
    }, { summaryContextWindow: window });
    await defaultCompactor.compact(request);

    const { prompt, maxTokens } = asked[0]!;
    expect(estimateTextTokens(SUMMARY_SYSTEM_PROMPT + prompt) + maxTokens).toBeLessThanOrEqual(window);
    expect(prompt.startsWith("<conversation>\n[User]: request 1 ")).toBe(true);
    expect(prompt).toMatch(/\[\.\.\. \d+ earlier messages omitted: the conversation is longer than the summarising model's context window \.\.\.\]/);
    expect(prompt).not.toContain("[User]: request 2 ");
    // the newest summarised turn is there, word for word
    const last = request.preparation.messagesToSummarize.at(-1)!;
    expect(prompt).toContain(serializeConversation([last]));
    // without a window nothing is left out
    const unlimited = requestFor(turns(40), 400, async (summary) => {
      asked.push(summary);
      return "## Goal\nall";
    }, { model: scriptedModel({ contextWindow: 0 }) });
    await defaultCompactor.compact(unlimited.request);
    expect(asked[1]!.prompt).toContain("[User]: request 2 ");
    expect(asked[1]!.prompt).not.toContain("omitted");
  });

  it("refuses when everything fits the kept part: no preparation (pi's 'too small'), and a hand-made empty one is refused", async () => {
    const settings = { enabled: true, reserveTokens: 1000, keepRecentTokens: 100_000 };
    expect(prepareCompaction(branchOf(turns(1)).entries, settings)).toBeUndefined();
    const { request } = requestFor(turns(3), 400, async () => "unused");
    const empty = { ...request.preparation, messagesToSummarize: [], turnPrefixMessages: [], isSplitTurn: false };
    await expect(defaultCompactor.compact({ ...request, preparation: empty })).rejects.toMatchObject({ code: "COMPACTION_NOTHING_TO_DO" });
  });

  it("passes a summary failure on", async () => {
    const { request } = requestFor(turns(3), 400, async () => {
      throw new Error("model down");
    });
    await expect(defaultCompactor.compact(request)).rejects.toThrow("model down");
  });
});

describe("serialisation and file lists", () => {
  it("labels each part and truncates long tool output", () => {
    const text = serializeConversation([
      user("hi"),
      { ...assistant("let me look", { toolCalls: [{ id: "c", name: "read", arguments: { path: "a.ts", offset: 2 } }] }), content: [{ type: "thinking", thinking: "hmm" }, { type: "text", text: "let me look" }, { type: "toolCall", id: "c", name: "read", arguments: { path: "a.ts", offset: 2 } }] },
      toolResult("c", "x".repeat(2100)),
      { role: "bashExecution", command: "ls", output: "a.ts", exitCode: 0, cancelled: false, truncated: false, timestamp: 1 },
    ]);
    expect(text).toBe(
      [
        "[User]: hi",
        "[Assistant thinking]: hmm",
        "[Assistant]: let me look",
        '[Assistant tool calls]: read(path="a.ts", offset=2)',
        `[Tool result]: ${"x".repeat(2000)}\n\n[... 100 more characters truncated]`,
        "[User]: Ran `ls`\n```\na.ts\n```",
      ].join("\n\n"),
    );
  });

  it("cuts the newest message itself when it alone is longer than the budget", () => {
    const text = serializeConversation([user("first"), user(asciiTokens(50)), user(`newest ${asciiTokens(1000)}`)], 200);
    expect(estimateTextTokens(text)).toBeLessThanOrEqual(200);
    expect(text).toMatch(/^\[User\]: first\n\n\[\.\.\. 1 earlier message omitted[^\]]*\]\n\n\[User\]: newest a+\n\n\[\.\.\. \d+ more characters truncated\]$/);
  });

  it("lists read-only files and changed files separately, and strips the lists from a summary", () => {
    const lists = fileLists({ read: new Set(["b.ts", "a.ts", "c.ts"]), written: new Set(["c.ts"]), edited: new Set(["d.ts"]) });
    expect(lists).toEqual({ readFiles: ["a.ts", "b.ts"], modifiedFiles: ["c.ts", "d.ts"] });
    const text = `summary${fileListsText(lists)}`;
    expect(withoutFileLists(text)).toBe("summary");
    expect(fileListsText({ readFiles: [], modifiedFiles: [] })).toBe("");
    expect(withoutFileLists("no lists <read-files> mentioned inline")).toBe("no lists <read-files> mentioned inline");
  });
});
