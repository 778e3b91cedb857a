// The typed session API over a real session: built-in plugins, JSONL files in a temporary folder, settings
// written to disk, and the scripted provider answering on the models.json api.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AssistantMessage, PithPlugin, StreamRequest } from "../../kernel/index.js";
import { createPithSession, type PithSession } from "../../sdk/index.js";
import { createScriptedProvider, scriptedModel, scriptedProviderPlugin } from "../../sdk/testing/index.js";
import { SUMMARY_SYSTEM_PROMPT } from "../../plugins/compaction/index.js";
import { eventLog, jsonLines, sdkWorld, startRecorder, type SdkWorld } from "./harness.js";

let world: SdkWorld;
const open: PithSession[] = [];

beforeEach(() => {
  world = sdkWorld();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((session) => session.dispose()));
  world.close();
});

async function session(steps: Parameters<SdkWorld["options"]>[0] = [], extra: Parameters<SdkWorld["options"]>[1] = {}) {
  const options = world.options(steps, extra);
  const pith = await createPithSession(options);
  open.push(pith);
  return { pith, scripted: options.scripted };
}

const isSummary = (request: StreamRequest) => request.systemPrompt === SUMMARY_SYSTEM_PROMPT;

describe("state and reports", () => {
  it("runs on pith/testing's scripted provider and model, as docs/sdk.md shows", async () => {
    const scripted = createScriptedProvider({ turns: [{ text: "hello" }] });
    const pith = await createPithSession({ agentDir: world.agentDir, cwd: world.project, plugins: [scriptedProviderPlugin(scripted)], model: scriptedModel(), apiKey: "unused", noSession: true });
    open.push(pith);
    await pith.prompt("hi");
    expect(pith.getLastAssistantText()).toBe("hello");
    expect(pith.sessionFile).toBeUndefined();
  });

  it("answers get_state, get_messages, get_session_stats and get_last_assistant_text in pi's shapes", async () => {
    const { pith } = await session([{ text: "Hello there. ", usage: { input: 1200, output: 30 } }]);
    await pith.prompt("hi");

    expect(pith.getLastAssistantText()).toBe("Hello there.");
    // the system prompt is the first message, as in pi 1.6.0
    expect(pith.getMessages().map((message) => message.role)).toEqual(["system", "user", "assistant"]);
    expect(pith.getState()).toMatchObject({
      model: { provider: "mock", id: "alpha" },
      thinkingLevel: "off",
      isStreaming: false,
      isCompacting: false,
      steeringMode: "one-at-a-time",
      followUpMode: "one-at-a-time",
      sessionFile: pith.sessionFile,
      sessionId: pith.sessionId,
      autoCompactionEnabled: true,
      messageCount: 3,
      pendingMessageCount: 0,
    });
    const stats = pith.getSessionStats();
    expect(stats).toMatchObject({ userMessages: 1, assistantMessages: 1, totalMessages: 3, tokens: { input: 1200, output: 30 } });
    expect(stats.contextUsage).toMatchObject({ tokens: 1230, contextWindow: 200_000 });
    expect(pith.sessionFile && existsSync(pith.sessionFile)).toBe(true);
  });

  it("lists registered commands, then prompt templates, then skills", async () => {
    const prompts = join(world.project, ".pi", "prompts");
    const skill = join(world.project, ".pi", "skills", "pdf-tools");
    mkdirSync(prompts, { recursive: true });
    mkdirSync(skill, { recursive: true });
    writeFileSync(join(prompts, "review.md"), "---\ndescription: Review a file\n---\nReview $1");
    writeFileSync(join(skill, "SKILL.md"), "---\nname: pdf-tools\ndescription: Work with PDF files.\n---\nUse pdftotext.");
    const hello: PithPlugin = { name: "hello", setup: (context) => context.registerCommand({ name: "hello", description: "Say hello", handler: () => undefined }) };
    const { pith } = await session([], { plugins: [hello], projectTrust: { approve: true } });

    expect(pith.getCommands().map(({ name, source }) => `${source}:${name}`)).toEqual(["extension:hello", "prompt:review", "skill:skill:pdf-tools"]);
  });

  it("names the session, and refuses an empty name", async () => {
    const { pith } = await session();
    pith.setSessionName("  refactor auth  ");
    expect(pith.getState().sessionName).toBe("refactor auth");
    expect(() => pith.setSessionName("   ")).toThrow(/cannot be empty/);
  });
});

