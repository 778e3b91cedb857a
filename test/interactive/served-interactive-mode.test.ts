// pi 1.6.0's `InteractiveMode` in a program (test/extensions/mode-program.ts): the same extension, loaded with `-e`
// into pith and into pi 1.6.0 (Node 22), each in a real pseudo-terminal, builds a runtime of its own and runs
// `new InteractiveMode(runtime, { initialMessage }).run()` from its factory. Both draw their own UI over the
// program's session (its system prompt, its read tool), send the first prompt, and end the process when the user
// quits. The chat rows of the conversation are compared side by side.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { removeAfterTest } from "../support/temp-folders.js";
import { modeProgram } from "../extensions/mode-program.js";
import { sameRows, useSideBySide } from "./side-by-side.js";

const start = useSideBySide();

it("the program's session in the interactive UI: the first prompt's conversation reads as pi's, ctrl+d ends the process", async () => {
  const folder = removeAfterTest(await mkdtemp(join(tmpdir(), "pith-mode-program-")));
  const program = join(folder, "program.ts");
  await writeFile(program, modeProgram(join(folder, "log.jsonl")));
  const pair = await start({
    rows: 60,
    files: { "a.txt": "alpha\n" },
    replies: [{ toolCalls: [{ name: "read", arguments: { path: "a.txt" } }] }, { text: "It says alpha." }],
    // the outer run never gets to its own prompt: the program's UI holds the process until it ends
    args: ["-ne", "-e", program, "-p", "outer"],
    env: { SERVE_PROGRAM_UI: "1" },
  });
  await pair.waitFor((screen) => screen.includes("It says alpha."), 30_000);
  const rows = await sameRows(pair, "read a.txt", "It says alpha.");
  expect(rows.text.some((row) => row.includes("alpha"))).toBe(true);
  // the program's session was prompted: its own system prompt and tool went out, not the outer run's
  for (const world of [pair.worlds.pith, pair.worlds.pi]) {
    const body = world.mock.requests[0]!.body as { system?: { text: string }[]; tools?: { name: string }[] };
    expect((body.system ?? []).map((block) => block.text).join("\n")).toMatch(/^You are the program's agent\./);
    expect((body.tools ?? []).map((tool) => tool.name)).toEqual(["read"]);
  }

  pair.type("\x04");
  const [pith, pi] = await Promise.all([pair.pith.exited, pair.pi.exited]);
  expect(pith.exitCode).toBe(0);
  expect(pith.exitCode).toBe(pi.exitCode);
  // the outer run's prompt was never sent
  expect(pair.worlds.pith.mock.requests).toHaveLength(2);
  expect(pair.worlds.pi.mock.requests).toHaveLength(2);
}, 90_000);
