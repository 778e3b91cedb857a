// A Chinese session on a provider that reports no usage: pith's estimate compacts in time, where counting a
// quarter token per character (pi's rule) would let the next request overflow.
import { describe, expect, it } from "vitest";
import type { AssistantMessage, Message, StreamRequest } from "../../kernel/index.js";
import type { ScriptedTurn } from "../../sdk/testing/index.js";
import { compactionSession, isSummaryRequest } from "./harness.js";

const WINDOW = 3000;
const RESERVE = 500;
const THRESHOLD = WINDOW - RESERVE;

/** What the scripted "server" counts: 1.2 tokens per CJK character, 4 characters per token otherwise. */
function serverTokens(text: string): number {
  let tokens = 0;
  for (const char of text) tokens += /\p{Script=Han}/u.test(char) ? 1.2 : 0.25;
  return tokens;
}

function textOf(message: Message): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((block) => ("text" in block ? block.text : "")).join("");
}

function requestTokens(request: StreamRequest): number {
  return serverTokens(request.systemPrompt) + request.messages.reduce((sum, message) => sum + serverTokens(textOf(message)), 0);
}

/** pi's rule: a quarter token per character. */
function quarterPerChar(messages: readonly Message[]): number {
  return messages.reduce((sum, message) => sum + Math.ceil(textOf(message).length / 4), 0);
}

/** A server with a 3000-token window that, like many local servers, reports no usage. */
function answer(request: StreamRequest): ScriptedTurn {
  const tokens = Math.ceil(requestTokens(request));
  if (tokens > WINDOW) return { error: { message: `prompt is too long: ${tokens} tokens > ${WINDOW} maximum`, status: 400 } };
  return isSummaryRequest(request) ? { text: "## Goal\n整理文档" } : { text: "好的" };
}

const paragraph = (n: number) => `第${n}段：${"这是一个关于上下文压缩的测试句子".repeat(33)}`;

describe("CJK token estimates", () => {
  it("compact a Chinese session before it overflows, where chars/4 would not", async () => {
    const harness = await compactionSession({
      settings: { compaction: { reserveTokens: RESERVE, keepRecentTokens: 300 } },
      model: { contextWindow: WINDOW },
      steps: Array.from({ length: 20 }, () => answer),
    });
    for (let n = 1; n <= 5; n++) await harness.session.prompt(paragraph(n));

    // every request fitted: no reply failed
    const replies = harness
      .of("message_end")
      .map((event) => event.message)
      .filter((message): message is AssistantMessage => (message as { role: string }).role === "assistant");
    expect(replies).toHaveLength(5);
    expect(replies.every((reply) => reply.stopReason === "stop")).toBe(true);
    expect(harness.scripted.requests.every((request) => requestTokens(request) <= WINDOW)).toBe(true);

    // the compaction came after the fourth prompt, before the fifth request
    expect(harness.of("compaction_start")).toEqual([{ type: "compaction_start", reason: "threshold" }]);
    const conversation = harness.conversationRequests();
    expect(conversation).toHaveLength(5);
    const fourth = conversation[3]!;
    expect(JSON.stringify(conversation[4]!.messages[0])).toContain("compacted into the following summary");

    // what the fifth request would have been without compaction: the fourth request, its reply, the fifth prompt
    const uncompacted: Message[] = [...fourth.messages, replies[3]!, { role: "user", content: paragraph(5), timestamp: 0 }];
    const uncompactedTokens = uncompacted.reduce((sum, message) => sum + serverTokens(textOf(message)), 0);
    expect(uncompactedTokens).toBeGreaterThan(WINDOW + 150);
    expect(requestTokens(fourth)).toBeLessThan(WINDOW - 400);
    // chars/4 saw the context after the fourth prompt far below the threshold: it would not have compacted
    expect(quarterPerChar([...fourth.messages, replies[3]!])).toBeLessThan(THRESHOLD / 3);
    // pith's estimate saw it above the threshold
    expect(harness.of("compaction_end")[0]!.result!.tokensBefore).toBeGreaterThan(THRESHOLD);
  });
});
