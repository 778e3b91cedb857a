// pi 1.6.0's SessionManager as pith serves it: the same script writes a session with pi's own class (under Node 22)
// and with pith's served class (loaded as an extension file); each side then opens both files, and pi and pith must
// read the same entries, tree, labels and context from each, and the two files must hold the same session.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExtensionModuleLoader } from "../../plugins/extensions/loading/module-loader.js";
import { PI16_PACKAGE, runOnNode22 } from "../support/pi-node22.js";
import { createWorld, startSession, type World } from "./harness.js";
import { SEEDED_SESSION } from "./seeded-session.js";

const AGENT = "@earendil-works/pi-coding-agent";

const PRELUDE = `
  const renamer = () => { const names = new Map(); return (id) => (typeof id === "string" ? (names.get(id) ?? (names.set(id, "e" + names.size), names.get(id))) : id); };
  const stable = (value) => { const name = renamer(); return JSON.parse(JSON.stringify(value, (key, v) => (["timestamp", "labelTimestamp"].includes(key) ? undefined : ["id", "parentId", "firstKeptEntryId", "targetId", "fromId"].includes(key) && v !== "root" ? name(v) : v))); };
  const shape = (nodes) => nodes.map((node) => [node.entry.type, node.label ?? null, shape(node.children)]);
  const usage = { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  const reply = (text) => ({ role: "assistant", content: [{ type: "text", text }], api: "anthropic-messages", provider: "anthropic", model: "claude", usage, stopReason: "stop", timestamp: 2 });
  const user = (text) => ({ role: "user", content: text, timestamp: 1 });
  const attempt = (work) => { try { work(); return "ok"; } catch { return "threw"; } };
  const read = (m, file) => {
    const sm = m.SessionManager.open(file);
    const header = sm.getHeader();
    const at = (id) => sm.getEntries().findIndex((e) => e.id === id);
    return stable({
      header: { type: header.type, version: header.version, cwd: header.cwd, parentSession: typeof header.parentSession },
      entries: sm.getEntries(), count: sm.getEntryCount(), leaf: at(sm.getLeafId()), name: sm.getSessionName() ?? null,
      tree: shape(sm.getTree()), context: sm.buildSessionContext(), contextEntries: sm.buildContextEntries().map((e) => at(e.id)),
      labels: sm.getEntries().map((e) => sm.getLabel(e.id) ?? null), children: sm.getChildren(sm.getEntries()[2].id).length,
      persisted: sm.isPersisted(), cwd: sm.getCwd(), dir: sm.getSessionDir() === file.slice(0, file.lastIndexOf("/")),
    });
  };
`;

const WRITE = `(m, dir, cwd) => {
  const sm = m.SessionManager.create(cwd, dir);
  const before = [typeof sm.getSessionFile(), sm.getHeader().type, sm.getEntryCount()];
  sm.appendThinkingLevelChange("high");
  sm.appendModelChange("anthropic", "claude");
  const u1 = sm.appendMessage(user("hello"));
  const a1 = sm.appendMessage(reply("hi"));
  sm.appendLabelChange(u1, "greeting");
  sm.appendCustomEntry("state", { n: 1 });
  sm.appendCustomMessageEntry("note", "remember", true, { x: 1 });
  sm.appendSessionInfo("my\\nsession ");
  const used = sm.appendUsage("cache_warm", "anthropic", "claude", usage);
  sm.appendCompaction("summary so far", u1, 100, { readFiles: [], modifiedFiles: [] });
  sm.appendMessage(user("more"));
  const a2 = sm.appendMessage(reply("a long reply"));
  sm.appendContextEdit(a2, { content: "short" });
  const errors = [attempt(() => sm.appendContextEdit("nope", null)), attempt(() => sm.appendContextEdit(sm.getLeafId(), null)), attempt(() => sm.appendContextEdit(a2, { content: 5 })), attempt(() => sm.branch("nope"))];
  sm.branch(a1);
  sm.appendMessage(user("another way"));
  sm.branchWithSummary(a1, "tried another way", { readFiles: [], modifiedFiles: [] });
  const u3 = sm.appendMessage(user("final"));
  const file = sm.getSessionFile();
  const branched = sm.createBranchedSession(u3);
  return { file, branched, before, used: [used.type, used.kind], errors, afterBranch: [sm.getSessionFile() === branched, sm.getHeader().parentSession === file] };
}`;

let world: World;
let piWrote: { file: string; branched: string } & Record<string, unknown>;
let piRead: unknown[];
let pithWrote: typeof piWrote;
let served: Record<string, any>;

async function loadServed(): Promise<Record<string, any>> {
  const path = await world.write("ext/served.ts", `import * as served from "${AGENT}";\nexport default served;`);
  return (await createExtensionModuleLoader({ cacheDir: world.cacheDir }).load(path)) as Record<string, any>;
}
const evaluate = (source: string) => new Function("m", "input", `${PRELUDE}\nreturn (${source})(m, input);`) as (m: unknown, input: unknown) => any;
const pi = (body: string) =>
  runOnNode22(`const { VIRTUAL_MODULES } = await import(${JSON.stringify(`${PI16_PACKAGE}/dist/core/extensions/virtual-modules.js`)});
    const m = VIRTUAL_MODULES[${JSON.stringify(AGENT)}];
    ${PRELUDE}
    ${body}`, { env: { PI_CODING_AGENT_DIR: world.agentDir } });

