// The warmer's safety windows, on vitest's fake clock (Date and timers): streaming warming stops one hour after the
// request that started it, idle warming 30 minutes after it, both counted from the request and never from a refresh,
// as pi 1.6.0's CacheWarmer counts them. The real warmer and policy run; only time is simulated.
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { emptyUsage, type AssistantMessage, type Model, type StreamRequest } from "../../kernel/index.js";
import { CacheWarmer, type CacheWarmingStatus } from "../../plugins/cache-warming/warmer.js";
import type { CacheWarmingMode } from "../../plugins/cache-warming/policy.js";
import { SONNET_COST } from "./harness.js";

const MINUTE = 60_000;
/** a five-minute cache entry, refreshed every 270 s (90% of its life) */
const model: Model = {
  id: "claude",
  name: "claude",
  api: "anthropic-messages",
  provider: "mock",
  baseUrl: "http://127.0.0.1:1",
  reasoning: false,
  input: ["text"],
  cost: SONNET_COST,
  promptCache: { short: 300 },
  contextWindow: 1_000_000,
  maxTokens: 1024,
};
const request: StreamRequest = { model, systemPrompt: "", messages: [], tools: [], thinkingLevel: "off", apiKey: "k", signal: new AbortController().signal };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
});

function warmer(mode: CacheWarmingMode) {
  const sent: number[] = [];
  const start = Date.now();
  const instance = new CacheWarmer({
    mode: () => mode,
    retention: () => "short",
    // a million-token prompt: even idle (15%), a refresh pays for itself
    promptTokens: () => 1_000_000,
    decide: async (decision) => decision.action,
    async send() {
      sent.push((Date.now() - start) / 1000);
      return { role: "assistant", content: [], api: model.api, provider: model.provider, model: model.id, usage: emptyUsage(), stopReason: "stop", timestamp: Date.now() } satisfies AssistantMessage;
    },
    record: () => undefined,
  });
  return { instance, sent, status: (): CacheWarmingStatus => instance.status };
}

it("streaming warming refreshes every 270 s and stops at the one-hour limit counted from the request", async () => {
  const { instance, sent, status } = warmer("streaming");
  instance.start(request, () => true);
  await vi.advanceTimersByTimeAsync(58 * MINUTE);
  expect(status()).toMatchObject({ state: "scheduled", decision: { phase: "streaming" } });
  await vi.advanceTimersByTimeAsync(MINUTE);
  // 13 × 270 s = 58.5 min; a 14th at 63 min would fall past the hour, so warming stops with the 13th
  expect(status()).toEqual({ state: "inactive", reason: "one-hour safety limit reached" });
  await vi.advanceTimersByTimeAsync(10 * MINUTE);
  expect(sent).toEqual(Array.from({ length: 13 }, (_, index) => 270 * (index + 1)));
  expect(status()).toEqual({ state: "inactive", reason: "one-hour safety limit reached" });
});

it("idle warming stops at the 30-minute limit counted from the request, not from the last refresh", async () => {
  const { instance, sent, status } = warmer("idle");
  instance.start(request, () => true);
  instance.settled();
  await vi.advanceTimersByTimeAsync(26 * MINUTE);
  expect(status()).toMatchObject({ state: "scheduled", decision: { phase: "idle", continuationProbability: 0.15 } });
  await vi.advanceTimersByTimeAsync(10 * MINUTE);
  // 6 × 270 s = 27 min; the 7th would be at 31.5 min, so warming stops with the 6th
  expect(sent).toEqual([270, 540, 810, 1080, 1350, 1620]);
  expect(status()).toEqual({ state: "inactive", reason: "30-minute idle safety limit reached" });
});

it("a run that settles more than 30 minutes after its request stops warming at once; until then it warmed as streaming", async () => {
  const { instance, sent, status } = warmer("idle");
  instance.start(request, () => true);
  await vi.advanceTimersByTimeAsync(31 * MINUTE);
  // streaming goes on past 30 minutes: its refresh at 31.5 min is planned
  expect(sent).toHaveLength(6);
  expect(status()).toMatchObject({ state: "scheduled", decision: { phase: "streaming" } });
  instance.settled();
  expect(status()).toEqual({ state: "inactive", reason: "30-minute idle safety limit reached" });
  await vi.advanceTimersByTimeAsync(30 * MINUTE);
  expect(sent).toHaveLength(6);
});
