// ctrl+g (external editor), ctrl+z (suspend, then continue) and /fork.
import { chmod, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

it("ctrl+g edits the text in $EDITOR and takes the result back", async () => {
  const editor = join(ui.world().home, "fake-editor.sh");
  await writeFile(editor, '#!/bin/sh\nprintf "%s and more from the editor\\n" "$(cat "$1")" > "$1"\n');
  await chmod(editor, 0o755);
  const run = await ui.start([], { env: { EDITOR: editor } });
  run.type("draft");
  await run.waitForText("draft");
  run.type("\x07");
  await run.waitForText("draft and more from the editor");
});

it("ctrl+g without an editor says how to set one", async () => {
  const run = await ui.start();
  run.type("\x07");
  await run.waitForText("No editor configured. Set $VISUAL or $EDITOR");
});

it("ctrl+z gives the terminal back and stops; SIGCONT draws the UI again", async () => {
  const run = await ui.start();
  run.type("\x1a");
  await run.waitFor(() => /\x1b\[\?2004l[^]*$/.test(run.output.slice(run.output.lastIndexOf("\x1b[?2004h"))));
  run.kill("SIGCONT");
  await run.waitFor(() => run.output.lastIndexOf("\x1b[?2004h") > run.output.lastIndexOf("\x1b[?2004l"));
  run.type("back again");
  await run.waitForText("back again");
});

it("/fork starts a new session from an earlier message and puts its text in the editor", async () => {
  ui.world().mock.enqueue({ text: "First answer." }, { text: "Second answer." });
  const run = await ui.start();
  run.type("first question\r");
  await run.waitForText("First answer.");
  run.type("second question\r");
  await run.waitForText("Second answer.");
  run.type("/fork\r");
  await run.waitForText("Fork from message");
  run.type("\r");
  await run.waitForText("Forked to new session");
  const screen = run.screen();
  const borders = screen.map((line, index) => (line.startsWith("────") ? index : -1)).filter((index) => index >= 0);
  expect(screen.slice(borders.at(-2)! + 1, borders.at(-1)).join("\n")).toContain("second question");
  expect(screen.join("\n")).not.toContain("Second answer.");
});
