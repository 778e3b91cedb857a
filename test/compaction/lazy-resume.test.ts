// Resuming a big session compacts from lazily parsed messages: the decision, the preparation, the summary's
// conversation and tokensBefore must be exactly what fully parsed messages give, while the old tool output the
// summary leaves out is never parsed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AgentMessage, AssistantMessage } from "../../kernel/index.js";
import { contextExceeds, estimateContextTokens, prepareCompaction, serializeConversation, type CompactionBudget } from "../../plugins/compaction/index.js";
import {
  JsonlSessionStore,
  SessionManager,
  loadSessionRecords,
  parseJsonlBuffer,
  type SessionEntry,
  type SessionWarning,
} from "../../plugins/sessions/index.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const budget: CompactionBudget = { enabled: true, reserveTokens: 2000, keepRecentTokens: 3000 };
const usage = (input: number) => ({ input, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens: input + 10, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } });

/** 40 turns of user, assistant with a read call (usage reported), big tool result; a few odd results among them. */
function writeSession(): { file: string; store: JsonlSessionStore } {
  const dir = mkdtempSync(join(tmpdir(), "pith-lazy-resume-"));
  dirs.push(dir);
  const store = new JsonlSessionStore({ agentDir: dir, sessionDir: dir });
  const manager = SessionManager.create(store, "/p");
  let clock = 1_700_000_000_000;
  for (let turn = 0; turn < 40; turn++) {
    manager.appendMessage({ role: "user", content: `fix module ${turn}`, timestamp: (clock += 1000) });
    const reply: AssistantMessage = {
      role: "assistant",
      content: [{ type: "toolCall", id: `c${turn}`, name: "read", arguments: { path: `src/m${turn}.ts` } }],
      api: "anthropic-messages",
      provider: "anthropic",
      model: "m",
      usage: usage(turn * 2500),
      stopReason: "toolUse",
      timestamp: (clock += 1000),
    };
    manager.appendMessage(reply);
    const text = `line ${turn} "quoted" é\\n\n`.repeat(400 + turn * 7);
    const content =
      turn === 7 ? [] : turn === 9 ? [{ type: "image", data: "aGk=".repeat(2000), mimeType: "image/png" }] : turn === 11 ? [{ type: "text", text: "" }, { type: "text", text }] : [{ type: "text", text }];
    manager.appendMessage({ role: "toolResult", toolCallId: `c${turn}`, toolName: "read", content, isError: false, timestamp: (clock += 1000), ...(turn % 5 === 0 ? { details: { lines: [turn], truncated: false } } : {}) } as AgentMessage);
  }
  manager.appendMessage({ role: "user", content: "thanks", timestamp: (clock += 1000) });
  manager.appendMessage({ role: "assistant", content: [{ type: "text", text: "done" }], api: "anthropic-messages", provider: "anthropic", model: "m", usage: usage(120_000), stopReason: "stop", timestamp: (clock += 1000) });
  const file = manager.getSessionFile()!;
  manager.close();
  return { file, store };
}

function eagerBranch(file: string): SessionEntry[] {
  const parsed = parseJsonlBuffer(readFileSync(file), file, { lazy: false });
  const loaded = loadSessionRecords(parsed.records, file, parsed.warnings);
  if (!loaded.ok) throw new Error("not a session");
  return loaded.session.entries;
}

describe("compacting a lazily loaded session", () => {
  it("prepares, serialises and counts exactly as with every line parsed", () => {
    const { file, store } = writeSession();
    const eager = eagerBranch(file);
    const manager = SessionManager.open(store, file);
    const lazy = manager.getBranch();
    const lazyPrep = prepareCompaction(lazy, budget)!;
    const eagerPrep = prepareCompaction(eager, budget)!;
    expect(lazyPrep.firstKeptEntryId).toBe(eagerPrep.firstKeptEntryId);
    expect(lazyPrep.messagesToSummarize).toHaveLength(120);
    for (const maxTokens of [0, 50, 900, 5_000, 20_000, 60_000, Number.POSITIVE_INFINITY]) {
      expect(serializeConversation(lazyPrep.messagesToSummarize, maxTokens)).toBe(serializeConversation(eagerPrep.messagesToSummarize, maxTokens));
    }
    expect(lazyPrep.tokensBefore).toBe(eagerPrep.tokensBefore);
    expect(JSON.stringify(lazyPrep.messagesToSummarize)).toBe(JSON.stringify(eagerPrep.messagesToSummarize));
    expect(JSON.stringify(lazy)).toBe(JSON.stringify(eager));
    manager.close();
  });

  it("leaves the tool output a fitted summary omits unparsed; a damaged line is reported, with its number, once read", () => {
    const { file, store } = writeSession();
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    // the third turn's tool result (line 1 is the header): damaged inside its text, still shaped like an entry
    const damaged = 10;
    expect(lines[damaged - 1]).toContain('"role":"toolResult"');
    lines[damaged - 1] = lines[damaged - 1]!.replace('"text":"line', '"text":"li"ne');
    writeFileSync(file, `${lines.join("\n")}\n`);
    const warnings: SessionWarning[] = [];
    const manager = SessionManager.open(store, file, { onWarning: (warning) => warnings.push(warning) });
    const context = manager.buildSessionContext().messages;
    const preparation = prepareCompaction(manager.getBranch(), budget)!;
    const conversation = serializeConversation(preparation.messagesToSummarize, 5_000);
    expect(conversation).toContain("[... 93 earlier messages omitted");
    expect(contextExceeds(context, 10_000)).toBe(true);
    expect(warnings).toEqual([]);
    expect(preparation.tokensBefore).toBeGreaterThan(0); // reads every message once
    expect(warnings).toEqual([expect.objectContaining({ code: "invalid_json", line: damaged, location: file })]);
    expect(JSON.stringify(context)).toContain("could not be read from the session file");
    expect(warnings).toHaveLength(1);
    manager.close();
  });
});

describe("contextExceeds", () => {
  it("decides as the full estimate does, for many conversations and limits", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      const messages: AgentMessage[] = [];
      const count = 1 + random(12);
      for (let i = 0; i < count; i++) {
        const text = "word ".repeat(random(800));
        if (random(3) === 0) {
          const reply: AssistantMessage = {
            role: "assistant",
            content: [{ type: "text", text }],
            api: "anthropic-messages",
            provider: "p",
            model: "m",
            usage: usage(random(4) === 0 ? 0 : random(5000)),
            stopReason: random(6) === 0 ? "error" : "stop",
            timestamp: i,
          };
          messages.push(reply);
        } else messages.push({ role: "user", content: text, timestamp: i });
      }
      const overheadTokens = random(700);
      const tokens = estimateContextTokens(messages, { overheadTokens }).tokens;
      for (const limit of [0, tokens - 1, tokens, tokens + 1, random(8000), Math.floor(tokens / 2), tokens * 3]) {
        expect(contextExceeds(messages, limit, { overheadTokens })).toBe(tokens > limit);
      }
    }
  });
});
