// The header's key hints side by side with pi 1.6.0 (see pi16-tool-rows.test.ts for the method), compact and
// expanded with ctrl+o, each stretch of a row with its colour role. pith's name stands where pi draws its logo, and
// the line about pi explaining its own docs is pi's alone (docs/compatibility.md): the rows from the first key on
// are compared.
import { expect, it } from "vitest";
import { colourRuns, useSideBySide, type SideBySide } from "./side-by-side.js";
import type { PtyRun } from "./pty-harness.js";

const start = useSideBySide();

/** the header row holding `text`, from the first key on: pi draws its logo in front of the first two rows */
function hintRow(run: PtyRun, text: string): string {
  const row = run.buffer().find((line) => line.includes(text))!.trim();
  const runs = colourRuns(run, row, row)[0]!.split(" ‖ ");
  return runs.slice(runs.findIndex((part) => part.startsWith("escape|"))).join(" ‖ ");
}

async function bothShow(pair: SideBySide, text: string): Promise<void> {
  await pair.waitFor((screen) => screen.includes(text), 20_000);
}

it("the header's key hints, compact and expanded with ctrl+o, read as pi's", async () => {
  const pair = await start({ rows: 60, settings: { theme: "probe" } });
  // pi binds its keys once its start-up checks are done
  await pair.pi.waitForText("ripgrep not found", 20_000);
  expect(hintRow(pair.pith, "escape interrupt")).toBe(hintRow(pair.pi, "escape interrupt"));
  // pith joined the compact hints with dim separators
  expect(hintRow(pair.pith, "escape interrupt")).toContain(" · |fg=muted");

  pair.type("\x0f");
  await bothShow(pair, "to edit all queued messages");
  expect(hintRow(pair.pith, "escape to interrupt")).toBe(hintRow(pair.pi, "escape to interrupt"));
  const pith = colourRuns(pair.pith, "ctrl+c to clear", "alt+up to edit all queued messages");
  expect(pith).toEqual(colourRuns(pair.pi, "ctrl+c to clear", "alt+up to edit all queued messages"));
  expect(pith).toHaveLength(16);
}, 60_000);
