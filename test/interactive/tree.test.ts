// /tree: the session tree with the current path marked, moving to an earlier message (its text back in the
// editor, the next prompt starting a branch), labels, filters, a branch summary, and a double escape.
import { expect, it } from "vitest";
import { usePtyWorld, type PtyRun } from "./pty-harness.js";

const ui = usePtyWorld();
const UP = "\x1b[A";
const CTRL_U = "\x15";
const CTRL_LEFT = "\x1b[1;5D";
const CTRL_RIGHT = "\x1b[1;5C";

async function twoExchanges(run: PtyRun): Promise<void> {
  run.type("first question\r");
  await run.waitForText("first answer");
  run.type("second question\r");
  await run.waitForText("second answer");
}

it("/tree moves back to an earlier message: its text returns to the editor and the next prompt branches", async () => {
  const world = ui.world();
  world.mock.enqueue({ text: "first answer" }, { text: "second answer" }, { text: "branched answer" });
  const run = await ui.start();
  await twoExchanges(run);
  run.type("/tree\r");
  await run.waitForText("Session Tree");
  await run.waitFor((screen) => /› • assistant: second answer/.test(screen) && /• user: first question/.test(screen));
  run.type(UP);
  await run.waitFor((screen) => /› • user: second question/.test(screen));
  run.type("\r");
  await run.waitForText("Summarize branch?");
  run.type("\r");
  await run.waitForText("Navigated to selected point");
  await run.waitFor((screen) => !screen.includes("second answer") && /^second question\s*$/m.test(screen));
  expect(run.screen().join("\n")).toContain("first answer");

  run.type(`${CTRL_U}another path\r`);
  await run.waitForText("branched answer");
  const sent = JSON.stringify(world.mock.requests[2]!.body.messages);
  expect(sent).toContain("first question");
  expect(sent).toContain("another path");
  expect(sent).not.toContain("second question");

  run.type("/tree\r");
  await run.waitFor((screen) => /├⊟ user: second question/.test(screen) && /└⊟ • user: another path/.test(screen) && /› +• assistant: branched answer/.test(screen));
  // ctrl+left: up to where this branch starts, then fold it; ctrl+right unfolds it
  run.type(CTRL_LEFT);
  await run.waitFor((screen) => /› └⊟ • user: another path/.test(screen));
  run.type(CTRL_LEFT);
  await run.waitFor((screen) => /› └⊞ • user: another path/.test(screen) && !screen.includes("assistant: branched answer"));
  expect(run.screen().join("\n")).toContain("assistant: second answer");
  run.type(CTRL_RIGHT);
  await run.waitFor((screen) => /› └⊟ • user: another path/.test(screen) && screen.includes("assistant: branched answer"));
  // ctrl+right again: down this branch to its end
  run.type(CTRL_RIGHT);
  await run.waitFor((screen) => /› +• assistant: branched answer/.test(screen));
});

// one start for both: the tree closed with escape leaves the editor empty, where a double escape opens it again
it("/tree labels an entry (shift+l) and filters to user messages (ctrl+u); escape clears the search, then closes; escape twice on an empty editor opens the tree", async () => {
  ui.world().mock.enqueue({ text: "first answer" }, { text: "second answer" });
  const run = await ui.start();
  await twoExchanges(run);
  run.type("/tree\r");
  await run.waitForText("Session Tree");
  run.type("L");
  await run.waitForText("Label (empty to remove):");
  run.type("checkpoint\r");
  await run.waitFor((screen) => /› • \[checkpoint\] assistant: second answer/.test(screen));
  // shift+t: when the label was set
  run.type("T");
  await run.waitFor((screen) => /\[checkpoint\] \d\d:\d\d/.test(screen));
  run.type(CTRL_U);
  await run.waitFor((screen) => /\(\d+\/\d+\) \[user\]/.test(screen) && !screen.includes("assistant: first answer") && screen.includes("user: first question"));
  run.type("first");
  await run.waitFor((screen) => /Type to search: first/.test(screen) && !screen.includes("user: second question"));
  run.type("\x1b");
  await run.waitFor((screen) => /Type to search:\s*$/m.test(screen) && screen.includes("user: second question"));
  run.type("\x1b");
  await run.waitFor((screen) => !screen.includes("Session Tree"));

  // escape twice on the empty editor opens the tree again
  run.type("\x1b");
  await new Promise((resolve) => setTimeout(resolve, 60));
  run.type("\x1b");
  await run.waitForText("Session Tree");
});

it("/tree with Summarize leaves a branch summary at the new position", async () => {
  const world = ui.world();
  world.mock.enqueue({ text: "first answer" }, { text: "second answer" }, { text: "The abandoned branch asked a second question." });
  const run = await ui.start();
  await twoExchanges(run);
  run.type("/tree\r");
  await run.waitForText("Session Tree");
  run.type(UP + UP + UP);
  await run.waitFor((screen) => /› • user: first question/.test(screen));
  run.type("\r");
  await run.waitForText("Summarize branch?");
  run.type("\x1b[B\r");
  await run.waitForText("Navigated to selected point");
  await run.waitFor((screen) => /\[branch\]\s*\n\s*\n\s*Branch summary/.test(screen));
  expect(world.mock.requests).toHaveLength(3);
  expect(JSON.stringify(world.mock.requests[2]!.body)).toContain("second question");
  // the chosen message's text is back in the editor: clear it first
  run.type(`${CTRL_U}/tree\r`);
  await run.waitFor((screen) => /└─ • \[branch summary\]: .*/.test(screen) && /├⊟ user: first question/.test(screen));
});
