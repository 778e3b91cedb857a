// Fullscreen mode, as in pi 1.6.0: a left click on a finished tool row expands it alone, and a second collapses it;
// a click on a compaction summary's box does the same, and one on a run of a reply's thinking shows or hides that
// run alone. Clicks are sent as the terminal reports them (SGR mouse).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { DARK } from "../../plugins/interactive/theme/tokens.js";
import { clickOn, pastDoubleClick } from "./mouse-click.js";
import { usePtyWorld } from "./pty-harness.js";
import { rowsOf as count, threeRuns } from "./fixtures/thinking-runs.js";
import { storedReply, writeStoredSession } from "./side-by-side.js";

const ui = usePtyWorld();

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

  await pastDoubleClick();
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
  await pastDoubleClick();
  clickOn(run, "Weighing the options");
  await run.waitFor((screen) => screen.includes("Thinking...") && !screen.includes("Weighing the options"));
});

it("a click hides one run of thinking (all its blocks under one label) and the other runs stay shown", async () => {
  const session = await writeStoredSession(ui.world(), threeRuns);
  const run = await ui.start(["--tui-mode", "fullscreen", "--session", session], { rows: 40 });
  await run.waitForText("Final words.");
  clickOn(run, "Closing thought, block two.");
  // both blocks of the last run go, under one label where they were
  await run.waitFor((screen) => count(screen, "Thinking...") === 1 && !screen.includes("Closing thought"));
  const rows = run.screen().map((line) => line.trim());
  expect(rows.indexOf("Thinking...")).toBeGreaterThan(rows.indexOf("Middle words."));
  expect(rows.indexOf("Thinking...")).toBeLessThan(rows.indexOf("Final words."));
  expect(run.screen().join("\n")).toContain("Opening thought.");

  await pastDoubleClick();
  clickOn(run, "Opening thought.");
  // the empty text block made the next thought a run of its own, which stays
  await run.waitFor((screen) => count(screen, "Thinking...") === 2 && !screen.includes("Opening thought."));
  expect(run.screen().join("\n")).toContain("Second thought, after an empty text.");

  await pastDoubleClick();
  clickOn(run, "Thinking...");
  await run.waitForText("Opening thought.");
  expect(count(run.screen().join("\n"), "Thinking...")).toBe(1);
});

it("the thinking key sets every run again, forgetting what clicks chose", async () => {
  const session = await writeStoredSession(ui.world(), threeRuns);
  const run = await ui.start(["--tui-mode", "fullscreen", "--session", session], { rows: 40 });
  await run.waitForText("Final words.");
  clickOn(run, "Closing thought, block one.");
  await run.waitFor((screen) => count(screen, "Thinking...") === 1);
  run.type("\x14");
  await run.waitFor((screen) => screen.includes("Thinking blocks: hidden") && count(screen, "Thinking...") === 3 && !screen.includes("thought"));
  run.type("\x14");
  // the last run shows again too: its click's choice is gone
  await run.waitFor((screen) => screen.includes("Thinking blocks: visible") && count(screen, "Thinking...") === 0 && screen.includes("Closing thought, block one."));
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

it("a run hidden by a click stays hidden through a theme change; its label and a failed reply's line take the new colours", async () => {
  const themes = join(ui.world().agentDir, "themes");
  await mkdir(themes, { recursive: true });
  const theme = (thinkingText: string, error: string) => JSON.stringify({ name: "probe", colors: { ...DARK, thinkingText, error } });
  await writeFile(join(themes, "probe.json"), theme("#123456", "#123457"));
  await writeFile(join(ui.world().agentDir, "settings.json"), JSON.stringify({ theme: "probe" }));
  const failed = { ...storedReply([], "error"), errorMessage: "The model fell over." };
  const session = await writeStoredSession(ui.world(), [...threeRuns, { role: "user", content: [{ type: "text", text: "again" }] }, failed]);
  const run = await ui.start(["--tui-mode", "fullscreen", "--session", session], { rows: 40 });
  await run.waitForText("Error: The model fell over.");
  clickOn(run, "Closing thought, block one.");
  await run.waitFor((screen) => count(screen, "Thinking...") === 1);
  /** the colours of the first letter of the row that is `text` */
  const colourOf = (text: string) => {
    const row = run.buffer().findIndex((line) => line.trim() === text);
    return run.cellColours(row, run.buffer()[row]!.indexOf(text[0]!));
  };
  expect(colourOf("Thinking...")).toContain(`:${0x123456} `);
  expect(colourOf("Error: The model fell over.")).toContain(`:${0x123457} `);
  // the theme's file changes: the running UI takes it (as the theme setting's hot reload does)
  await writeFile(join(themes, "probe.json"), theme("#654321", "#654322"));
  await run.waitFor(() => colourOf("Thinking...").includes(`:${0x654321} `) && colourOf("Error: The model fell over.").includes(`:${0x654322} `));
  expect(colourOf("Thinking...")).toContain("italic");
  const screen = run.screen().join("\n");
  expect(screen).not.toContain("Closing thought");
  expect(screen).toContain("Opening thought.");
});
