// Prompt-cache warming end to end, in-process, over HTTP: the session's request to the mock LLM server is sent
// again with a one-token cap while a tool runs (and, in "idle" mode, after the run) when the refresh pays for
// itself; the refresh is stored as a `usage` entry of kind `cache_warm`, counted, and kept out of the context;
// `cache_warming_decision` handlers decide last; nothing is sent after the session ends.
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AssistantMessage, SessionEvent } from "../../kernel/index.js";
import { cacheWarmingStatusText } from "../../plugins/cache-warming/index.js";
import type { UsageEntry } from "../../plugins/sessions/format/types.js";
import { startMockLlm, type MockLlm, type ScriptedReply } from "../support/mock-llm/index.js";
import { SONNET_COST, warmingSession } from "./harness.js";

let mock: MockLlm;
beforeEach(async () => {
  mock = await startMockLlm();
});
afterEach(async () => {
  await mock.close();
});

const isRefresh = (body: Record<string, unknown>) => body.max_tokens === 1;
const WARM_REPLY: ScriptedReply = { text: ".", usage: { cacheRead: 100_010, output: 1 } };

/** Real requests take `replies` in order; refreshes (max_tokens 1) get `warm`, however many come and whenever. */
function script(replies: ScriptedReply[], warm: ScriptedReply = WARM_REPLY): void {
  const queue = [...replies];
  for (let index = 0; index < 40; index++) mock.enqueue((request) => (isRefresh(request.body) ? warm : (queue.shift() ?? { text: "no more replies" })));
}

const refreshes = () => mock.requests.filter((request) => isRefresh(request.body));
const usageEntries = (entries: readonly { type: string }[]) => entries.filter((entry): entry is UsageEntry => entry.type === "usage");
const appended = (events: SessionEvent[]) => events.filter((event) => event.type === "entry_appended");
const dollars = (tokens: number, perMillion: number) => (tokens * perMillion) / 1_000_000;

const CALL_WORK = { toolCalls: [{ name: "work", arguments: {} }], usage: { input: 10, cacheWrite: 100_000 } };