describe("models, thinking levels and queue modes", () => {
  it("sets, cycles and lists models with a key, and clamps thinking levels to the model", async () => {
    const { pith } = await session();
    expect(pith.getAvailableModels().filter((model) => model.provider === "mock").map((model) => model.id)).toEqual(["alpha", "beta"]);
    expect(await pith.setThinkingLevel("high")).toBe("off"); // alpha cannot think

    const beta = await pith.setModel("mock", "beta");
    expect(beta).toMatchObject({ provider: "mock", id: "beta", reasoning: true });
    expect(await pith.setThinkingLevel("high")).toBe("high");
    expect(await pith.cycleThinkingLevel()).toBe("off"); // after high comes off: beta has no xhigh

    const cycled = await pith.cycleModel();
    expect(cycled).toMatchObject({ model: { id: "alpha" }, isScoped: true });
    expect(pith.model?.id).toBe("alpha");
    await expect(pith.setModel("mock", "gamma")).rejects.toThrow(/Model not found: mock\/gamma/);
  });

  it("applies queue modes, auto-compaction and auto-retry, and saves them in the global settings", async () => {
    const { pith } = await session();
    await pith.setSteeringMode("all");
    await pith.setFollowUpMode("all");
    await pith.setAutoCompaction(false);
    await pith.setAutoRetry(false);

    expect(pith.getState()).toMatchObject({ steeringMode: "all", followUpMode: "all", autoCompactionEnabled: false });
    expect(world.settingsFile()).toMatchObject({ steeringMode: "all", followUpMode: "all", compaction: { enabled: false }, retry: { enabled: false } });
    expect(pith.settings.get().retry.enabled).toBe(false);
  });
});

describe("moving between sessions", () => {
  it("starts a new session that records its model and thinking level first, and announces it", async () => {
    const recorder = startRecorder();
    const { pith } = await session([{ text: "one" }, { text: "two" }], { plugins: [recorder.plugin] });
    await pith.prompt("first");
    const first = { id: pith.sessionId, file: pith.sessionFile! };

    expect(await pith.newSession({ parentSession: first.file })).toEqual({ cancelled: false });
    expect(pith.sessionId).not.toBe(first.id);
    expect(pith.getMessages()).toEqual([]);
    expect(recorder.starts.at(-1)).toEqual({ reason: "new", previousSessionFile: first.file });

    await pith.prompt("second");
    const lines = jsonLines(pith.sessionFile!);
    expect(lines[0]).toMatchObject({ type: "session", id: pith.sessionId, parentSession: first.file });
    expect(lines.slice(1, 3)).toMatchObject([
      { type: "model_change", provider: "mock", modelId: "alpha" },
      { type: "thinking_level_change", thinkingLevel: "off" },
    ]);
  });

  it("switches back to a stored session by id prefix, restoring its conversation and model", async () => {
    const recorder = startRecorder();
    const { pith } = await session([{ text: "in alpha" }, { text: "in beta" }], { plugins: [recorder.plugin] });
    await pith.prompt("first");
    const first = { id: pith.sessionId, file: pith.sessionFile! };
    await pith.newSession();
    await pith.setModel("mock", "beta");
    await pith.prompt("second");
    const second = pith.sessionFile!;

    expect(await pith.switchSession(first.id.slice(0, 23))).toEqual({ cancelled: false });
    expect(pith.sessionId).toBe(first.id);
    expect(pith.getLastAssistantText()).toBe("in alpha");
    expect(pith.model?.id).toBe("alpha");
    expect(recorder.starts.at(-1)).toEqual({ reason: "resume", previousSessionFile: second });
    await expect(pith.switchSession("0000dead")).rejects.toThrow(/No session matches "0000dead"/);
  });

  it("forks before a user message (its text comes back) and clones the current branch", async () => {
    const { pith } = await session([{ text: "a1" }, { text: "a2" }]);
    await pith.prompt("question one");
    await pith.prompt("question two");
    const original = pith.sessionFile!;
    const points = pith.getForkMessages();
    expect(points.map((point) => point.text)).toEqual(["question one", "question two"]);

    const forked = await pith.fork(points[1]!.entryId);
    expect(forked).toEqual({ cancelled: false, text: "question two" });
    expect(pith.sessionFile).not.toBe(original);
    expect(pith.getMessages().map((message) => message.role)).toEqual(["system", "user", "assistant"]);
    expect(jsonLines(pith.sessionFile!)[0]).toMatchObject({ parentSession: original });

    const assistantEntry = jsonLines(original).find((line) => line.type === "message" && (line.message as AssistantMessage).role === "assistant")!;
    await expect(pith.fork(assistantEntry.id as string)).rejects.toThrow(/not a user message/);

    const beforeClone = pith.sessionFile;
    expect(await pith.clone()).toEqual({ cancelled: false });
    expect(pith.sessionFile).not.toBe(beforeClone);
    expect(pith.getLastAssistantText()).toBe("a1");
  });

  it("navigates the tree: a user message reopens for editing, and the branch left behind can be summarised", async () => {
    const steps = [{ text: "a1" }, { text: "a2" }, (request: StreamRequest) => ({ text: isSummary(request) ? "they asked twice" : "unexpected" })];
    const { pith, scripted } = await session(steps);
    await pith.prompt("question one");
    await pith.prompt("question two");
    const [, second] = pith.getForkMessages();

    const moved = await pith.navigateTree(second!.entryId, { summarize: true, label: "retry here" });
    expect(moved).toMatchObject({ cancelled: false, editorText: "question two", summaryEntryId: expect.any(String) });
    expect(isSummary(scripted.requests.at(-1)!)).toBe(true);
    expect(pith.getMessages().map((message) => message.role)).toEqual(["system", "user", "assistant", "branchSummary"]);
    const lines = jsonLines(pith.sessionFile!);
    expect(lines.find((line) => line.type === "branch_summary")).toMatchObject({ id: moved.summaryEntryId, summary: expect.stringContaining("they asked twice") });
    expect(lines.find((line) => line.type === "label")).toMatchObject({ targetId: moved.summaryEntryId, label: "retry here" });
    await expect(pith.navigateTree("nope")).rejects.toThrow(/entry nope/);
  });
});

