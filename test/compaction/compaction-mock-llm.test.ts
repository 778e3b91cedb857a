// End to end over HTTP: the Anthropic provider plugin and the mock LLM server, the sessions plugin writing a
// real JSONL file, and the compaction plugin on a model with a small context window.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentSession, SessionEvent } from "../../kernel/index.js";
import { createAgentSession } from "../../sdk/create-agent-session.js";
import { compactionPlugin, estimateTextTokens, SUMMARY_SYSTEM_PROMPT } from "../../plugins/compaction/index.js";
import { writeLargeSession } from "../support/session-generators.js";
import { sessionsPlugin, type SessionStart, type SessionsService } from "../../plugins/sessions/index.js";
import { startMockLlm, type MockLlm, type RecordedRequest, type ScriptedReply } from "../support/mock-llm/index.js";
import { tempDir } from "./fixtures.js";
import { fileLines, recordingLog } from "./harness.js";

// a server per test: replies one test scripted but did not use must not answer the next test
let mock: MockLlm;
beforeEach(async () => {
  mock = await startMockLlm();
});
afterEach(async () => {
  await mock.close();
});

const SECTIONS = ["## Goal", "## Constraints & Preferences", "## Progress", "### Done", "### In Progress", "### Blocked", "## Key Decisions", "## Next Steps", "## Critical Context"];

function isSummary(request: RecordedRequest): boolean {
  return JSON.stringify(request.body.system ?? "").includes("You write checkpoints of coding sessions");
}

function userTexts(request: RecordedRequest): string[] {
  const messages = request.body.messages as { role: string; content: string | { type: string; text?: string }[] }[];
  return messages.map((message) => (typeof message.content === "string" ? message.content : message.content.map((block) => block.text ?? "").join("")));
}

/** Answers summary requests with a summary, everything else with the next of `replies`. */
function script(replies: ScriptedReply[]): (request: RecordedRequest) => ScriptedReply {
  return (request) => (isSummary(request) ? { text: "## Goal\nRefactor the parser.\n\n## Next Steps\n1. Write tests" } : replies.shift() ?? { text: "(unscripted)" });
}

async function startSession(agentDir: string, cwd: string, start?: SessionStart) {
  let sessions!: SessionsService;
  const { session } = await createAgentSession({
    cwd,
    agentDir,
    builtins: ["models", "provider-anthropic"],
    plugins: [sessionsPlugin({ agentDir, start }), compactionPlugin(), { name: "grab", setup: (context) => void (sessions = context.use("sessions")) }],
    model: "mock/small-claude",
    log: recordingLog(),
  });
  const events: SessionEvent[] = [];
  session.subscribe((event) => void events.push(event));
  return { session, sessions, events };
}

function agentDirFor(settings: object): string {
  const agentDir = tempDir();
  writeFileSync(join(agentDir, "settings.json"), JSON.stringify(settings));
  const models = {
    providers: {
      mock: { baseUrl: mock.url, api: "anthropic-messages", apiKey: "test-key", models: [{ id: "small-claude", contextWindow: 4000, maxTokens: 1000 }] },
    },
  };
  writeFileSync(join(agentDir, "models.json"), JSON.stringify(models));
  return agentDir;
}

const plain = (session: AgentSession) => JSON.parse(JSON.stringify(session.messages)) as unknown[];