/** what the inMemory case inspects, a session of stored entries */
const INSPECT = `(m, input) => {
  const entries = m.parseSessionEntries(input.content);
  const sm = m.SessionManager.inMemory("/work/project", undefined, entries);
  const collected = m.collectEntriesForBranchSummary(sm, "b2", "u4");
  const result = [sm.getSessionFile() ?? null, sm.isPersisted(), sm.getSessionDir(), sm.getSessionId(), sm.getLeafId(), shape(sm.getTree()), sm.buildSessionProjection(),
    sm.getLabel("u1") ?? null, sm.getSessionName() ?? null, collected.entries.map((e) => e.id), collected.commonAncestorId, sm.getBranch("t2").map((e) => e.id)];
  const branched = sm.createBranchedSession("u4");
  return [result, branched ?? null, stable(sm.getEntries()), stable(sm.buildSessionContext()), sm.getLabel("u1") ?? null, sm.getSessionId() !== input.id];
}`;
const INSPECTED = { content: SEEDED_SESSION, id: "019a0000-0000-7000-8000-000000000001" };
let piInspected: unknown;

beforeAll(async () => {
  world = await createWorld();
  served = await loadServed();
  pithWrote = evaluate(`(m, input) => (${WRITE})(m, input.dir, input.cwd)`)(served, { dir: join(world.root, "pith"), cwd: world.project });
  // pi's side in one Node 22 process: its session written, then the four files read, then the stored entries inspected
  const piSide = JSON.parse(
    await pi(`const wrote = (${WRITE})(m, ${JSON.stringify(join(world.root, "pi"))}, ${JSON.stringify(world.project)});
    const files = [wrote.file, wrote.branched, ${JSON.stringify(pithWrote.file)}, ${JSON.stringify(pithWrote.branched)}];
    process.stdout.write(JSON.stringify({ wrote, read: files.map((file) => read(m, file)), inspected: (${INSPECT})(m, ${JSON.stringify(INSPECTED)}) }));`),
  ) as { wrote: typeof piWrote; read: unknown[]; inspected: unknown };
  ({ wrote: piWrote, read: piRead, inspected: piInspected } = piSide);
}, 180_000);
afterAll(() => world.close());

describe("SessionManager served as pi 1.6.0's", () => {
  it("writes what pi writes, with the same results along the way", () => {
    const { file: _file, branched: _branched, ...piRest } = piWrote;
    const { file: _pithFile, branched: _pithBranched, ...pithRest } = pithWrote;
    expect(pithRest).toEqual(piRest);
    expect(pithRest.errors).toEqual(["threw", "threw", "threw", "threw"]);
    // the same session, field for field, ids and times aside; labels re-written at the end of the branched copy
    expect(piRead[2]).toEqual(piRead[0]);
    expect(piRead[3]).toEqual(piRead[1]);
  });

  it("reads pi's files and its own as pi does", () => {
    const files = [piWrote.file, piWrote.branched, pithWrote.file, pithWrote.branched];
    const pithRead = files.map((file) => evaluate(`(m, file) => read(m, file)`)(served, file));
    expect(pithRead).toEqual(piRead);
  });

  it("leaves no lock behind: the running session could take the file over", () => {
    const text = readFileSync(pithWrote.file, "utf8");
    expect(text.split("\n").filter(Boolean).length).toBeGreaterThan(15);
    expect(() => readFileSync(`${pithWrote.file}.lock`)).toThrow();
  });
});

describe("SessionManager.inMemory over stored entries, as pi 1.6.0's", () => {
  it("gives pi's tree, context, labels and branched copy", () => {
    expect(JSON.parse(JSON.stringify(evaluate(INSPECT)(served, INSPECTED)))).toEqual(piInspected);
  });
});

describe("SessionManager in a running pith session", () => {
  const PEEK = `
    import { SessionManager } from "${AGENT}";
    export default function (pi) {
      pi.registerCommand("peek", { description: "peek", handler: async (_args, ctx) => {
        const file = ctx.sessionManager.getSessionFile();
        const opened = SessionManager.open(file);
        let write;
        try { opened.appendCustomEntry("probe", {}); write = "ok"; } catch (error) { write = error.code; }
        const listed = await SessionManager.list(ctx.cwd);
        globalThis.peeked = { same: opened.getSessionId() === ctx.sessionManager.getSessionId(), entries: opened.getEntries().length,
          running: ctx.sessionManager.getEntries().length, context: opened.buildSessionContext().messages.map((m) => m.role), write,
          listed: listed.map((info) => info.path).includes(file) };
      } });
    }`;

  it("opens the running session's file to read it; a write to it fails with SESSION_LOCKED instead of mixing writers", async () => {
    const file = await world.write("ext/peek.ts", PEEK);
    const { session } = await startSession(world, { paths: [file], sessionDir: join(world.root, "running"), turns: [{ text: "answer" }] });
    await session.prompt("question");
    await session.prompt("/peek");
    const peeked = (globalThis as { peeked?: Record<string, unknown> }).peeked;
    expect(peeked).toMatchObject({ same: true, context: ["system", "user", "assistant"], write: "SESSION_LOCKED", listed: true });
    expect(peeked!.entries).toBe(peeked!.running);
    await session.dispose();
  });
});