describe("compaction, bash and shutdown", () => {
  it("compacts on request, with the compaction events", async () => {
    const long = "word ".repeat(3000);
    const steps = [{ text: "first answer" }, { text: "second answer" }, { text: "## Goal\nsummary" }];
    world.close();
    world = sdkWorld({ compaction: { keepRecentTokens: 200 } });
    const { pith } = await session(steps);
    await pith.prompt(long);
    await pith.prompt(long);
    const log = eventLog();
    pith.subscribe(log.listener);

    const result = await pith.compact("keep it short");
    expect(result).toMatchObject({ summary: expect.stringContaining("summary"), tokensBefore: expect.any(Number), firstKeptEntryId: expect.any(String) });
    expect(log.types().filter((type) => type.startsWith("compaction_"))).toEqual(["compaction_start", "compaction_end"]);
    // the compaction's checkpoint of the system prompt and tools leads, then the summary (pi 1.6.0)
    expect(pith.getMessages().slice(0, 2).map((message) => message.role)).toEqual(["system", "compactionSummary"]);
  });

  it("runs the user's bash command in the project and keeps it in the conversation", async () => {
    const { pith } = await session();
    const result = await pith.executeBash("pwd; exit 3");
    expect(result).toMatchObject({ output: `${world.project}\n`, exitCode: 3, cancelled: false, truncated: false });
    expect(pith.getMessages()).toMatchObject([{ role: "bashExecution", command: "pwd; exit 3", exitCode: 3 }]);
  });

  it("releases the session file's lock on dispose and refuses work afterwards", async () => {
    const { pith } = await session([{ text: "ok" }]);
    await pith.prompt("hi");
    const folder = join(world.sessionDir);
    const locks = () => readdirSync(folder, { recursive: true }).filter((name) => String(name).endsWith(".lock"));
    expect(locks()).toHaveLength(1);

    await pith.dispose();
    expect(locks()).toEqual([]);
    expect(pith.isDisposed).toBe(true);
    await expect(async () => pith.prompt("again")).rejects.toThrow(/disposed/);
    await pith.dispose(); // a second call is harmless
  });
});