describe("compaction against the mock LLM server", () => {
  it("a long session compacts at the threshold; the file holds the entry and resuming rebuilds the same context", async () => {
    const agentDir = agentDirFor({ compaction: { reserveTokens: 1000, keepRecentTokens: 300 } });
    const cwd = tempDir();
    const { session, sessions, events } = await startSession(agentDir, cwd);
    const replies: ScriptedReply[] = [600, 1200, 1800, 2400, 3100, 900].map((input, i) => ({ text: `Answer ${i + 1}.`, usage: { input, output: 50 } }));
    const answer = script(replies);
    for (let i = 0; i < 12; i++) mock.enqueue(answer);

    for (let i = 1; i <= 5; i++) await session.prompt(`Step ${i}: ${"refactor the parser module and explain. ".repeat(40)}`);
    expect(events.filter((event) => event.type === "compaction_start")).toEqual([{ type: "compaction_start", reason: "threshold" }]);

    // the summary request: the older turns, serialised, and the structured sections
    const summaryRequests = mock.requests.filter(isSummary);
    expect(summaryRequests).toHaveLength(1);
    const summaryPrompt = userTexts(summaryRequests[0]!)[0]!;
    for (const section of SECTIONS) expect(summaryPrompt).toContain(section);
    expect(summaryPrompt).toContain("[User]: Step 1:");
    expect(summaryPrompt).toContain("[Assistant]: Answer 4.");
    expect(summaryPrompt).not.toContain("[User]: Step 5:");

    await session.prompt("Step 6: wrap up.");
    const next = mock.requests.filter((request) => !isSummary(request)).at(-1)!;
    const texts = userTexts(next);
    expect(texts[0]).toContain("The conversation history before this point was compacted into the following summary:");
    expect(texts[0]).toContain("Refactor the parser.");
    expect(texts.slice(1)).toEqual([expect.stringMatching(/^Step 5:/), "Answer 5.", "Step 6: wrap up."]);

    const file = sessions.manager.getSessionFile()!;
    const lines = fileLines(file);
    const compaction = lines.find((line) => line.type === "compaction")!;
    expect(compaction).toMatchObject({ summary: expect.stringContaining("Refactor the parser."), fromHook: false, tokensBefore: expect.any(Number) });
    expect(lines.filter((line) => line.type === "message")).toHaveLength(12);

    const before = plain(session);
    await session.dispose();
    const resumed = await startSession(agentDir, cwd, { kind: "open", location: file });
    expect(plain(resumed.session)).toEqual(before);
    expect((resumed.session.messages[0] as { role: string }).role).toBe("compactionSummary");
    await resumed.session.dispose();
  });

  it("an overflow error leads to one compaction and one retry of the request", async () => {
    const agentDir = agentDirFor({ compaction: { reserveTokens: 1000, keepRecentTokens: 300 } });
    const { session, sessions, events } = await startSession(agentDir, tempDir());
    const overflow: ScriptedReply = { error: { status: 400, type: "invalid_request_error", message: "prompt is too long: 4500 tokens > 4000 maximum" } };
    const answer = script([
      { text: "First.", usage: { input: 900, output: 50 } },
      { text: "Second.", usage: { input: 1800, output: 50 } },
      overflow,
      { text: "Third, after compaction.", usage: { input: 1100, output: 50 } },
    ]);
    for (let i = 0; i < 8; i++) mock.enqueue(answer);

    for (const step of ["one", "two", "three"]) await session.prompt(`Step ${step}: ${"read every file and report. ".repeat(50)}`);

    // The last prompt alone is over keepRecentTokens (300): as pi 1.6.0 does (same requests, checked by running it), the
    // cut moves past it to the hidden failed reply, and the prompt is summarised as the start of a split turn: one
    // request for the history, one for the turn's beginning, then the retry with the merged summary only.
    const kinds = mock.requests.map((request) => (isSummary(request) ? "summary" : "conversation"));
    expect(kinds).toEqual(["conversation", "conversation", "conversation", "summary", "summary", "conversation"]);
    // both are asked at the same time: told apart by the turn-prefix instructions, not by their order
    const summaryTexts = mock.requests.filter(isSummary).map((request) => userTexts(request)[0]!);
    const turnStart = summaryTexts.find((text) => text.includes("## Original Request"))!;
    const history = summaryTexts.find((text) => text !== turnStart)!;
    expect(history).toContain("[User]: Step one:");
    expect(history).toContain("[User]: Step two:");
    expect(history).not.toContain("Step three");
    expect(turnStart).toContain("[User]: Step three:");
    const compaction = events.filter((event) => event.type === "compaction_start" || event.type === "compaction_end");
    expect(compaction).toMatchObject([
      { type: "compaction_start", reason: "overflow" },
      { type: "compaction_end", reason: "overflow", aborted: false, willRetry: true },
    ]);
    const retried = userTexts(mock.requests.at(-1)!);
    expect(retried).toHaveLength(1);
    expect(retried[0]).toContain("compacted into the following summary");
    expect(retried[0]).toContain("**Turn Context (split turn):**");
    expect((session.messages.at(-1) as { content: { text: string }[] }).content[0]!.text).toBe("Third, after compaction.");
    // pi 1.6.0: the failed attempt stays in the file, hidden from the model by a context_edit announced as entry_appended;
    // the compaction keeps from it on (nothing the model sees)
    const manager = sessions.manager;
    const failed = manager.getEntries().find((entry) => entry.type === "message" && entry.message.role === "assistant" && entry.message.stopReason === "error")!;
    const edit = manager.getEntries().find((entry) => entry.type === "context_edit")!;
    expect(edit).toMatchObject({ targetId: failed.id, replacement: null });
    expect(manager.getEntries().find((entry) => entry.type === "compaction")).toMatchObject({ firstKeptEntryId: failed.id });
    expect(manager.getBranch().slice(-4).map((entry) => entry.type)).toEqual(["message", "context_edit", "compaction", "message"]);
    expect(events.filter((event) => event.type === "entry_appended")).toEqual([{ type: "entry_appended", entry: edit }]);
    expect(JSON.stringify(manager.buildSessionContext().messages)).not.toContain("prompt is too long");
    expect(JSON.stringify(mock.requests.at(-1)!.body)).not.toContain("prompt is too long");
    await session.dispose();
  });
  it("resuming a session far larger than the window compacts before the prompt with a summary request that fits", async () => {
    // regression: every message before the cut went into the summary request, 1.7M tokens for a 200k window
    const agentDir = agentDirFor({});
    const cwd = tempDir();
    const file = join(tempDir(), "long.jsonl");
    writeLargeSession(file, { targetBytes: 120_000, messages: 120, cwd });
    const { session, events } = await startSession(agentDir, cwd, { kind: "open", location: file });
    const answer = script([{ text: "Carrying on.", usage: { input: 1500, output: 20 } }]);
    mock.enqueue(answer, answer);

    await session.prompt("continue");
    expect(events.filter((event) => event.type === "compaction_start")).toEqual([{ type: "compaction_start", reason: "threshold" }]);
    const [summary, prompt] = mock.requests;
    expect(mock.requests).toHaveLength(2);
    expect(isSummary(summary!)).toBe(true);
    const text = userTexts(summary!)[0]!;
    expect(estimateTextTokens(SUMMARY_SYSTEM_PROMPT + text) + (summary!.body.max_tokens as number)).toBeLessThanOrEqual(4000);
    expect(text).toContain("[User]: Please look at module 0 and fix the failing test.");
    expect(text).toMatch(/\[\.\.\. \d+ earlier messages omitted/);
    expect(userTexts(prompt!).at(-1)).toBe("continue");
    await session.dispose();
  });
});
