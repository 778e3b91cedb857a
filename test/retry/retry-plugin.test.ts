// The retry plugin in a real session with the scripted provider: waits, retries, gives up, and stops waiting
// the moment it is told to.
import { describe, expect, it } from "vitest";
import type { AssistantMessage } from "../../kernel/index.js";
import { textOutputPlugin } from "../../plugins/output-text/index.js";
import { sessionsPlugin, type SessionsService } from "../../plugins/sessions/index.js";
import { collectingStream, overloaded, retrySession, tempDir } from "./harness.js";

const fastRetry = { retry: { maxRetries: 3, baseDelayMs: 5 } };

function roles(messages: readonly unknown[]): string[] {
  return messages.map((message) => (message as { role: string }).role);
}

describe("retry plugin", () => {
  it("retries two overloaded answers with doubling delays and resolves prompt() only after the success", async () => {
    const { session, scripted, retryEvents, events } = await retrySession({
      settings: fastRetry,
      turns: [overloaded, overloaded, { text: "finally" }],
    });
    await session.prompt("hello");

    expect(retryEvents()).toEqual([
      { type: "auto_retry_start", attempt: 1, maxAttempts: 3, delayMs: 5, errorMessage: "529 overloaded_error: Overloaded" },
      { type: "auto_retry_start", attempt: 2, maxAttempts: 3, delayMs: 10, errorMessage: "529 overloaded_error: Overloaded" },
      { type: "auto_retry_end", success: true, attempt: 2 },
    ]);
    // every wait was over and the answer in place when prompt() returned
    expect(scripted.pending()).toBe(0);
    expect(roles(session.messages)).toEqual(["user", "assistant"]);
    expect((session.messages[1] as AssistantMessage).content).toEqual([{ type: "text", text: "finally" }]);
    // the retried requests no longer carry the failed replies
    expect(scripted.requests.map((request) => roles(request.messages))).toEqual([["user"], ["user"], ["user"]]);
    // the success is announced right after the reply that succeeded, before the run ends
    const types = events.map((event) => event.type).filter((type) => type !== "message_update");
    const success = types.lastIndexOf("auto_retry_end");
    expect(types[success - 1]).toBe("message_end");
    expect(types.slice(success + 1)).toEqual(["turn_end", "agent_end", "agent_settled"]);
  });

  it("keeps the failed replies in the session file while the model no longer sees them", async () => {
    let sessions: SessionsService | undefined;
    const agentDir = tempDir();
    const { session } = await retrySession({
      settings: fastRetry,
      turns: [overloaded, overloaded, { text: "finally" }],
      plugins: [sessionsPlugin({ agentDir }), { name: "grab", setup: (context) => void (sessions = context.use("sessions")) }],
    });
    await session.prompt("hello");
    const stored = sessions!.manager
      .getEntries()
      .flatMap((entry) => (entry.type === "message" ? [entry.message as AssistantMessage] : []))
      .map((message) => `${message.role}:${message.stopReason ?? ""}`);
    expect(stored).toEqual(["user:", "assistant:error", "assistant:error", "assistant:stop"]);
    expect(roles(session.messages)).toEqual(["user", "assistant"]);
  });

  it("gives up after retry.maxRetries with a clear final error, and print mode exits 1", async () => {
    const stdout = collectingStream();
    const stderr = collectingStream();
    const text = textOutputPlugin({ stdout: stdout.stream, stderr: stderr.stream });
    const { session, scripted, retryEvents, log } = await retrySession({
      settings: { retry: { maxRetries: 2, baseDelayMs: 1 } },
      turns: [overloaded, overloaded, overloaded, { text: "never reached" }],
      plugins: [text],
    });
    await session.prompt("hello");

    expect(scripted.requests).toHaveLength(3);
    const end = retryEvents().at(-1);
    expect(end).toEqual({
      type: "auto_retry_end",
      success: false,
      attempt: 2,
      finalError: "529 overloaded_error: Overloaded (gave up after 2 retries)",
    });
    // said once, by the output, not also as a warning
    expect(log.warnings).toEqual([]);
    // the last failure stays in the conversation, so the outcome is visible
    expect((session.messages.at(-1) as AssistantMessage).stopReason).toBe("error");
    const textOutput = (session.registry.services.get("textOutput")! as { finish(): number });
    expect(textOutput.finish()).toBe(1);
    expect(stderr.text()).toBe("pith: 529 overloaded_error: Overloaded (gave up after 2 retries)\n");
    expect(stdout.text()).toBe("");
  });

  it("ends a pending wait at once when the session is aborted", async () => {
    const { session, scripted, retryEvents } = await retrySession({
      settings: { retry: { baseDelayMs: 600_000, provider: { maxRetryDelayMs: 0 } } },
      turns: [overloaded, { text: "not reached" }],
    });
    const prompt = session.prompt("hello");
    await waitFor(() => retryEvents().length === 1);
    await session.abort();
    await prompt;

    expect(retryEvents()).toEqual([
      expect.objectContaining({ type: "auto_retry_start", attempt: 1, delayMs: 600_000 }),
      { type: "auto_retry_end", success: false, attempt: 1, finalError: "Retry cancelled" },
    ]);
    expect(scripted.pending()).toBe(1);
    expect(session.isStreaming).toBe(false);
    // the failure the user gave up on stays visible
    expect((session.messages.at(-1) as AssistantMessage).stopReason).toBe("error");
  });

  it("ends the run of failures when the retried request itself is aborted", async () => {
    const { session, scripted, retryEvents } = await retrySession({
      settings: fastRetry,
      turns: [overloaded, { text: ["slow", " answer"], delayMs: 60_000 }],
    });
    const prompt = session.prompt("hello");
    await waitFor(() => scripted.requests.length === 2);
    await session.abort();
    await prompt;
    expect(retryEvents().at(-1)).toEqual({ type: "auto_retry_end", success: false, attempt: 1, finalError: "Retry cancelled" });
    expect((session.messages.at(-1) as AssistantMessage).stopReason).toBe("aborted");
  });

  it("abortRetry() cancels only the wait: prompt() resolves with the failure", async () => {
    let retry: { abortRetry(): void; isRetrying: boolean } | undefined;
    const { session, scripted, retryEvents } = await retrySession({
      settings: { retry: { baseDelayMs: 600_000, provider: { maxRetryDelayMs: 0 } } },
      turns: [overloaded, { text: "not reached" }],
      plugins: [{ name: "retry-user", setup: (context) => void (retry = context.use("retry")) }],
    });
    const prompt = session.prompt("hello");
    await waitFor(() => retry!.isRetrying);
    retry!.abortRetry();
    await prompt;

    expect(retry!.isRetrying).toBe(false);
    expect(retryEvents().at(-1)).toEqual({ type: "auto_retry_end", success: false, attempt: 1, finalError: "Retry cancelled" });
    expect(scripted.pending()).toBe(1);
  });

  it("honours a provider's retry-after within the cap and fails fast, saying how long, when it is longer", async () => {
    const asksFor = (retryAfterMs: number) => ({ error: { ...overloaded.error, status: 429, errorType: "rate_limit_error", retryAfterMs } });
    const within = await retrySession({ settings: fastRetry, turns: [asksFor(15), { text: "ok" }] });
    await within.session.prompt("hello");
    expect(within.retryEvents()[0]).toMatchObject({ type: "auto_retry_start", delayMs: 15 });

    const beyond = await retrySession({
      settings: { retry: { baseDelayMs: 1, provider: { maxRetryDelayMs: 60_000 } } },
      turns: [asksFor(300_000), { text: "not reached" }],
    });
    await beyond.session.prompt("hello");
    expect(beyond.scripted.pending()).toBe(1);
    const [end] = beyond.retryEvents();
    expect(end).toMatchObject({ type: "auto_retry_end", success: false, attempt: 0 });
    const finalError = (end as { finalError: string }).finalError;
    expect(finalError).toContain("the provider asked to wait 5 min before retrying");
    expect(finalError).toContain("retry.provider.maxRetryDelayMs");
  });

  it("reads the cap from the older retry.maxDelayMs key", async () => {
    const { session, scripted, retryEvents } = await retrySession({
      settings: { retry: { baseDelayMs: 1, maxDelayMs: 1000 } },
      turns: [{ error: { ...overloaded.error, retryAfterMs: 5000 } }, { text: "not reached" }],
    });
    await session.prompt("hello");
    expect(scripted.pending()).toBe(1);
    expect(retryEvents()[0]).toMatchObject({ success: false, finalError: expect.stringContaining("(1 s)") });
  });

  it("leaves context overflow, rejected requests and disabled retry alone", async () => {
    const overflow = await retrySession({
      settings: fastRetry,
      turns: [{ error: { message: "prompt is too long: 250000 tokens > 200000 maximum", status: 400 } }, { text: "x" }],
    });
    await overflow.session.prompt("hello");
    expect(overflow.retryEvents()).toEqual([]);
    expect(overflow.scripted.pending()).toBe(1);

    const rejected = await retrySession({
      settings: fastRetry,
      turns: [{ error: { message: "400 invalid_request_error: max_tokens: 500 is too small", status: 400 } }, { text: "x" }],
    });
    await rejected.session.prompt("hello");
    expect(rejected.retryEvents()).toEqual([]);

    const disabled = await retrySession({ settings: { retry: { enabled: false } }, turns: [overloaded, { text: "x" }] });
    await disabled.session.prompt("hello");
    expect(disabled.retryEvents()).toEqual([]);
    expect(disabled.scripted.pending()).toBe(1);
  });

  it("counts again from 1 for the next failure after a success", async () => {
    const { session, retryEvents } = await retrySession({
      settings: fastRetry,
      turns: [overloaded, { text: "one" }, overloaded, { text: "two" }],
    });
    await session.prompt("first");
    await session.prompt("second");
    expect(retryEvents().map((event) => `${event.type}:${event.attempt}`)).toEqual([
      "auto_retry_start:1",
      "auto_retry_end:1",
      "auto_retry_start:1",
      "auto_retry_end:1",
    ]);
  });

  it("closes an open run of failures when a later failure is not retryable", async () => {
    const { session, retryEvents } = await retrySession({
      settings: fastRetry,
      turns: [overloaded, { error: { message: "401 authentication_error: invalid x-api-key", status: 401 } }],
    });
    await session.prompt("hello");
    expect(retryEvents().at(-1)).toEqual({
      type: "auto_retry_end",
      success: false,
      attempt: 1,
      finalError: "401 authentication_error: invalid x-api-key",
    });
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
}
