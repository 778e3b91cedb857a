// Backoff, the cap, and the provider's own wait.
import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_SETTINGS, formatDuration, planRetry, type RetrySettings } from "../../plugins/retry/index.js";

const settings: RetrySettings = { ...DEFAULT_RETRY_SETTINGS };

describe("planRetry", () => {
  it("doubles from baseDelayMs: 2 s, 4 s, 8 s, then gives up after maxRetries", () => {
    const delays = [0, 1, 2].map((done) => planRetry(done, settings, "529"));
    expect(delays).toEqual([
      { action: "retry", attempt: 1, delayMs: 2000, source: "backoff" },
      { action: "retry", attempt: 2, delayMs: 4000, source: "backoff" },
      { action: "retry", attempt: 3, delayMs: 8000, source: "backoff" },
    ]);
    expect(planRetry(3, settings, "529 overloaded")).toEqual({
      action: "give_up",
      attempt: 3,
      finalError: "529 overloaded (gave up after 3 retries)",
    });
    expect(planRetry(1, { ...settings, maxRetries: 1 }, "x")).toMatchObject({ finalError: "x (gave up after 1 retry)" });
  });

  it("never waits longer than the cap; 0 means no cap", () => {
    const capped = { ...settings, maxRetries: 10, baseDelayMs: 20_000, maxRetryDelayMs: 50_000 };
    expect(planRetry(2, capped, "x")).toMatchObject({ delayMs: 50_000 });
    expect(planRetry(2, { ...capped, maxRetryDelayMs: 0 }, "x")).toMatchObject({ delayMs: 80_000 });
  });

  it("waits as long as the provider asked when that is within the cap", () => {
    expect(planRetry(0, settings, "429", 12_500)).toEqual({ action: "retry", attempt: 1, delayMs: 12_500, source: "provider" });
    expect(planRetry(0, { ...settings, maxRetryDelayMs: 0 }, "429", 3_600_000)).toMatchObject({ delayMs: 3_600_000 });
  });

  it("gives up at once, saying how long, when the provider asks for more than the cap", () => {
    const plan = planRetry(1, settings, "429 rate_limit_error: slow down", 150_000);
    expect(plan).toEqual({
      action: "give_up",
      attempt: 1,
      finalError:
        "429 rate_limit_error: slow down (the provider asked to wait 2 min 30 s before retrying, longer than " +
        "retry.provider.maxRetryDelayMs allows (1 min); try again later or raise that setting)",
    });
  });
});

describe("formatDuration", () => {
  it.each([
    [750, "750 ms"],
    [45_000, "45 s"],
    [60_000, "1 min"],
    [150_000, "2 min 30 s"],
    [3_600_000, "1 h"],
    [3_900_000, "1 h 5 min"],
  ])("%d ms reads %s", (ms, text) => expect(formatDuration(ms)).toBe(text));
});
