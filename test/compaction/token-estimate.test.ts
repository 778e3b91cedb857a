// Token estimates per script, and the context estimate: usage, trailing messages, calibration.
import { describe, expect, it } from "vitest";
import type { AgentMessage } from "../../kernel/index.js";
import {
  estimateContextTokens,
  estimateMessageTokens,
  estimateTextTokens,
  IMAGE_TOKENS,
  MESSAGE_OVERHEAD_TOKENS,
} from "../../plugins/compaction/index.js";
import { asciiTokens, assistant, toolResult, user } from "./fixtures.js";

describe("estimateTextTokens", () => {
  it("counts English and code at four characters per token, like pi", () => {
    expect(estimateTextTokens("")).toBe(0);
    expect(estimateTextTokens("abcd")).toBe(1);
    expect(estimateTextTokens("function add(a, b) { return a + b; }")).toBe(Math.ceil(36 / 4));
  });

  it("counts Chinese, Japanese and Korean characters as more than a token each", () => {
    const chinese = "这是一个关于上下文压缩的测试句子";
    const japanese = "これはコンテキスト圧縮のテストです";
    const korean = "이것은 컨텍스트 압축 테스트입니다";
    expect(estimateTextTokens(chinese)).toBe(Math.ceil(chinese.length * 1.5));
    expect(estimateTextTokens(japanese)).toBe(Math.ceil(japanese.length * 1.5));
    // the spaces between Korean words count as ASCII
    expect(estimateTextTokens(korean)).toBe(Math.ceil(15 * 1.5 + 3 * 0.25));
    // chars/4 would say 4 tokens for this sentence; real tokenizers need 16 or more
    expect(estimateTextTokens(chinese)).toBeGreaterThanOrEqual(chinese.length);
  });

  it("weighs other scripts between the two, and emoji as two tokens", () => {
    expect(estimateTextTokens("Привет мир")).toBe(Math.ceil(9 * 0.5 + 0.25));
    expect(estimateTextTokens("สวัสดี")).toBe(6);
    expect(estimateTextTokens("😀😀")).toBe(4);
    // an ideograph outside the basic plane is one character, not two halves
    expect(estimateTextTokens("𠀀")).toBe(2);
  });
});

describe("estimateMessageTokens", () => {
  it("counts text, thinking, tool calls and images, plus a small framing overhead", () => {
    expect(estimateMessageTokens(user(asciiTokens(10)))).toBe(10 + MESSAGE_OVERHEAD_TOKENS);
    const withImage: AgentMessage = { role: "user", content: [{ type: "text", text: "abcd" }, { type: "image", data: "x", mimeType: "image/png" }], timestamp: 1 };
    expect(estimateMessageTokens(withImage)).toBe(1 + IMAGE_TOKENS + MESSAGE_OVERHEAD_TOKENS);
    const call = assistant("", { toolCalls: [{ id: "c", name: "read", arguments: { path: "a.ts" } }] });
    expect(estimateMessageTokens(call)).toBe(estimateTextTokens('read{"path":"a.ts"}') + MESSAGE_OVERHEAD_TOKENS);
    const bash: AgentMessage = { role: "bashExecution", command: "ls", output: asciiTokens(5), exitCode: 0, cancelled: false, truncated: false, timestamp: 1 };
    expect(estimateMessageTokens(bash)).toBe(1 + 5 + MESSAGE_OVERHEAD_TOKENS);
    expect(estimateMessageTokens({ role: "compactionSummary", summary: asciiTokens(7), tokensBefore: 1, timestamp: 1 })).toBe(7 + MESSAGE_OVERHEAD_TOKENS);
  });
});

describe("estimateContextTokens", () => {
  it("without any usage, estimates every message plus the system prompt and tools", () => {
    const messages = [user(asciiTokens(100)), assistant(asciiTokens(50))];
    const estimate = estimateContextTokens(messages, { overheadTokens: 30 });
    expect(estimate).toEqual({ tokens: 30 + 150 + 2 * MESSAGE_OVERHEAD_TOKENS, usageTokens: 0, trailingTokens: 188, lastUsageIndex: undefined, calibration: 1 });
  });

  it("takes the provider's count for the last reply and estimates only what came after it", () => {
    const messages = [user(asciiTokens(10)), assistant("ok", { usage: { input: 40, output: 10 } }), toolResult("c", asciiTokens(20))];
    const estimate = estimateContextTokens(messages);
    expect(estimate.usageTokens).toBe(50);
    expect(estimate.trailingTokens).toBe(20 + MESSAGE_OVERHEAD_TOKENS);
    expect(estimate.tokens).toBe(50 + 24);
    expect(estimate.lastUsageIndex).toBe(1);
  });

  it("ignores failed replies, replies reporting zero usage, and replies from before the last compaction", () => {
    const failed = { ...assistant("", { usage: { input: 999 } }), stopReason: "error" as const };
    const unreported = assistant("local server");
    const beforeCompaction = assistant("old", { usage: { input: 100_000 } });
    const summary: AgentMessage = { role: "compactionSummary", summary: asciiTokens(10), tokensBefore: 100_000, timestamp: beforeCompaction.timestamp + 1 };
    expect(estimateContextTokens([user("a"), failed]).lastUsageIndex).toBeUndefined();
    expect(estimateContextTokens([user("a"), unreported]).lastUsageIndex).toBeUndefined();
    const compacted = estimateContextTokens([summary, beforeCompaction, user("next")]);
    expect(compacted.lastUsageIndex).toBeUndefined();
    expect(compacted.tokens).toBeLessThan(100);
  });

  it("calibrates later estimates by how much the provider counted above pith's estimate", () => {
    // pith estimates ~1000 tokens for what the provider counted as 2000: later text is scaled by 2
    const before = [user(asciiTokens(996))];
    const reply = assistant("ok", { usage: { input: 2000, output: 5 } });
    const after = toolResult("c", asciiTokens(96));
    const estimate = estimateContextTokens([...before, reply, after]);
    expect(estimate.calibration).toBeCloseTo(2, 5);
    expect(estimate.trailingTokens).toBe(200);
    expect(estimate.tokens).toBe(2005 + 200);
  });

  it("never calibrates downwards, never above 3x, and not from a tiny sample", () => {
    const over = estimateContextTokens([user(asciiTokens(996)), assistant("ok", { usage: { input: 500 } }), user(asciiTokens(96))]);
    expect(over.calibration).toBe(1);
    const wild = estimateContextTokens([user(asciiTokens(996)), assistant("ok", { usage: { input: 50_000 } }), user(asciiTokens(96))]);
    expect(wild.calibration).toBe(3);
    const tiny = estimateContextTokens([user("hi"), assistant("ok", { usage: { input: 5000 } }), user(asciiTokens(96))]);
    expect(tiny.calibration).toBe(1);
  });
});
