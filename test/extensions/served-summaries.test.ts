// pi 1.6.0's summarizers as pith serves them (generateSummary, generateSummaryWithUsage, compact,
// generateBranchSummary): the same extension command calls them in pith's CLI and in pi's (Node 22) against the
// mock LLM server. Both must send the same requests, prompts' wording aside (pith writes its own), and return the
// same results.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { runPiCli } from "../support/pi-node22.js";

const EXTENSION = `
import { writeFileSync } from "node:fs";
import { compact, generateBranchSummary, generateSummary, generateSummaryWithUsage, SessionManager } from "@earendil-works/pi-coding-agent";

const usage = { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const reply = (content, stopReason = "stop") => ({ role: "assistant", content, api: "anthropic-messages", provider: "mock", model: "mock-model", usage, stopReason, timestamp: 2 });
const conversation = [
  { role: "user", content: "Fix the sign in src/add.ts", timestamp: 1 },
  reply([{ type: "text", text: "Reading." }, { type: "toolCall", id: "c1", name: "read", arguments: { path: "src/add.ts" } }], "toolUse"),
  { role: "toolResult", toolCallId: "c1", toolName: "read", content: [{ type: "text", text: "return a - b;" }], isError: false, timestamp: 3 },
  reply([{ type: "toolCall", id: "c2", name: "edit", arguments: { path: "src/add.ts" } }], "toolUse"),
  { role: "toolResult", toolCallId: "c2", toolName: "edit", content: [{ type: "text", text: "Edited." }], isError: false, timestamp: 4 },
  reply([{ type: "text", text: "Fixed." }]),
];
const outcome = async (work) => { try { return await work(); } catch (error) { return { threw: error.message }; } };

export default function (pi) {
  pi.registerCommand("summaries", {
    description: "summaries",
    handler: async () => {
      const model = { id: "mock-model", name: "Mock", api: "anthropic-messages", provider: "mock", baseUrl: process.env.MOCK_URL, reasoning: false, input: ["text"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 200000, maxTokens: 8192 };
      const results = {};
      results.summary = await generateSummary(conversation, model, undefined, "key");
      results.withUsage = await generateSummaryWithUsage(conversation.slice(0, 3), model, undefined, "key", undefined, undefined, "keep the paths", "Earlier: set up the repo.");
      const fileOps = { read: new Set(["src/add.ts", "README.md"]), written: new Set(), edited: new Set(["src/add.ts"]) };
      results.compact = await compact({ firstKeptEntryId: "k1", messagesToSummarize: conversation.slice(0, 3), turnPrefixMessages: conversation.slice(3, 5), isSplitTurn: true, tokensBefore: 1234, previousSummary: "Earlier work.", fileOps, settings: { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 } }, model, "key");
      const sm = SessionManager.inMemory("/p");
      for (const message of conversation) sm.appendMessage(message);
      results.branch = await generateBranchSummary(sm.getBranch(), { model, apiKey: "key", signal: new AbortController().signal, customInstructions: "only the fix" });
      results.empty = await generateBranchSummary([], { model, apiKey: "key", signal: new AbortController().signal });
      results.capped = await outcome(() => generateSummary(conversation, model, undefined, "key"));
      results.toolCall = await generateBranchSummary(sm.getBranch(), { model, apiKey: "key", signal: new AbortController().signal });
      writeFileSync(process.env.SUMMARIES_OUT, JSON.stringify(results));
    },
  });
}
`;

const REPLIES = [
  { text: "Summary one.", usage: { input: 300, output: 40 } },
  { text: "Updated summary.", usage: { input: 200, output: 30 } },
  { text: "History part.", usage: { input: 100, output: 10 } },
  { text: "Prefix part.", usage: { input: 50, output: 5 } },
  { text: "Branch part.", usage: { input: 80, output: 8 } },
  { text: "Cut o", stopReason: "length" as const },
  { toolCalls: [{ name: "read", arguments: { path: "x" } }] },
];

interface Sent {
  system: string;
  user: string;
  model: unknown;
  thinking: unknown;
}

/** what a summary request carries besides the prompts' wording: the conversation and previous summary sent, the focus */
function sentFacts(requests: { body: unknown }[]) {
  return requests.map(({ body }) => {
    const { system, messages, model, thinking } = body as { system: unknown; messages: { content: { text: string }[] }[]; model: unknown; thinking: unknown };
    const sent: Sent = { system: JSON.stringify(system), user: messages.map((message) => message.content.map((block) => block.text).join("")).join("|"), model, thinking };
    return {
      messages: messages.length,
      hasSystem: sent.system.length > 20,
      model: sent.model,
      thinking: sent.thinking ?? null,
      conversation: /<conversation>\n([\s\S]*?)\n<\/conversation>/.exec(sent.user)?.[1] ?? null,
      headedConversation: /^# Conversation\n([\s\S]*?)\n\n# Instructions\n/.exec(sent.user)?.[1] ?? null,
      previous: /<previous-summary>\n([\s\S]*?)\n<\/previous-summary>/.exec(sent.user)?.[1] ?? null,
      focus: /Additional focus: (.*)/.exec(sent.user)?.[1] ?? null,
    };
  });
}

/** pith prefixes a branch summary with its own sentence; the rest must be pi's */
const withoutPreamble = (result: Record<string, unknown>) => {
  const summary = result.summary as string;
  return { ...result, summary: summary.slice(summary.indexOf("Branch part.")) };
};

let world: CliWorld;
let extension: string;
beforeAll(async () => {
  world = await createCliWorld();
  extension = join(world.home, "summaries.ts");
  await import("node:fs/promises").then((fs) => fs.writeFile(extension, EXTENSION));
});
afterAll(() => world.close());

async function run(side: "pith" | "pi") {
  world.mock.requests.length = 0;
  world.mock.enqueue(...REPLIES);
  const out = join(world.home, `${side}.json`);
  const env = { MOCK_URL: world.mock.url, SUMMARIES_OUT: out };
  const args = ["-ne", "-e", extension, "--model", "mock/mock-model", "-p", "/summaries"];
  const result = side === "pith" ? await world.run(args, { env }) : await runPiCli({ project: world.project, env: { ...world.env, ...env } }, args);
  expect(result.code, result.stderr).toBe(0);
  return { results: JSON.parse(await readFile(out, "utf8")) as Record<string, Record<string, unknown>>, sent: sentFacts(world.mock.requests) };
}

describe("pi 1.6.0's summarizers served", () => {
  it("send pi's requests and return pi's results", async () => {
    const pith = await run("pith");
    const pi = await run("pi");
    expect(pith.sent).toEqual(pi.sent);
    expect(pith.sent).toHaveLength(REPLIES.length);
    const { branch, toolCall, ...rest } = pith.results;
    const { branch: piBranch, toolCall: piToolCall, ...piRest } = pi.results;
    expect(rest).toEqual(piRest);
    expect(withoutPreamble(branch!)).toEqual(withoutPreamble(piBranch!));
    expect(toolCall).toEqual(piToolCall);
    expect(rest.compact!.summary).toContain("**Turn Context (split turn):**");
  }, 120_000);
});
