// The smaller parts: settings, the summary model choice, overflow detection, branch collection, the summary call.
import { describe, expect, it } from "vitest";
import type { AgentMessage, AssistantMessage } from "../../kernel/index.js";
import { AssistantMessageBuilder } from "../../lib/provider-kit/index.js";
import {
  branchMessageOf,
  budgetFor,
  chooseSummaryModel,
  collectBranchEntries,
  compactionSettingsFrom,
  DEFAULT_COMPACTION_SETTINGS,
  isContextOverflow,
  prepareBranchEntries,
  requestSummary,
  SUMMARY_SYSTEM_PROMPT,
} from "../../plugins/compaction/index.js";
import { SettingsManager } from "../../plugins/settings/index.js";
import { createScriptedProvider, scriptedModel } from "../../sdk/testing/index.js";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { asciiTokens, assistant, branchOf, tempDir, toolResult, user } from "./fixtures.js";

describe("compaction settings", () => {
  it("reads compaction.* and branchSummary.* from a real settings.json, pi's defaults otherwise", async () => {
    const agentDir = tempDir();
    writeFileSync(
      join(agentDir, "settings.json"),
      JSON.stringify({ compaction: { enabled: false, reserveTokens: 8000, keepRecentTokens: 5000, model: "haiku", provider: "anthropic" }, branchSummary: { reserveTokens: 4000 } }),
    );
    const manager = await SettingsManager.load({ agentDir, cwd: tempDir(), env: {} });
    expect(compactionSettingsFrom(manager.get())).toEqual({
      settings: { enabled: false, reserveTokens: 8000, keepRecentTokens: 5000, branchReserveTokens: 4000, model: "haiku", provider: "anthropic" },
      warnings: [],
    });
    expect(compactionSettingsFrom(undefined).settings).toEqual(DEFAULT_COMPACTION_SETTINGS);
  });

  it("uses pi's defaults when settings.json holds something else than an object for compaction", async () => {
    const agentDir = tempDir();
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ compaction: "often", branchSummary: [1] }));
    const manager = await SettingsManager.load({ agentDir, cwd: tempDir(), env: {} });
    expect(compactionSettingsFrom(manager.get()).settings).toEqual(DEFAULT_COMPACTION_SETTINGS);
    expect(manager.warnings.map((warning) => warning.message).join("\n")).toContain("compaction");
  });

  it("reports values it cannot use and falls back to the default", () => {
    const { settings, warnings } = compactionSettingsFrom({ compaction: { reserveTokens: -5, keepRecentTokens: 1.5, model: "", provider: "x" } as never });
    expect(settings).toMatchObject({ reserveTokens: 16384, keepRecentTokens: 20000 });
    expect(settings.model).toBeUndefined();
    expect(warnings).toEqual([
      "compaction.reserveTokens must be a whole number of tokens (0 or more), not -5; using 16384.",
      "compaction.keepRecentTokens must be a whole number of tokens (0 or more), not 1.5; using 20000.",
      'compaction.model must be a non-empty string, not ""; it is ignored.',
      "compaction.provider is set without compaction.model; it is ignored.",
    ]);
  });

  it("fits the budget to the model's window", () => {
    const defaults = { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 };
    expect(budgetFor(defaults, 200_000, "m").budget).toEqual(defaults);
    expect(budgetFor(defaults, 200_000, "m").warnings).toEqual([]);
    const small = budgetFor(defaults, 32_000, "local/qwen");
    expect(small.budget).toEqual({ enabled: true, reserveTokens: 8000, keepRecentTokens: 12_000 });
    expect(small.warnings[0]).toContain("more than half of the 32000-token context window of local/qwen; using 8000");
    expect(budgetFor(defaults, 0, "unknown window").budget).toEqual(defaults);
  });
});

describe("chooseSummaryModel", () => {
  const session = scriptedModel({ provider: "anthropic", id: "claude-sonnet", contextWindow: 200_000 });
  const haiku = scriptedModel({ provider: "anthropic", id: "claude-haiku", contextWindow: 50_000 });
  const router = scriptedModel({ provider: "openrouter", id: "google/gemini", contextWindow: 1_000_000 });
  const find = (provider: string, id: string) => [session, haiku, router].find((model) => model.provider === provider && model.id === id);

  it("finds the model by id of the session's provider, of compaction.provider, or as provider/id", () => {
    expect(chooseSummaryModel(session, { model: "claude-haiku" }, find, 1000)).toEqual({ model: haiku });
    expect(chooseSummaryModel(session, { provider: "openrouter", model: "google/gemini" }, find, 1000)).toEqual({ model: router });
    expect(chooseSummaryModel(session, { model: "anthropic/claude-haiku" }, find, 1000)).toEqual({ model: haiku });
    expect(chooseSummaryModel(session, {}, find, 1000)).toEqual({ model: session });
  });

  it("falls back to the session's model with a warning when the model is unknown or too small", () => {
    expect(chooseSummaryModel(session, { model: "nope" }, find, 1000)).toMatchObject({ model: session, warning: expect.stringContaining('"nope" is not a known model') });
    expect(chooseSummaryModel(session, { model: "claude-haiku" }, undefined, 1000)).toMatchObject({ model: session });
    const tooBig = chooseSummaryModel(session, { model: "claude-haiku" }, find, 60_000);
    expect(tooBig.model).toBe(session);
    expect(tooBig.warning).toBe(
      "compaction.model anthropic/claude-haiku has a 50000-token context window, too small for this summary (about 60000 tokens); summarising with anthropic/claude-sonnet instead.",
    );
  });
});

