// Fullscreen mode, as in pi 1.6.0: a left click on a finished tool row expands it alone, and a second collapses it;
// a click on a compaction summary's box does the same, and one on a reply's thinking shows or hides it. Clicks are
// sent as the terminal reports them (SGR mouse).
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { usePtyWorld, type PtyRun } from "./pty-harness.js";

const ui = usePtyWorld();

/** a left click (press and release) on the first screen row holding `text`, 1-based as the terminal counts */
function clickOn(run: PtyRun, text: string): void {
  const row = run.screen().findIndex((line) => line.includes(text));
  if (row < 0) throw new Error(`clickOn: "${text}" is not on the screen:\n${run.screen().join("\n")}`);
  run.type(`\x1b[<0;5;${row + 1}M\x1b[<0;5;${row + 1}m`);
}

it("a click expands one finished tool row and a second collapses it; the others stay as they are", async () => {
  ui.world().mock.enqueue(
    { toolCalls: [{ name: "bash", arguments: { command: "seq 1 8" } }, { name: "bash", arguments: { command: "seq 11 18" } }] },
    { text: "All done." },
  );
  const run = await ui.start(["--tui-mode", "fullscreen"], { rows: 50 });
  run.type("go\r");
  await run.waitForText("All done.");
  // collapsed, each keeps its last 5 lines
  expect(run.screen().join("\n")).toContain("3 earlier lines");
  expect(run.screen().some((line) => line.trim() === "11")).toBe(false);

  clickOn(run, "$ seq 11 18");
  await run.waitFor((screen) => screen.split("\n").some((line) => line.trim() === "11"));
  // the other row is still collapsed
  expect(run.screen().some((line) => line.trim() === "1")).toBe(false);

  // later than a double click (500 ms), which selects a word instead
  await new Promise((resolve) => setTimeout(resolve, 600));
  clickOn(run, "$ seq 11 18");
  await run.waitFor((screen) => !screen.split("\n").some((line) => line.trim() === "11"));
});

it("a click on a compaction summary's box expands it", async () => {
  const summary = { text: "## Goal\nThe summary of it." };
  ui.world().mock.enqueue({ text: "First answer." }, { text: "Second answer." }, summary, summary, summary);
  await writeFile(join(ui.world().agentDir, "settings.json"), JSON.stringify({ compaction: { keepRecentTokens: 1 } }));
  const run = await ui.start(["--tui-mode", "fullscreen"], { rows: 40 });
  run.type("first\r");
  await run.waitForText("First answer.");
  run.type("second\r");
  await run.waitForText("Second answer.");
  run.type("/compact\r");
  await run.waitForText("Compacted from");
  clickOn(run, "Compacted from");
  await run.waitForText("The summary of it.");
});

it("a click on a reply's hidden thinking shows it, and a second hides it again", async () => {
  await writeFile(join(ui.world().agentDir, "settings.json"), JSON.stringify({ hideThinkingBlock: true }));
  ui.world().mock.enqueue({ thinking: "Weighing the options carefully.", text: "The answer." });
  const run = await ui.start(["--tui-mode", "fullscreen"], { rows: 40 });
  run.type("think\r");
  await run.waitForText("The answer.");
  expect(run.screen().join("\n")).not.toContain("Weighing the options");
  clickOn(run, "Thinking...");
  await run.waitForText("Weighing the options carefully.");
  await new Promise((resolve) => setTimeout(resolve, 600));
  clickOn(run, "Weighing the options");
  await run.waitFor((screen) => screen.includes("Thinking...") && !screen.includes("Weighing the options"));
});
