// End to end over HTTP: the Anthropic provider plugin talks to the mock LLM server, the retry plugin retries.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AssistantMessage, PithPlugin, SessionEvent } from "../../kernel/index.js";
import { createAgentSession } from "../../sdk/create-agent-session.js";
import type { BuiltinPluginName } from "../../sdk/builtin-plugins.js";
import { retryPlugin } from "../../plugins/retry/index.js";
import { textOutputPlugin } from "../../plugins/output-text/index.js";
import { startMockLlm, type MockLlm } from "../support/mock-llm/index.js";
import { codexAccessToken } from "../support/mock-oauth-server.js";
import { agentDirWith, collectingStream, recordingLog, tempDir } from "./harness.js";

// a server per test: a reply one test scripted but did not use must not answer the next test
let mock: MockLlm;
beforeEach(async () => {
  mock = await startMockLlm();
});
afterEach(async () => {
  await mock.close();
});

const anthropicProvider = () => ({ baseUrl: mock.url, api: "anthropic-messages", apiKey: "test-key", builtin: "provider-anthropic" as BuiltinPluginName });

async function mockSession(settings: object, plugins: PithPlugin[] = [], provider = anthropicProvider()) {
  const agentDir = agentDirWith(settings);
  const { builtin, ...config } = provider;
  const models = { providers: { mock: { ...config, models: [{ id: "mock-claude", contextWindow: 200_000, maxTokens: 1024 }] } } };
  writeFileSync(join(agentDir, "models.json"), JSON.stringify(models));
  const log = recordingLog();
  const { session } = await createAgentSession({
    cwd: tempDir(),
    agentDir,
    builtins: ["models", builtin],
    plugins: [retryPlugin(), ...plugins],
    model: "mock/mock-claude",
    log,
  });
  const events: SessionEvent[] = [];
  session.subscribe((event) => void events.push(event));
  const retryEvents = () => events.filter((event) => event.type.startsWith("auto_retry"));
  return { session, events, retryEvents, log };
}

const overloaded = { error: { status: 529, type: "overloaded_error", message: "Overloaded" } };

describe("retry against the mock LLM server", () => {
  it("529 twice, then success: two retries with the configured delays; prompt() resolves after the answer", async () => {
    const { session, retryEvents } = await mockSession({ retry: { baseDelayMs: 5 } });
    mock.enqueue(overloaded, overloaded, { text: "All good now." });
    await session.prompt("hello");

    expect(mock.requests).toHaveLength(3);
    expect(retryEvents().map((event) => ({ ...event, errorMessage: undefined }))).toEqual([
      { type: "auto_retry_start", attempt: 1, maxAttempts: 3, delayMs: 5, errorMessage: undefined },
      { type: "auto_retry_start", attempt: 2, maxAttempts: 3, delayMs: 10, errorMessage: undefined },
      { type: "auto_retry_end", success: true, attempt: 2, errorMessage: undefined },
    ]);
    expect((retryEvents()[0] as { errorMessage: string }).errorMessage).toContain("Overloaded");
    const answer = session.messages.at(-1) as AssistantMessage;
    expect(answer.content).toEqual([{ type: "text", text: "All good now." }]);
    // each retried request sends the same conversation: the failed replies never reach the server
    const sent = mock.requests.map((request) => JSON.stringify(request.body.messages));
    expect(new Set(sent).size).toBe(1);
  });

  it("a ChatGPT plan's usage limit (Codex's 429) is not retried, as in pi 1.6.0: it resets after hours", async () => {
    const codex = { baseUrl: `${mock.url}/backend-api`, api: "openai-codex-responses", apiKey: codexAccessToken(1, "acct-1"), builtin: "provider-openai" as BuiltinPluginName };
    const { session, retryEvents } = await mockSession({ transport: "sse", retry: { baseDelayMs: 1 } }, [], codex);
    const limit = JSON.stringify({ error: { code: "usage_limit_reached", message: "The usage limit has been reached", plan_type: "PLUS" } });
    mock.enqueue({ error: { status: 429, body: limit } }, { text: "never sent" });
    await session.prompt("hello");
    expect(mock.requests).toHaveLength(1);
    expect(retryEvents()).toEqual([]);
    expect((session.messages.at(-1) as AssistantMessage).errorMessage).toContain("You have hit your ChatGPT usage limit (plus plan).");
  });

  it("waits the retry-after-ms the server sends", async () => {
    const { session, retryEvents } = await mockSession({ retry: { baseDelayMs: 5 } });
    mock.enqueue({ error: { status: 429, type: "rate_limit_error", headers: { "retry-after-ms": "25" } } }, { text: "ok" });
    await session.prompt("hello");
    expect(retryEvents()[0]).toMatchObject({ type: "auto_retry_start", delayMs: 25 });
    expect(mock.requests).toHaveLength(2);
  });

  it("fails fast when the server asks for a wait beyond the cap", async () => {
    const { session, retryEvents } = await mockSession({ retry: { baseDelayMs: 5, provider: { maxRetryDelayMs: 1000 } } });
    mock.enqueue({ error: { status: 429, type: "rate_limit_error", headers: { "retry-after": "120" } } });
    await session.prompt("hello");
    expect(mock.requests).toHaveLength(1);
    expect(retryEvents()).toEqual([expect.objectContaining({ type: "auto_retry_end", success: false })]);
    expect((retryEvents()[0] as { finalError: string }).finalError).toContain("asked to wait 2 min before retrying");
  });

  it("retries exhausted: auto_retry_end reports the failure and print mode exits 1 with the error on stderr", async () => {
    const stdout = collectingStream();
    const stderr = collectingStream();
    const text = textOutputPlugin({ stdout: stdout.stream, stderr: stderr.stream });
    const { session, retryEvents, log } = await mockSession({ retry: { maxRetries: 2, baseDelayMs: 1 } }, [text]);
    mock.enqueue(overloaded, overloaded, overloaded);
    await session.prompt("hello");

    expect(mock.requests).toHaveLength(3);
    const end = retryEvents().at(-1) as { type: string; success: boolean; attempt: number; finalError: string };
    expect(end).toMatchObject({ type: "auto_retry_end", success: false, attempt: 2 });
    expect(end.finalError).toMatch(/Overloaded.*\(gave up after 2 retries\)$/);
    expect(log.warnings.some((warning) => warning.includes("gave up after 2 retries"))).toBe(false);
    const exitCode = (session.registry.services.get("textOutput")! as { finish(): number }).finish();
    expect(exitCode).toBe(1);
    expect(stderr.text()).toMatch(/^pith: .*Overloaded.* \(gave up after 2 retries\)\n$/);
    expect(stdout.text()).toBe("");
  });
});
