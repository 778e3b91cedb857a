// An edit's diff shown while the call waits, side by side with pi 1.6.0 (see pi16-tool-rows.test.ts for the method):
// an extension asks before every edit, and while it asks the row shows the diff read from the file (green), or the
// failure the edit would meet (red); refused, the diff stays and the reason goes under the box; allowed, the box
// keeps the diff.
import { expect, it } from "vitest";
import { colourRuns, useSideBySide } from "./side-by-side.js";

const start = useSideBySide();

const ASK_BEFORE_EDITS = `
export default function (pi) {
  pi.on("tool_call", async (event, ctx) => {
    if (event.toolName !== "edit") return undefined;
    const choice = await ctx.ui.select("Allow this edit?", ["Yes", "No"]);
    return choice === "Yes" ? undefined : { block: true, reason: "Blocked by the user" };
  });
}
`;

it("an edit's diff while an extension asks about it, refused and allowed, and a failing edit foreseen, read as pi's", async () => {
  const pair = await start({
    rows: 80,
    args: ["-e", "./ask.ts", "--tools", "edit", "go"],
    settings: { theme: "probe" },
    files: { "ask.ts": ASK_BEFORE_EDITS, "b.txt": "one\ntwo\nthree\n" },
    replies: [
      { text: "First.", toolCalls: [{ name: "edit", arguments: { path: "b.txt", edits: [{ oldText: "two", newText: "TWO" }] } }] },
      { text: "Second.", toolCalls: [{ name: "edit", arguments: { path: "b.txt", edits: [{ oldText: "absent", newText: "x" }] } }] },
      { text: "Third.", toolCalls: [{ name: "edit", arguments: { path: "b.txt", edits: [{ oldText: "three", newText: "THREE" }] } }] },
      { text: "All done." },
    ],
  });
  const rows = () => ({ pith: colourRuns(pair.pith, "go", "→ Yes"), pi: colourRuns(pair.pi, "go", "→ Yes") });
  const done = () => ({ pith: colourRuns(pair.pith, "go", "All done."), pi: colourRuns(pair.pi, "go", "All done.") });

  // asked about the first edit: its diff, on green, while the question waits
  await pair.waitFor((screen) => screen.includes("Allow this edit?") && screen.includes("+2 TWO"), 20_000);
  const asking = rows();
  expect(asking.pith).toEqual(asking.pi);
  expect(asking.pith.join("\n")).toMatch(/\+2 TWO\|fg=toolDiffAdded bg=toolSuccessBg/);
  pair.type("\x1b[B\r");

  // the second would fail: foreseen on red while asked
  await pair.waitFor((screen) => screen.includes("Second.") && screen.includes("Allow this edit?") && screen.includes("Could not find"), 20_000);
  const foreseen = rows();
  expect(foreseen.pith).toEqual(foreseen.pi);
  expect(foreseen.pith.join("\n")).toMatch(/bg=toolErrorBg/);
  pair.type("\r");

  await pair.waitFor((screen) => screen.includes("Third.") && screen.includes("Allow this edit?"), 20_000);
  pair.type("\r");
  await pair.waitFor((screen) => screen.includes("All done."), 20_000);
  const after = done();
  expect(after.pith).toEqual(after.pi);
  const shown = after.pith.join("\n");
  // refused: the diff stays, the reason under the box; allowed: the diff
  expect(shown).toContain("Blocked by the user");
  expect(shown).toMatch(/\+3 THREE/);
}, 90_000);