describe("during a long tool run", () => {
  it("refreshes the cache when it pays: the same request capped at one token, stored as a cache_warm usage entry, counted, never in the context", async () => {
    const started = await warmingSession({
      mock,
      settings: { cacheWarming: "streaming" },
      extensions: [
        (pi) => {
          pi.on("before_provider_headers", (event) => {
            event.headers["x-header-hook"] = "on";
          });
        },
      ],
    });
    script([CALL_WORK, { text: "done", usage: { cacheRead: 100_010, output: 5 } }]);
    const run = started.session.prompt("go");
    await vi.waitFor(() => expect(appended(started.events).length).toBeGreaterThan(0), { timeout: 10_000 });
    await started.gate.release();
    await run;

    const [first, refresh] = mock.requests;
    expect(isRefresh(first!.body)).toBe(false);
    expect(refresh!.body.max_tokens).toBe(1);
    // exactly what the session sent before, apart from the cap: system prompt, tools, messages, cache markers
    expect({ ...refresh!.body, max_tokens: undefined }).toEqual({ ...first!.body, max_tokens: undefined });
    // the same key (in x-api-key, as pi sends Anthropic keys) and headers, an extension's header hook included
    const head = (headers: Record<string, string>) => ({ ...headers, "content-length": undefined });
    expect(head(refresh!.headers)).toEqual(head(first!.headers));
    expect(refresh!.headers).toMatchObject({ "x-api-key": "test-key", "x-header-hook": "on" });

    const entries = usageEntries(started.manager().getEntries());
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThanOrEqual(refreshes().length);
    expect(entries[0]).toMatchObject({ kind: "cache_warm", provider: "mock", usage: { cacheRead: 100_010, output: 1 } });
    expect(entries[0]!.note).toBeUndefined();
    expect(appended(started.events)[0]).toEqual({ type: "entry_appended", entry: entries[0] });
    // the file holds them; the conversation and the next request do not
    expect(readFileSync(started.manager().getSessionFile()!, "utf8")).toContain('"kind":"cache_warm"');
    expect(started.session.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "toolResult", "assistant"]);
    const last = mock.requests.at(-1)!;
    expect(isRefresh(last.body)).toBe(false);
    expect((last.body.messages as unknown[]).length).toBe(3);

    // counted in the totals with the replies
    const warmCost = dollars(100_010, SONNET_COST.cacheRead) + dollars(1, SONNET_COST.output);
    const replies = started.session.messages.filter((message): message is AssistantMessage => message.role === "assistant");
    const replyCost = replies.reduce((sum, reply) => sum + reply.usage.cost.total, 0);
    expect(entries[0]!.usage.cost.total).toBeCloseTo(warmCost, 9);
    expect(started.stats().cost).toBeCloseTo(replyCost + entries.length * warmCost, 9);
    expect(started.stats().tokens.cacheRead).toBe(100_010 * (entries.length + 1));

    // "streaming" stops when the run settles
    expect(started.cacheWarming().status()).toEqual({ state: "inactive", reason: "agent run settled" });
    await started.session.dispose();
  });

  it("sends nothing when the refresh would not pay for itself, and /session says why", async () => {
    const started = await warmingSession({ mock, settings: { cacheWarming: "streaming" } });
    script([{ ...CALL_WORK, usage: { input: 2000 } }, { text: "done" }]);
    const run = started.session.prompt("go");
    await vi.waitFor(() => expect(started.cacheWarming().status().reason).toBe("expected savings below threshold"), { timeout: 10_000 });
    const status = started.cacheWarming().status();
    await started.gate.release();
    await run;
    expect(refreshes()).toHaveLength(0);
    expect(mock.requests).toHaveLength(2);
    expect(usageEntries(started.manager().getEntries())).toEqual([]);
    // 2,000 uncached tokens: a miss costs $0.0069 more, a refresh $0.000615
    expect(status.decision).toMatchObject({ phase: "streaming", continuationProbability: 1, action: "stop", economicsAvailable: true });
    expect(cacheWarmingStatusText(status)).toBe("Stopped (100% continuation probability while agent is running, expected savings $0.006 < $0.050 -> stop)");
    await started.session.dispose();
  });

  it("an extension's stop wins over pith's warm: nothing is sent; handlers see pith's estimates and decision", async () => {
    const seen: unknown[] = [];
    const started = await warmingSession({
      mock,
      settings: { cacheWarming: "streaming" },
      extensions: [
        (pi) => {
          pi.on("cache_warming_decision", (event) => {
            seen.push({ ...event });
            return { action: "warm" };
          });
        },
        (pi) => {
          pi.on("cache_warming_decision", () => ({ action: "stop" }));
        },
        (pi) => {
          pi.on("cache_warming_decision", () => undefined);
        },
      ],
    });
    script([CALL_WORK, { text: "done" }]);
    const run = started.session.prompt("go");
    await vi.waitFor(() => expect(started.cacheWarming().status().reason).toBe("stopped by extension"), { timeout: 10_000 });
    const stopped = cacheWarmingStatusText(started.cacheWarming().status());
    await started.gate.release();
    await run;
    expect(refreshes()).toHaveLength(0);
    expect(seen).toEqual([
      { type: "cache_warming_decision", warmCost: expect.closeTo(0.030018, 9), missCost: expect.closeTo(0.3450345, 9), continuationProbability: 1, action: "warm" },
    ]);
    expect(stopped).toBe(
      "Stopped (extension override, 100% continuation probability while agent is running, expected savings $0.315 >= $0.050)",
    );
    await started.session.dispose();
  });

  it("an extension's warm sends a refresh pith would not, noted as an override; a throwing handler is reported and ignored", async () => {
    const started = await warmingSession({
      mock,
      settings: { cacheWarming: "streaming" },
      extensions: [
        (pi) => {
          pi.on("cache_warming_decision", () => {
            throw new Error("decision boom");
          });
        },
        (pi) => {
          pi.on("cache_warming_decision", () => ({ action: "warm" }));
        },
      ],
    });
    script([{ ...CALL_WORK, usage: { input: 2000 } }, { text: "done" }]);
    const run = started.session.prompt("go");
    await vi.waitFor(() => expect(usageEntries(started.manager().getEntries()).length).toBeGreaterThan(0), { timeout: 10_000 });
    await started.gate.release();
    await run;
    expect(usageEntries(started.manager().getEntries())[0]).toMatchObject({ kind: "cache_warm", note: "extension override" });
    expect(started.problems.map((problem) => problem.message).join("\n")).toContain("decision boom");
    await started.session.dispose();
  });
});

