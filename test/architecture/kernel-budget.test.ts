// The kernel stays small enough for a newcomer to read in an hour: its TypeScript lines are counted, and the
// test fails when they grow past the budget. Issue 12 aims at about 2,000; a change that needs more moves
// something else out of kernel/ first, or raises the budget saying why.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Lines of code: lines that are neither blank nor only comment. The kernel's comments (why each piece is as it is,
// what each hook and member promises) are what a newcomer reads it by, so they are not counted against it.
// 2,818 lines in all on 2026-12-01 (from 2,967), 2,656 on 2026-12-02 as pieces that were not kernel left; counted
// as code, 1,995. 2,011 after agent-session.ts was split (the input stages, the run until it settles, the system
// prompt's state and the two queues went to files of their own, each with its imports) and the kernel hooks'
// signatures moved into the catalogue (each hook declared once, not in an interface and again in the table).
// One more for the tool contract's `outputSchema` (pi 1.6.0's: a codemode script receives a tool's structured result).
// One more for the assistant message's `providerThinkingLevel` (pi 1.6.0's: the level a reply was asked at, which a
// provider with managed effort replays before that reply in later requests, so sessions must keep it).
// 34 more for the system messages of pi 1.6.0's transcript in the provider contract: their type (the conversation
// stores them, so providers must be able to name them) and the request's `systemMessages` and `systemPromptSections`,
// placed by the provider call, so that a model that takes system messages mid-conversation keeps its cached prefix
// when the prompt or the tools change.
const KERNEL_CODE_LINE_BUDGET = 2_061;
const kernel = fileURLToPath(new URL("../../kernel", import.meta.url));

/** Lines that are neither blank nor only a comment (`//`, or a line of a block comment). */
function codeLines(source: string): number {
  let inBlock = false;
  let count = 0;
  for (const raw of source.split("\n")) {
    const line = raw.trim();
    if (inBlock) {
      if (line.includes("*/")) inBlock = false;
      continue;
    }
    if (line === "" || line.startsWith("//")) continue;
    if (line.startsWith("/*")) {
      inBlock = !line.includes("*/");
      continue;
    }
    count++;
  }
  return count;
}

describe("the kernel's size", () => {
  it(`stays within ${KERNEL_CODE_LINE_BUDGET} lines of code`, () => {
    const files = readdirSync(kernel, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith(".ts"));
    const lines = files.reduce((total, entry) => total + codeLines(readFileSync(join(entry.parentPath, entry.name), "utf8")), 0);
    expect(files.length).toBeGreaterThan(10);
    expect(lines, "move what is not the loop, the pipeline, the event queue, the hook table or the contract out of kernel/").toBeLessThanOrEqual(KERNEL_CODE_LINE_BUDGET);
  });

  it("counts code, not comments or blank lines", () => {
    expect(codeLines("// why\nconst a = 1;\n\n/**\n * what\n */\nexport { a };\n/* one line */\n")).toBe(2);
  });

  it("keeps each kernel file under 400 lines", () => {
    const long = readdirSync(kernel, { withFileTypes: true })
      .filter((entry) => entry.name.endsWith(".ts"))
      .filter((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8").split("\n").length > 400)
      .map((entry) => entry.name);
    expect(long).toEqual([]);
  });
});