describe("isContextOverflow", () => {
  const model = scriptedModel({ contextWindow: 1000 });
  const failed = (message: string, kind = "http") => {
    const event = new AssistantMessageBuilder(model).fail("error", message, { kind, status: 400 });
    return (event as { error: AssistantMessage }).error;
  };

  it("recognises the provider's overflow kind, overflow texts, and silent overflows", () => {
    expect(isContextOverflow(failed("anything", "overflow"), 1000)).toBe(true);
    expect(isContextOverflow(failed("400 invalid_request_error: prompt is too long: 300000 tokens > 200000 maximum"), 1000)).toBe(true);
    expect(isContextOverflow(failed("400 status code (no body)"), 1000)).toBe(true);
    expect(isContextOverflow(assistant("ok", { usage: { input: 1200 } }), 1000)).toBe(true);
    expect(isContextOverflow({ ...assistant("", { usage: { input: 995, output: 0 } }), stopReason: "length" }, 1000)).toBe(true);
  });

  it("does not mistake rate limits or ordinary replies for overflows", () => {
    expect(isContextOverflow(failed("429 rate_limit_error: too many tokens per minute"), 1000)).toBe(false);
    expect(isContextOverflow(failed("529 overloaded_error: Overloaded"), 1000)).toBe(false);
    expect(isContextOverflow(assistant("ok", { usage: { input: 900 } }), 1000)).toBe(false);
  });
});

describe("branch entries", () => {
  it("collect from the old leaf back to the common ancestor, oldest first", () => {
    const { manager, ids } = branchOf([user("root question"), assistant("root answer"), user("branch A"), assistant("A answer")]);
    manager.branch(ids[1]!);
    const b = manager.appendMessage(user("branch B"));
    const { entries, commonAncestorId } = collectBranchEntries(manager, ids[3]!, b);
    expect(commonAncestorId).toBe(ids[1]);
    expect(entries.map((entry) => entry.id)).toEqual([ids[2], ids[3]]);
    expect(collectBranchEntries(manager, null, b)).toEqual({ entries: [], commonAncestorId: null });
    expect(collectBranchEntries(manager, ids[3]!, null).entries).toHaveLength(4);
  });

  it("take the newest messages that fit, skip tool results, and keep file operations of all of them", () => {
    const { manager } = branchOf([
      user(asciiTokens(500)),
      assistant("", { toolCalls: [{ id: "c", name: "edit", arguments: { path: "old.ts" } }] }),
      toolResult("c", "edited"),
      user(asciiTokens(50)),
      assistant(asciiTokens(50)),
    ]);
    manager.appendBranchSummary(manager.getLeafId(), "earlier branch", { readFiles: ["seen.ts"], modifiedFiles: [] }, false);
    const entries = manager.getBranch();
    const { messages, fileOps, totalTokens } = prepareBranchEntries(entries, 200);
    expect(messages.map((message: AgentMessage) => (message as { role: string }).role)).toEqual(["assistant", "user", "assistant", "branchSummary"]);
    expect(totalTokens).toBeLessThanOrEqual(200);
    expect([...fileOps.edited]).toEqual(["old.ts"]);
    expect([...fileOps.read]).toEqual(["seen.ts"]);
    expect(branchMessageOf(entries[2]!)).toBeUndefined();
  });
});

describe("requestSummary", () => {
  const model = scriptedModel({ reasoning: true });

  it("sends the summariser's system prompt and one user message, at the session's thinking level", async () => {
    const scripted = createScriptedProvider({ turns: [{ text: ["## Goal", "\nok"] }] });
    const text = await requestSummary(
      { model, access: { providerFor: () => scripted.provider, authFor: async () => ({ apiKey: "k" }) }, thinkingLevel: "high" },
      { prompt: "summarise this", maxTokens: 100_000, signal: new AbortController().signal },
    );
    expect(text).toBe("## Goal\nok");
    const [request] = scripted.requests;
    expect(request!.systemPrompt).toBe(SUMMARY_SYSTEM_PROMPT);
    expect(request!.messages).toEqual([{ role: "user", content: [{ type: "text", text: "summarise this" }], timestamp: expect.any(Number) }]);
    expect(request!.thinkingLevel).toBe("high");
    expect(request!.maxTokens).toBe(model.maxTokens);
    expect(request!.tools).toEqual([]);
    expect(request!.apiKey).toBe("k");
  });

  it("fails with a clear error when the model fails or no provider serves it", async () => {
    const scripted = createScriptedProvider({ turns: [{ error: { message: "500 api_error: boom", status: 500 } }] });
    const call = { model, access: { providerFor: () => scripted.provider, authFor: async () => undefined }, thinkingLevel: "off" as const };
    const request = { prompt: "x", maxTokens: 10, signal: new AbortController().signal };
    await expect(requestSummary(call, request)).rejects.toThrow("Summarization failed (scripted/scripted-model): 500 api_error: boom");
    await expect(requestSummary({ ...call, access: { ...call.access, providerFor: () => undefined } }, request)).rejects.toMatchObject({ code: "NO_PROVIDER" });
  });
});