describe("between runs", () => {
  it('"idle" keeps a large cache warm after the run settles; the session ending aborts the refresh in flight and sends nothing more', async () => {
    const started = await warmingSession({ mock });
    // 1,000,000 tokens: even at pi's 15% chance of a next request, a refresh ($0.30) saves $0.22
    script([{ text: "hi", usage: { cacheWrite: 1_000_000 } }], { text: ".", usage: { cacheRead: 1_000_000 }, delayMs: 30_000 });
    await started.session.prompt("go");
    expect(started.cacheWarming().status()).toMatchObject({ state: "scheduled", decision: { phase: "idle", continuationProbability: 0.15, action: "warm" } });
    await vi.waitFor(() => expect(refreshes()).toHaveLength(1), { timeout: 10_000 });
    expect(started.cacheWarming().status().state).toBe("refreshing");

    await started.session.dispose();
    expect(started.cacheWarming().status()).toEqual({ state: "inactive", reason: "inactive" });
    expect(usageEntries(started.manager().getEntries())).toEqual([]);
    expect(mock.requests).toHaveLength(2);
  });

  it('"streaming" stops when the run settles, also after an abort; "off" never starts', async () => {
    const streaming = await warmingSession({ mock, settings: { cacheWarming: "streaming" } });
    script([CALL_WORK]);
    const run = streaming.session.prompt("go");
    await vi.waitFor(() => expect(streaming.cacheWarming().status().state).toBe("scheduled"), { timeout: 10_000 });
    await streaming.session.abort();
    await run;
    expect(streaming.cacheWarming().status()).toEqual({ state: "inactive", reason: "agent run settled" });
    await streaming.session.dispose();
    const before = refreshes().length;

    const off = await warmingSession({ mock, settings: { cacheWarming: "off" } });
    script([{ text: "hi", usage: { cacheWrite: 1_000_000 } }]);
    await off.session.prompt("go");
    expect(off.cacheWarming().status()).toEqual({ state: "inactive", reason: "cache warming disabled" });
    await off.session.dispose();
    expect(refreshes()).toHaveLength(before);
  });

  it('"idle" goes on after an abort (Esc) during a tool run, as in pi 1.6.0: the request still leads the conversation', async () => {
    const started = await warmingSession({ mock });
    script([{ ...CALL_WORK, usage: { cacheWrite: 1_000_000 } }]);
    const run = started.session.prompt("go");
    await vi.waitFor(() => expect(started.cacheWarming().status().state).toBe("scheduled"), { timeout: 10_000 });
    await started.session.abort();
    await run;
    expect(started.cacheWarming().status()).toMatchObject({ state: "scheduled", decision: { phase: "idle", action: "warm" } });
    await vi.waitFor(() => expect(usageEntries(started.manager().getEntries())).toHaveLength(1), { timeout: 10_000 });
    expect(refreshes()[0]!.body.messages).toEqual(mock.requests[0]!.body.messages);
    await started.session.dispose();
  });

  it("cacheWarming counts only in the agent folder's settings; setMode writes it there and stops what the mode no longer allows", async () => {
    const started = await warmingSession({ mock, projectSettings: { cacheWarming: "off" } });
    expect(started.cacheWarming().mode()).toBe("idle");
    script([{ text: "hi", usage: { cacheWrite: 1_000_000 } }]);
    await started.session.prompt("go");
    expect(started.cacheWarming().status().state).toBe("scheduled");
    await started.cacheWarming().setMode("streaming");
    expect(started.cacheWarming().status()).toEqual({ state: "inactive", reason: "agent run settled" });
    expect(started.settings.fileSettings("global").cacheWarming).toBe("streaming");
    await started.session.dispose();
  });

  it("a model without a cache lifetime is never warmed", async () => {
    const started = await warmingSession({ mock, promptCache: {} });
    script([{ text: "hi", usage: { cacheWrite: 1_000_000 } }]);
    await started.session.prompt("go");
    expect(started.cacheWarming().status()).toEqual({ state: "inactive", reason: "cache lifetime unavailable" });
    await started.session.dispose();
  });
});
