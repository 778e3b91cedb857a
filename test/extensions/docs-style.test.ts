// An extension written the way pi's documentation teaches runs in pith unchanged.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createWorld, startSession, type World } from "./harness.js";

const DOCS_STYLE = fileURLToPath(new URL("./fixtures/docs-style.ts", import.meta.url));

let world: World;
beforeEach(async () => (world = await createWorld()));
afterEach(() => world.close());

it("its tool, gate, system prompt addition and command work as in pi", async () => {
  const started = await startSession(world, {
    paths: [DOCS_STYLE],
    turns: [
      {
        toolCalls: [
          { name: "append_line", arguments: { path: "notes/todo.txt", line: "first" } },
          { name: "append_line", arguments: { path: "notes/todo.txt", line: "second" } },
          { name: "append_line", arguments: { path: "notes/todo.txt", line: "third" } },
          { name: "bash", arguments: { command: "rm -rf notes" } },
        ],
      },
      { text: "Done." },
    ],
  });
  await started.session.prompt("note three things, then clean up");

  // the three appends ran one at a time on the same file; the delete was refused
  expect(await readFile(join(world.project, "notes/todo.txt"), "utf8")).toBe("first\nsecond\nthird\n");
  const results = started.session.messages.filter((message) => message.role === "toolResult");
  expect(results.map((result) => result.isError)).toEqual([false, false, false, true]);
  expect(results[3]!.content).toEqual([{ type: "text", text: "The user did not allow deleting files" }]);
  expect(results[2]).toMatchObject({ content: [{ text: "first\nsecond" }], details: { truncated: true } });
  expect(started.scripted.requests[0]!.systemPrompt).toMatch(/Always answer in one sentence\.$/);
  expect(started.scripted.requests[0]!.systemPrompt).toContain("append_line");

  await started.session.prompt("/stamp hello world");
  expect(await readFile(join(world.project, "stamp.txt"), "utf8")).toBe("stamped: hello world\n");
  expect(started.problems).toEqual([]);
});
