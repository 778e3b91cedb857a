// The compaction plugin in a real session with the scripted provider and the sessions plugin.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentMessage, AssistantMessage, PithPlugin } from "../../kernel/index.js";
import type { Compactor, CompactionService } from "../../plugins/compaction/index.js";
import { OVERFLOW_RETRY_FAILED } from "../../plugins/compaction/index.js";
import { asciiTokens } from "./fixtures.js";
import { compactionSession, fileLines, rolesOf, routed, summaryPromptOf } from "./harness.js";

const smallWindow = { compaction: { reserveTokens: 1000, keepRecentTokens: 300 } };

/** A reply reporting that its request held `input` tokens. */
const reply = (text: string, input: number) => ({ text, usage: { input, output: 100 } });

describe("threshold compaction", () => {
  it("compacts after the run that crossed contextWindow - reserveTokens, and the next request carries summary + kept messages", async () => {
    const harness = await compactionSession({
      settings: smallWindow,
      steps: routed([reply("one", 1000), reply("two", 2000), reply("three", 3000), reply("four", 900)]),
    });
    const { session } = harness;
    await session.prompt(`first ${asciiTokens(400)}`);
    await session.prompt(`second ${asciiTokens(400)}`);
    expect(harness.of("compaction_start")).toEqual([]);
    await session.prompt(`third ${asciiTokens(400)}`);

    expect(harness.of("compaction_start")).toEqual([{ type: "compaction_start", reason: "threshold" }]);
    const [end] = harness.of("compaction_end");
    expect(end).toMatchObject({ reason: "threshold", aborted: false, willRetry: false });
    expect(end!.result!.summary).toBe("## Goal\nsummarised");
    expect(rolesOf(session.messages)).toEqual(["compactionSummary", "user", "assistant"]);

    // the summary request serialised the two older turns
    const [summaryRequest] = harness.summaryRequests();
    expect(summaryPromptOf(summaryRequest!)).toContain("[User]: first");
    expect(summaryPromptOf(summaryRequest!)).toContain("[Assistant]: two");
    expect(summaryPromptOf(summaryRequest!)).not.toContain("[User]: third");

    await session.prompt("fourth");
    const last = harness.conversationRequests().at(-1)!;
    expect(rolesOf(last.messages)).toEqual(["user", "user", "assistant", "user"]);
    expect(JSON.stringify(last.messages[0])).toContain("The conversation history before this point was compacted");
    // no second compaction: the kept reply's old usage does not count after the compaction
    expect(harness.of("compaction_start")).toHaveLength(1);

    const file = harness.sessions().manager.getSessionFile()!;
    const entries = fileLines(file);
    const compaction = entries.find((entry) => entry.type === "compaction")!;
    expect(compaction).toMatchObject({ summary: "## Goal\nsummarised", fromHook: false, firstKeptEntryId: expect.any(String) });
    // the whole history stays in the file
    expect(entries.filter((entry) => entry.type === "message")).toHaveLength(8);
  });

  it("compacts before a prompt when the conversation is already over the threshold", async () => {
    const harness = await compactionSession({
      settings: { compaction: { enabled: false, reserveTokens: 1000, keepRecentTokens: 300 } },
      steps: routed([reply("one", 1000), reply("big", 3500), reply("after", 500)]),
    });
    await harness.session.prompt(`first ${asciiTokens(400)}`);
    await harness.session.prompt(`second ${asciiTokens(400)}`);
    expect(harness.of("compaction_start")).toEqual([]);
    // compaction is switched on between prompts; the next prompt reads the changed file
    writeFileSync(join(harness.agentDir, "settings.json"), JSON.stringify(smallWindow));
    await (harness.session.registry.services.get("settings")! as { reload(): Promise<void> }).reload();
    await harness.session.prompt("third");
    const types = harness.events.map((event) => event.type);
    expect(types.indexOf("compaction_end")).toBeLessThan(types.lastIndexOf("agent_start"));
    expect(JSON.stringify(harness.conversationRequests().at(-1)!.messages[0])).toContain("compacted into the following summary");
    expect(harness.of("compaction_end")[0]!.result).toBeDefined();
  });

  it("ends a compaction at once when the prompt is aborted during the summary request", async () => {
    const harness = await compactionSession({
      settings: smallWindow,
      steps: routed([reply("one", 1000), reply("two", 3500)], () => ({ text: "slow summary", delayMs: 60_000 })),
    });
    await harness.session.prompt(`first ${asciiTokens(400)}`);
    const prompt = harness.session.prompt(`second ${asciiTokens(400)}`);
    while (harness.summaryRequests().length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    await harness.session.abort();
    await prompt;
    expect(harness.of("compaction_end")).toEqual([
      { type: "compaction_end", reason: "threshold", result: undefined, aborted: true, willRetry: false },
    ]);
    expect(harness.sessions().manager.getEntries().some((entry) => entry.type === "compaction")).toBe(false);
    expect(harness.compaction().isCompacting).toBe(false);
  });
});

describe("manual compaction and hooks", () => {
  async function threeTurns(plugins: PithPlugin[] = []) {
    const harness = await compactionSession({
      settings: smallWindow,
      steps: routed([reply("one", 500), reply("two", 900), reply("three", 1300)]),
      plugins,
    });
    for (const name of ["first", "second", "third"]) await harness.session.prompt(`${name} ${asciiTokens(400)}`);
    return harness;
  }

  it("compact(customInstructions) summarises now and stores the entry", async () => {
    const harness = await threeTurns();
    const result = await harness.compaction().compact("keep the API names");
    await harness.session.waitForIdle();
    expect(harness.of("compaction_start")).toEqual([{ type: "compaction_start", reason: "manual" }]);
    expect(harness.of("compaction_end")[0]).toMatchObject({ reason: "manual", result, aborted: false, willRetry: false });
    expect(summaryPromptOf(harness.summaryRequests()[0]!)).toContain("Additional focus: keep the API names");
    expect(harness.session.messages[0]).toMatchObject({ role: "compactionSummary", summary: result.summary });
    await expect(harness.compaction().compact()).rejects.toMatchObject({ code: "COMPACTION_NOTHING_TO_DO", message: expect.stringContaining("Already compacted") });
    await harness.session.waitForIdle();
    expect(harness.of("compaction_end")[1]).toMatchObject({ errorMessage: expect.stringMatching(/^Compaction failed: Already compacted/) });
  });

  it("a session_before_compact handler can cancel, or supply the compaction itself", async () => {
    let decide: "cancel" | "supply" = "cancel";
    const compacted: unknown[] = [];
    const hookPlugin: PithPlugin = {
      name: "hook-plugin",
      setup(context) {
        context.on("session_before_compact", async (event) => {
          if (decide === "cancel") return { cancel: true }; // a literal result needs no `as const` (HookHandlers in kernel/plugin.ts)
          return { compaction: { summary: "from the hook", firstKeptEntryId: event.preparation.firstKeptEntryId, tokensBefore: 42 } };
        });
        context.on("session_compact", (event) => void compacted.push(event));
      },
    };
    const harness = await threeTurns([hookPlugin]);
    await expect(harness.compaction().compact()).rejects.toMatchObject({ code: "COMPACTION_CANCELLED" });
    await harness.session.waitForIdle();
    expect(harness.of("compaction_end")[0]).toMatchObject({ aborted: true, result: undefined });
    expect(harness.of("compaction_end")[0]!.errorMessage).toBeUndefined();

    decide = "supply";
    const result = await harness.compaction().compact();
    expect(result).toMatchObject({ summary: "from the hook", tokensBefore: 42 });
    expect(harness.summaryRequests()).toEqual([]);
    expect(compacted).toEqual([expect.objectContaining({ fromExtension: true, reason: "manual", compactionEntry: expect.objectContaining({ summary: "from the hook", fromHook: true }) })]);
  });

  it("a throwing hook handler is reported and does not stop the compaction", async () => {
    const harness = await threeTurns([
      {
        name: "broken-hook",
        setup: (context) =>
          context.on("session_before_compact", async () => {
            throw new Error("boom");
          }),
      },
    ]);
    await harness.compaction().compact();
    expect(harness.log.warnings).toContain("broken-hook failed in session_before_compact: boom");
    expect(harness.summaryRequests()).toHaveLength(1);
  });

  it("a compaction from a hook must keep an entry of the current branch", async () => {
    const harness = await threeTurns([
      {
        name: "bad-hook",
        setup: (context) =>
          context.on("session_before_compact", () => ({ compaction: { summary: "x", firstKeptEntryId: "nope", tokensBefore: 1 } })),
      },
    ]);
    await expect(harness.compaction().compact()).rejects.toMatchObject({ code: "COMPACTION_INVALID", message: expect.stringContaining('"nope"') });
  });
});

describe("a third-party compactor", () => {
  /** Keeps the last `keep` messages and writes its own one-line summary; never calls a model. */
  function lastMessagesCompactor(keep: number): PithPlugin {
    return {
      name: "keep-last-compactor",
      setup(context) {
        const compactor: Compactor = {
          name: "keep-last",
          async compact({ branchEntries, messages, estimateTokens }) {
            const messageEntries = branchEntries.filter((entry) => entry.type === "message");
            const firstKept = messageEntries[messageEntries.length - keep]!;
            const dropped = messageEntries.length - keep;
            const tokensBefore = messages.reduce((sum: number, message: AgentMessage) => sum + estimateTokens(message), 0);
            return { summary: `${dropped} older messages were dropped.`, firstKeptEntryId: firstKept.id, tokensBefore, details: { dropped } };
          },
        };
        context.use("compaction").setCompactor(compactor);
      },
    };
  }

  it("replaces the default entirely: its summary and cut are used, no model is asked", async () => {
    const harness = await compactionSession({
      settings: smallWindow,
      steps: routed([reply("one", 1000), reply("two", 2000), reply("three", 3100), reply("four", 500)]),
      plugins: [lastMessagesCompactor(2)],
    });
    for (const name of ["first", "second", "third"]) await harness.session.prompt(`${name} ${asciiTokens(400)}`);

    expect(harness.compaction().compactor.name).toBe("keep-last");
    expect(harness.summaryRequests()).toEqual([]);
    const messages = harness.session.messages as AgentMessage[];
    expect(messages[0]).toMatchObject({ role: "compactionSummary", summary: "4 older messages were dropped." });
    expect(rolesOf(messages)).toEqual(["compactionSummary", "user", "assistant"]);
    const entry = harness.sessions().manager.getEntries().find((candidate) => candidate.type === "compaction");
    expect(entry).toMatchObject({ fromHook: true, details: { dropped: 4 } });

    await harness.session.prompt("fourth");
    expect(rolesOf(harness.conversationRequests().at(-1)!.messages)).toEqual(["user", "user", "assistant", "user"]);
    harness.compaction().setCompactor(undefined);
    expect(harness.compaction().compactor.name).toBe("default");
  });
});

describe("a failing compactor", () => {
  it("fails the compaction with its message; the conversation goes on", async () => {
    const broken: PithPlugin = {
      name: "broken-compactor",
      setup: (context) =>
        context.use("compaction").setCompactor({
          name: "broken",
          async compact() {
            throw new Error("disk full");
          },
        }),
    };
    const harness = await compactionSession({
      settings: smallWindow,
      steps: routed([reply("one", 1000), reply("two", 3500), reply("three", 3600)]),
      plugins: [broken],
    });
    await harness.session.prompt(`first ${asciiTokens(400)}`);
    await harness.session.prompt(`second ${asciiTokens(400)}`);
    expect(harness.of("compaction_end")[0]).toMatchObject({ reason: "threshold", result: undefined, aborted: false, errorMessage: "Auto-compaction failed: disk full" });
    expect(harness.log.warnings).toContain("Auto-compaction failed: disk full");
    await expect(harness.compaction().compact()).rejects.toThrow("disk full");
    // the failed compaction left the conversation and the file as they were
    expect(rolesOf(harness.session.messages)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(harness.sessions().manager.getEntries().some((entry) => entry.type === "compaction")).toBe(false);
  });
});

describe("overflow recovery", () => {
  const overflowError = { error: { message: "prompt is too long: 5000 tokens > 4000 maximum", status: 400 } };

  it("compacts once and sends the request again; prompt() resolves with the answer", async () => {
    const harness = await compactionSession({
      settings: smallWindow,
      steps: routed([reply("one", 1000), reply("two", 2000), overflowError, reply("fits now", 900)]),
    });
    await harness.session.prompt(`first ${asciiTokens(400)}`);
    await harness.session.prompt(`second ${asciiTokens(400)}`);
    await harness.session.prompt(`third ${asciiTokens(400)}`);

    expect(harness.of("compaction_start")).toEqual([{ type: "compaction_start", reason: "overflow" }]);
    expect(harness.of("compaction_end")[0]).toMatchObject({ reason: "overflow", aborted: false, willRetry: true });
    const requests = harness.conversationRequests();
    expect(requests).toHaveLength(4);
    // the last prompt alone is over keepRecentTokens: as in pi 1.6.0 it is summarised as the start of a split turn,
    // so the retry carries the summary only, not the prompt again nor the failed reply
    expect(rolesOf(requests[3]!.messages)).toEqual(["user"]);
    expect(JSON.stringify(requests[3]!.messages[0])).toContain("Turn Context (split turn)");
    const last = harness.session.messages.at(-1) as AssistantMessage;
    expect(last.content).toEqual([{ type: "text", text: "fits now" }]);
    // the failed reply is still in the file
    const stored = harness.sessions().manager.getEntries();
    expect(stored.some((entry) => entry.type === "message" && entry.message.role === "assistant" && entry.message.stopReason === "error")).toBe(true);
  });

  it("stops after a second overflow with a clear message", async () => {
    const harness = await compactionSession({
      settings: smallWindow,
      steps: routed([reply("one", 1000), reply("two", 2000), overflowError, overflowError, reply("never", 1)]),
    });
    await harness.session.prompt(`first ${asciiTokens(400)}`);
    await harness.session.prompt(`second ${asciiTokens(400)}`);
    await harness.session.prompt(`third ${asciiTokens(400)}`);

    expect(harness.conversationRequests()).toHaveLength(4);
    expect(harness.of("compaction_start")).toHaveLength(1);
    expect(harness.of("compaction_end").at(-1)).toEqual({
      type: "compaction_end",
      reason: "overflow",
      result: undefined,
      aborted: false,
      willRetry: false,
      errorMessage: OVERFLOW_RETRY_FAILED,
    });
    expect(harness.log.warnings).toContain(OVERFLOW_RETRY_FAILED);
    expect((harness.session.messages.at(-1) as AssistantMessage).stopReason).toBe("error");
  });
});

describe("compaction.model", () => {
  const models = {
    providers: {
      scripted: {
        baseUrl: "http://127.0.0.1:9",
        api: "anthropic-messages",
        apiKey: "test-key",
        models: [
          { id: "scripted-model", contextWindow: 4000, maxTokens: 1000 },
          { id: "big-summarizer", contextWindow: 100_000, maxTokens: 4000 },
          { id: "tiny-summarizer", contextWindow: 200, maxTokens: 100 },
        ],
      },
    },
  };

  async function compactWith(model: string) {
    const harness = await compactionSession({
      settings: { compaction: { ...smallWindow.compaction, model } },
      models,
      builtins: ["models"],
      api: "anthropic-messages",
      steps: routed([reply("one", 500), reply("two", 900), reply("three", 1300)]),
    });
    for (const name of ["first", "second", "third"]) await harness.session.prompt(`${name} ${asciiTokens(400)}`);
    await harness.compaction().compact();
    return harness;
  }

  it("summarises with the configured model", async () => {
    const harness = await compactWith("big-summarizer");
    expect(harness.summaryRequests().map((request) => request.model.id)).toEqual(["big-summarizer"]);
    expect(harness.summaryRequests()[0]!.apiKey).toBe("test-key");
    expect(harness.conversationRequests().every((request) => request.model.id === "scripted-model")).toBe(true);
  });

  it("falls back to the session's model, with a warning, when the configured one cannot hold the request", async () => {
    const harness = await compactWith("tiny-summarizer");
    expect(harness.summaryRequests().map((request) => request.model.id)).toEqual(["scripted-model"]);
    expect(harness.log.warnings.some((warning) => warning.includes("scripted/tiny-summarizer has a 200-token context window"))).toBe(true);
  });

  it("falls back, with a warning, for a model it cannot find", async () => {
    const harness = await compactWith("no-such-model");
    expect(harness.summaryRequests().map((request) => request.model.id)).toEqual(["scripted-model"]);
    expect(harness.log.warnings.some((warning) => warning.includes('compaction.model "no-such-model" is not a known model'))).toBe(true);
  });
});

describe("branch summaries", () => {
  it("summarise the entries left behind, with the same machinery, for the navigation to store", async () => {
    const harness = await compactionSession({
      settings: smallWindow,
      steps: routed(
        [
          { toolCalls: [{ name: "read", arguments: { path: "notes.md" } }], usage: { input: 100 } },
          reply("read it", 200),
          reply("second answer", 300),
        ],
        (request) => ({ text: summaryPromptOf(request).includes("a branch of the session the user is leaving") ? "## Goal\nbranch work" : "wrong prompt" }),
      ),
    });
    await harness.session.prompt("look at notes.md");
    await harness.session.prompt("and then?");
    const manager = harness.sessions().manager;
    const firstUser = manager.getEntries().find((entry) => entry.type === "message" && entry.message.role === "user")!;

    const result = (await harness.compaction().summarizeBranch({ targetId: firstUser.id }))!;
    expect(result.commonAncestorId).toBe(firstUser.id);
    expect(result.entries.length).toBeGreaterThanOrEqual(4);
    expect(result.summary).toMatch(/^Before coming back here, the user explored another branch/);
    expect(result.summary).toContain("## Goal\nbranch work");
    expect(result.details).toEqual({ readFiles: ["notes.md"], modifiedFiles: [] });
    const prompt = summaryPromptOf(harness.summaryRequests()[0]!);
    expect(prompt).toContain("[User]: and then?");
    expect(prompt).not.toContain("[Tool result]");
    expect(harness.summaryRequests()[0]!.maxTokens).toBe(1000);

    // navigation stores it as a branch_summary; the rebuilt context shows it
    manager.appendBranchSummary(firstUser.id, result.summary, result.details, false);
    const context = manager.buildSessionContext().messages;
    expect(rolesOf(context)).toEqual(["user", "branchSummary"]);
    expect(await harness.compaction().summarizeBranch({ targetId: manager.getLeafId() })).toBeUndefined();
  });
});

describe("settings", () => {
  it("fits pi's defaults to a small window without a word, and reports values it cannot use", async () => {
    const harness = await compactionSession({
      settings: { compaction: { model: 42 } },
      model: { contextWindow: 8000 },
      steps: routed([reply("one", 100)]),
    });
    await harness.session.prompt("hello");
    const settings = (harness.compaction() as CompactionService).settings();
    expect(settings).toMatchObject({ enabled: true, reserveTokens: 2000, keepRecentTokens: 3000 });
    expect(settings.model).toBeUndefined();
    const warnings = harness.log.warnings.join("\n");
    expect(warnings).toContain("compaction.model must be a non-empty string, not 42");
    // the defaults were scaled, which is no news: only a value the user set gets a warning (test/cli/cli-options)
    expect(warnings).not.toContain("compaction.reserveTokens");
    expect(warnings).not.toContain("compaction.keepRecentTokens");
  });

  it("does nothing automatically when compaction.enabled is false, but compacts on request", async () => {
    const harness = await compactionSession({
      settings: { compaction: { ...smallWindow.compaction, enabled: false } },
      steps: routed([reply("one", 1000), reply("two", 3900)]),
    });
    await harness.session.prompt(`first ${asciiTokens(400)}`);
    await harness.session.prompt(`second ${asciiTokens(400)}`);
    expect(harness.of("compaction_start")).toEqual([]);
    await harness.compaction().compact();
    expect(harness.session.messages[0]).toMatchObject({ role: "compactionSummary" });
  });
});
