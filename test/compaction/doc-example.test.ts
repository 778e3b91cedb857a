// The compactor plugin docs/compaction.md shows, taken from the document and run as written.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PithPlugin } from "../../kernel/index.js";
import { asciiTokens, tempDir } from "./fixtures.js";
import { compactionSession, rolesOf, routed } from "./harness.js";

const DOC = new URL("../../docs/compaction.md", import.meta.url);

/** The ```ts block of the document that starts with `firstLine`. */
function codeBlock(firstLine: string): string {
  const blocks = [...readFileSync(DOC, "utf8").matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const block = blocks.find((candidate) => candidate.startsWith(firstLine));
  if (!block) throw new Error(`docs/compaction.md has no code block starting with ${firstLine}`);
  return block;
}

async function loadExample(): Promise<(options?: { keep?: number }) => PithPlugin> {
  const file = join(tempDir(), "keep-last-compactor.ts");
  writeFileSync(file, codeBlock("// keep-last-compactor.ts"));
  return ((await import(/* @vite-ignore */ file)) as { default: (options?: { keep?: number }) => PithPlugin }).default;
}

describe("the documented compactor example", () => {
  it("replaces pith's compactor: keeps the last messages, writes its own summary, asks no model", async () => {
    const keepLastCompactor = await loadExample();
    const reply = (text: string, input: number) => ({ text, usage: { input, output: 100 } });
    const harness = await compactionSession({
      settings: { compaction: { reserveTokens: 1000, keepRecentTokens: 300 } },
      steps: routed([
        reply("one", 1000),
        { toolCalls: [{ name: "missing_tool", arguments: {} }], usage: { input: 2000 } },
        reply("two", 3100),
        reply("three", 400),
      ]),
      plugins: [keepLastCompactor({ keep: 2 })],
    });
    await harness.session.prompt(`first ${asciiTokens(400)}`);
    await harness.session.prompt(`second ${asciiTokens(400)}`);

    expect(harness.compaction().compactor.name).toBe("keep-last");
    expect(harness.summaryRequests()).toEqual([]);
    // the last two messages are a tool result and the final answer: the kept part starts after the tool result
    expect(rolesOf(harness.session.messages)).toEqual(["compactionSummary", "assistant"]);
    expect(harness.session.messages[0]).toMatchObject({ summary: expect.stringMatching(/^5 earlier messages were dropped/) });
    const entry = harness.sessions().manager.getEntries().find((candidate) => candidate.type === "compaction");
    expect(entry).toMatchObject({ fromHook: true, details: { dropped: 5 } });
    await harness.session.prompt("third");
    expect(harness.of("compaction_end").every((event) => event.errorMessage === undefined)).toBe(true);
  });
});
