// A reply's runs of thinking in fullscreen mode side by side with pi 1.6.0 (see pi16-tool-rows.test.ts for the
// method): a stored reply of three runs (one ended by an empty text block, one of two blocks), drawn shown, after a
// click on each of two runs, and after the thinking key twice; every row's text and colours compared.
import { expect, it } from "vitest";
import { clickOn, pastDoubleClick } from "./mouse-click.js";
import type { PtyRun } from "./pty-harness.js";
import { rowsOf as count, threeRuns } from "./fixtures/thinking-runs.js";
import { colourRuns, openStoredSession, sameRows, settled, useSideBySide, type SideBySide } from "./side-by-side.js";

const start = useSideBySide();

/** both programs' rows of the conversation, every stretch of cells with its colours, once they read the same */
async function sameConversation(pair: SideBySide): Promise<void> {
  const rows = await settled(pair, (side) => colourRuns(pair[side], "think in runs", "Final words."), 15_000);
  expect(rows.pith).toEqual(rows.pi);
  await sameRows(pair, "think in runs", "Final words.");
}

/** each program clicks where its own screen has `text` */
function clickBoth(pair: SideBySide, text: string): void {
  for (const run of [pair.pith, pair.pi] as PtyRun[]) clickOn(run, text);
}

it("a click hides one run of thinking under one label, the others stay, and the thinking key sets them all, as pi draws it", async () => {
  const pair = await start({ rows: 40, args: ["--tui-mode", "fullscreen"], settings: { theme: "probe" }, ready: "Final words.", prepare: openStoredSession(threeRuns) });
  await sameConversation(pair);

  clickBoth(pair, "Closing thought, block two.");
  await pair.waitFor((screen) => count(screen, "Thinking...") === 1 && !screen.includes("Closing thought"));
  expect(pair.pith.screen().join("\n")).toContain("Opening thought.");
  await sameConversation(pair);

  await pastDoubleClick();
  clickBoth(pair, "Opening thought.");
  await pair.waitFor((screen) => count(screen, "Thinking...") === 2 && !screen.includes("Opening thought."));
  expect(pair.pith.screen().join("\n")).toContain("Second thought, after an empty text.");
  await sameConversation(pair);

  pair.type("\x14");
  await pair.waitFor((screen) => screen.includes("Thinking blocks: hidden") && count(screen, "Thinking...") === 3);
  await sameConversation(pair);
  pair.type("\x14");
  await pair.waitFor((screen) => screen.includes("Thinking blocks: visible") && count(screen, "Thinking...") === 0);
  await sameConversation(pair);
});
