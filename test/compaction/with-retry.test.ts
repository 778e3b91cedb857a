// Retry and compaction in one session: a transient failure is retried before anything is summarised, an
// overflow is left to compaction, whichever order the plugins load in.
import { describe, expect, it } from "vitest";
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
