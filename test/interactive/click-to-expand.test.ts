// Fullscreen mode, as in pi 1.6.0: a left click on a finished tool row expands it alone, and a second collapses it;
// a click on a compaction summary's box does the same, and one on a run of a reply's thinking shows or hides that
// run alone. Clicks are sent as the terminal reports them (SGR mouse).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { DARK } from "../../plugins/interactive/theme/tokens.js";
import { usePtyWorld, type PtyRun } from "./pty-harness.js";
import { storedReply, writeStoredSession } from "./side-by-side.js";

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

/** later than a double click (500 ms), which selects a word instead */
const pastDoubleClick = () => new Promise((resolve) => setTimeout(resolve, 600));

/** rows that are exactly `text` (trimmed) */
const count = (screen: string, text: string) => screen.split("\n").filter((line) => line.trim() === text).length;

/** a reply of two thinking runs: two blocks of thinking, text, one more block of thinking, text */
const twoRuns = [
  { role: "user", content: [{ type: "text", text: "think twice" }] },
  storedReply([
    { type: "thinking", thinking: "First run, its first block." },
    { type: "thinking", thinking: "First run, its second block." },
    { type: "text", text: "Between the runs." },
    { type: "thinking", thinking: "Second run of thought." },
    { type: "text", text: "After the runs." },
  ]),
];

it("a click hides one run of thinking (all its blocks under one label) and the other run stays shown", async () => {
  const session = await writeStoredSession(ui.world(), twoRuns);
  const run = await ui.start(["--tui-mode", "fullscreen", "--session", session], { rows: 40 });
  await run.waitForText("After the runs.");
  clickOn(run, "Second run of thought.");
  await run.waitFor((screen) => count(screen, "Thinking...") === 1 && !screen.includes("Second run of thought."));
  // the label stands where the second run was, between the two texts
  const rows = run.screen().map((line) => line.trim());
  expect(rows.indexOf("Thinking...")).toBeGreaterThan(rows.indexOf("Between the runs."));
  expect(rows.indexOf("Thinking...")).toBeLessThan(rows.indexOf("After the runs."));
  expect(run.screen().join("\n")).toContain("First run, its first block.");

  await pastDoubleClick();
  clickOn(run, "First run, its second block.");
  // both blocks of the first run go, under one label
  await run.waitFor((screen) => count(screen, "Thinking...") === 2 && !screen.includes("First run"));

  await pastDoubleClick();
  clickOn(run, "Thinking...");
  await run.waitFor((screen) => screen.includes("First run, its first block.") && screen.includes("First run, its second block."));
  expect(count(run.screen().join("\n"), "Thinking...")).toBe(1);
});

it("the thinking key sets every run again, forgetting what clicks chose", async () => {
  const session = await writeStoredSession(ui.world(), twoRuns);
  const run = await ui.start(["--tui-mode", "fullscreen", "--session", session], { rows: 40 });
  await run.waitForText("After the runs.");
  clickOn(run, "Second run of thought.");
  await run.waitFor((screen) => count(screen, "Thinking...") === 1);
  run.type("\x14");
  await run.waitFor((screen) => screen.includes("Thinking blocks: hidden") && count(screen, "Thinking...") === 2 && !screen.includes("First run"));
  run.type("\x14");
  // the second run shows again too: its click's choice is gone
  await run.waitFor((screen) => screen.includes("Thinking blocks: visible") && count(screen, "Thinking...") === 0 && screen.includes("Second run of thought."));
});

it("a run hidden by a click stays hidden as the reply streams on", async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  ui.world().mock.enqueue({ thinking: ["Weighing it up."], text: ["Part one of the answer.", " Part two of the answer."], holdAfterChunks: 8, holdUntil: held });
  const run = await ui.start(["--tui-mode", "fullscreen"], { rows: 40 });
  run.type("think\r");
  await run.waitForText("Part one of the answer.");
  clickOn(run, "Weighing it up.");
  await run.waitFor((screen) => screen.includes("Thinking...") && !screen.includes("Weighing it up."));
  release();
  await run.waitForText("Part two of the answer.");
  expect(run.screen().join("\n")).not.toContain("Weighing it up.");
  expect(run.screen().join("\n")).toContain("Thinking...");
});

it("a run hidden by a click stays hidden through a theme change, its label painted in the new theme's colour", async () => {
  const themes = join(ui.world().agentDir, "themes");
  await mkdir(themes, { recursive: true });
  const theme = (thinkingText: string) => JSON.stringify({ name: "probe", colors: { ...DARK, thinkingText } });
  await writeFile(join(themes, "probe.json"), theme("#123456"));
  await writeFile(join(ui.world().agentDir, "settings.json"), JSON.stringify({ theme: "probe" }));
  const session = await writeStoredSession(ui.world(), twoRuns);
  const run = await ui.start(["--tui-mode", "fullscreen", "--session", session], { rows: 40 });
  await run.waitForText("After the runs.");
  clickOn(run, "Second run of thought.");
  await run.waitFor((screen) => count(screen, "Thinking...") === 1);
  const labelColour = () => {
    const row = run.buffer().findIndex((line) => line.trim() === "Thinking...");
    return run.cellColours(row, run.buffer()[row]!.indexOf("T"));
  };
  expect(labelColour()).toContain(`:${0x123456} `);
  // the theme's file changes: the running UI takes it (as the theme setting's hot reload does)
  await writeFile(join(themes, "probe.json"), theme("#654321"));
  await run.waitFor(() => labelColour().includes(`:${0x654321} `));
  expect(labelColour()).toContain("italic");
  const screen = run.screen().join("\n");
  expect(screen).not.toContain("Second run of thought.");
  expect(screen).toContain("First run, its first block.");
});
