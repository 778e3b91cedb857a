// Retry and compaction in one session: a transient failure is retried before anything is summarised, an
// overflow is left to compaction, whichever order the plugins load in.
import { describe, expect, it, vi } from "vitest";
import { retryPlugin } from "../../plugins/retry/index.js";
import { asciiTokens } from "./fixtures.js";
import { compactionSession, routed } from "./harness.js";

const settings = { compaction: { reserveTokens: 1000, keepRecentTokens: 300 }, retry: { baseDelayMs: 1 } };
const reply = (text: string, input: number) => ({ text, usage: { input, output: 100 } });
const overloaded = { error: { message: "529 overloaded_error: Overloaded", status: 529 } };
const overflow = { error: { message: "prompt is too long: 5000 tokens > 4000 maximum", status: 400 } };

describe.each([
  ["retry loaded first", "before"],
  ["retry loaded last", "plugins"],
] as const)("retry with compaction (%s)", (_name, where) => {
  const session = (steps: Parameters<typeof routed>[0]) =>
    compactionSession({ settings, steps: routed(steps), [where]: [retryPlugin()] });

  it("retries an overloaded request first, then compacts after the run that succeeded", async () => {
    const harness = await session([reply("one", 1000), reply("two", 2000), overloaded, reply("three", 3100)]);
    for (const name of ["first", "second", "third"]) await harness.session.prompt(`${name} ${asciiTokens(400)}`);
    const order = harness.events.map((event) => event.type).filter((type) => type.startsWith("auto_retry") || type.startsWith("compaction"));
    expect(order).toEqual(["auto_retry_start", "auto_retry_end", "compaction_start", "compaction_end"]);
    expect(harness.summaryRequests()).toHaveLength(1);
    expect(harness.of("compaction_end")[0]).toMatchObject({ reason: "threshold", aborted: false });
  });

  it("leaves an overflow to compaction: no retry, one compaction, one new attempt", async () => {
    const harness = await session([reply("one", 1000), reply("two", 2000), overflow, reply("fits", 900)]);
    for (const name of ["first", "second", "third"]) await harness.session.prompt(`${name} ${asciiTokens(400)}`);
    const order = harness.events.map((event) => event.type).filter((type) => type.startsWith("auto_retry") || type.startsWith("compaction"));
    expect(order).toEqual(["compaction_start", "compaction_end"]);
    expect(harness.of("compaction_end")[0]).toMatchObject({ reason: "overflow", willRetry: true });
    expect(harness.conversationRequests()).toHaveLength(4);
  });
});

