// A reply's runs of thinking in fullscreen mode side by side with pi 1.6.0 (see pi16-tool-rows.test.ts for the
// method): a stored reply of three runs (one ended by an empty text block, one of two blocks), drawn shown, after a
// click on each of two runs, and after the thinking key twice; then an extension's hidden-thinking label, a word
// and a blank one, with a run hidden by a click. Every row's text and colours compared.
import { expect, it } from "vitest";
import { clickOn, pastDoubleClick } from "./mouse-click.js";
import type { PtyRun } from "./pty-harness.js";
import { rowsOf as count, threeRuns } from "./fixtures/thinking-runs.js";
import { colourRuns, openStoredSession, sameRows, settled, useSideBySide, type SideBySide } from "./side-by-side.js";

const start = useSideBySide();

/** `/label <text>` sets the hidden-thinking label; `/label blank` sets one of spaces */
const LABEL_EXTENSION = `
export default function (pi) {
  pi.registerCommand("label", {
    description: "Set the hidden thinking label",
    handler: async (args, ctx) => ctx.ui.setHiddenThinkingLabel(args.trim() === "blank" ? "   " : args.trim()),
  });
}
`;

/** both programs' rows of the conversation, every stretch of cells with its colours, once they read the same */
async function sameConversation(pair: SideBySide): Promise<void> {
  const rows = await settled(pair, (side) => colourRuns(pair[side], "think in runs", "Final words."), 15_000);
  expect(rows.pith).toEqual(rows.pi);
  await sameRows(pair, "think in runs", "Final words.");
}

/** a command typed into both, entered once both show it (a completion list may be open until then) */
async function command(pair: SideBySide, text: string): Promise<void> {
  pair.type(text);
  await pair.waitFor((screen) => screen.includes(text));
  pair.type("\r");
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

it("an extension's hidden-thinking label relabels a run a click hid and keeps the choice; a blank one leaves no room for it, as in pi", async () => {
  const pair = await start({
    rows: 40,
    args: ["--tui-mode", "fullscreen", "-e", "./label.ts"],
    files: { "label.ts": LABEL_EXTENSION },
    settings: { theme: "probe" },
    ready: "Final words.",
    prepare: openStoredSession(threeRuns),
  });
  clickBoth(pair, "Closing thought, block one.");
  await pair.waitFor((screen) => count(screen, "Thinking...") === 1);
  await command(pair, "/label Mulling");
  await pair.waitFor((screen) => count(screen, "Mulling") === 1 && count(screen, "Thinking...") === 0);
  expect(pair.pith.screen().join("\n")).toContain("Opening thought.");
  await sameConversation(pair);

  await command(pair, "/label blank");
  await pair.waitFor((screen) => count(screen, "Mulling") === 0);
  const rows = pair.pith.screen().map((line) => line.trim());
  // the hidden run is gone with the blank line it had before it: the texts around it are on rows one after the other
  expect(rows.indexOf("Final words.") - rows.indexOf("Middle words.")).toBe(1);
  await sameConversation(pair);
});
