// ctrl+g (external editor), ctrl+z (suspend, then continue) and /fork.
import { chmod, mkdir, writeFile } from "node:fs/promises";
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

// one plain start for both
it("ctrl+g without an editor says how to set one; ctrl+z gives the terminal back and stops; SIGCONT draws the UI again", async () => {
  const run = await ui.start();
  run.type("\x07");
  await run.waitForText("No editor configured. Set $VISUAL or $EDITOR");
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
  await run.waitForText("Fork from Message");
  run.type("\r");
  await run.waitForText("Forked to new session");
  const screen = run.screen();
  const borders = screen.map((line, index) => (line.startsWith("────") ? index : -1)).filter((index) => index >= 0);
  expect(screen.slice(borders.at(-2)! + 1, borders.at(-1)).join("\n")).toContain("second question");
  expect(screen.join("\n")).not.toContain("Second answer.");
});

it("edits several lines, completes paths with tab, collapses large pastes to markers and sends them whole", async () => {
  const world = ui.world();
  await mkdir(join(world.project, "src"));
  await writeFile(join(world.project, "src", "parser.ts"), "");
  await writeFile(join(world.project, "src", "printer.ts"), "");
  world.mock.enqueue({ text: "Got all of it." });
  const run = await ui.start();
  const editor = () => {
    const screen = run.screen();
    const borders = screen.map((line, index) => (line.startsWith("────") ? index : -1)).filter((index) => index >= 0);
    return screen.slice(borders.at(-2)! + 1, borders.at(-1)).map((line) => line.trimEnd()).join("\n");
  };
  // a backslash before enter, and ctrl+j, start a new line
  run.type("line one\\\rline two\nopen sr\t");
  // one match: completed at once (a folder keeps its slash)
  await run.waitFor(() => editor() === "line one\nline two\nopen src/");
  run.type("p\t");
  // several: a list to choose from
  await run.waitFor((screen) => screen.includes("parser.ts") && screen.includes("printer.ts") && editor().endsWith("open src/p"));
  run.type("\x1b"); // closes the list only
  await run.waitFor((screen) => !screen.includes("printer.ts") && editor().endsWith("open src/p"));
  run.type("a\t");
  await run.waitFor(() => editor().endsWith("open src/parser.ts"));
  const pasted = Array.from({ length: 30 }, (_, index) => `pasted row ${index + 1}`).join("\n");
  const long = "x".repeat(1500);
  run.type(` \x1b[200~${pasted}\x1b[201~ and \x1b[200~${long}\x1b[201~`);
  await run.waitFor(() => editor().endsWith("open src/parser.ts [paste #1 +30 lines] and [paste #2 1500 chars]"));
  run.type("\r");
  await run.waitForText("Got all of it.");
  const sent = (world.mock.requests[0]!.body.messages as { content: { text?: string }[] | string }[]).at(-1)!.content;
  expect(typeof sent === "string" ? sent : sent.map((block) => block.text ?? "").join("")).toBe(`line one\nline two\nopen src/parser.ts ${pasted} and ${long}`);
});