describe("summaries retried on transient failures (pi's summarization_retry_* events)", () => {
  /** Answers summary requests with the given failures first, then a summary. */
  const failingSummaries = (...failures: object[]) => {
    const queue = [...failures];
    return () => (queue.shift() as never) ?? { text: "## Goal\nsummarised" };
  };
  const retryEvents = (events: readonly { type: string }[]) =>
    events.filter((event) => event.type.startsWith("summarization_retry") || event.type.startsWith("compaction"));

  it("sends a compaction's summary again after an overloaded answer, and tells which compaction it was", async () => {
    const harness = await compactionSession({
      settings,
      steps: routed([reply("one", 1000), reply("two", 2000), reply("three", 3100)], failingSummaries(overloaded)),
      before: [retryPlugin()],
    });
    for (const name of ["first", "second", "third"]) await harness.session.prompt(`${name} ${asciiTokens(400)}`);
    expect(retryEvents(harness.events)).toEqual([
      { type: "compaction_start", reason: "threshold" },
      { type: "summarization_retry_scheduled", attempt: 1, maxAttempts: 3, delayMs: 1, errorMessage: expect.stringContaining("Overloaded") },
      { type: "summarization_retry_attempt_start", source: "compaction", reason: "threshold" },
      { type: "summarization_retry_finished" },
      expect.objectContaining({ type: "compaction_end", reason: "threshold", aborted: false }),
    ]);
    expect(harness.summaryRequests()).toHaveLength(2);
    expect(harness.of("compaction_end")[0]!.result!.summary).toContain("summarised");
  });

  it("gives up after retry.maxRetries and fails the compaction with the provider's message", async () => {
    const harness = await compactionSession({
      settings: { ...settings, retry: { baseDelayMs: 1, maxRetries: 1 } },
      steps: routed([reply("one", 1000), reply("two", 2000), reply("three", 3100)], failingSummaries(overloaded, overloaded)),
      before: [retryPlugin()],
    });
    for (const name of ["first", "second", "third"]) await harness.session.prompt(`${name} ${asciiTokens(400)}`);
    expect(retryEvents(harness.events).map((event) => event.type)).toEqual([
      "compaction_start",
      "summarization_retry_scheduled",
      "summarization_retry_attempt_start",
      "summarization_retry_finished",
      "compaction_end",
    ]);
    expect(harness.of("compaction_end")[0]).toMatchObject({ result: undefined, errorMessage: expect.stringContaining("Overloaded") });
    expect(harness.summaryRequests()).toHaveLength(2);
  });

  it("does not retry a summary that failed for good (a rejected request)", async () => {
    const rejected = { error: { message: "400 invalid_request_error: bad request", status: 400 } };
    const harness = await compactionSession({
      settings,
      steps: routed([reply("one", 1000), reply("two", 2000), reply("three", 3100)], failingSummaries(rejected)),
      before: [retryPlugin()],
    });
    for (const name of ["first", "second", "third"]) await harness.session.prompt(`${name} ${asciiTokens(400)}`);
    expect(harness.events.some((event) => event.type.startsWith("summarization_retry"))).toBe(false);
    expect(harness.summaryRequests()).toHaveLength(1);
  });

  it("retries a branch summary as source branchSummary, and an abort during the wait ends it", async () => {
    const harness = await compactionSession({
      settings: { ...settings, retry: { baseDelayMs: 1 } },
      steps: routed([reply("one", 100), reply("two", 200)], failingSummaries(overloaded)),
      before: [retryPlugin()],
    });
    await harness.session.prompt("first");
    await harness.session.prompt("second");
    const manager = harness.sessions().manager;
    const firstUser = manager.getEntries().find((entry) => entry.type === "message" && entry.message.role === "user")!;
    const result = await harness.compaction().summarizeBranch({ targetId: firstUser.id });
    expect(result!.summary).toContain("summarised");
    // outside a prompt, events reach subscribers a moment after the call returns
    await vi.waitFor(() =>
      expect(retryEvents(harness.events)).toEqual([
        expect.objectContaining({ type: "summarization_retry_scheduled", attempt: 1 }),
        { type: "summarization_retry_attempt_start", source: "branchSummary" },
        { type: "summarization_retry_finished" },
      ]),
    );

    // a long wait, aborted: the summary ends as cancelled at once
    const slow = await compactionSession({
      settings: { ...settings, retry: { baseDelayMs: 60_000, maxRetries: 1 } },
      steps: routed([reply("one", 100), reply("two", 200)], failingSummaries(overloaded)),
      before: [retryPlugin()],
    });
    await slow.session.prompt("first");
    await slow.session.prompt("second");
    const target = slow.sessions().manager.getEntries().find((entry) => entry.type === "message" && entry.message.role === "user")!;
    const abort = new AbortController();
    const pending = slow.compaction().summarizeBranch({ targetId: target.id, signal: abort.signal });
    while (!slow.events.some((event) => event.type === "summarization_retry_scheduled")) await new Promise((resolve) => setTimeout(resolve, 1));
    abort.abort();
    await expect(pending).rejects.toMatchObject({ code: "COMPACTION_ABORTED" });
    await vi.waitFor(() => expect(slow.events.at(-1)).toEqual({ type: "summarization_retry_finished" }));
    expect(slow.summaryRequests()).toHaveLength(1);
  });
});
