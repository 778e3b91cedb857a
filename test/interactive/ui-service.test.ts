// The "ui" service in a terminal, as a plugin's commands use it: dialogs in the editor's place, notices, a
// footer status and widgets above and below the editor.
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const PLUGIN = fileURLToPath(new URL("./fixtures/ui-plugin.ts", import.meta.url));
const ui = usePtyWorld();

// one start for the plugin's three commands, one after the other (the editor cleared with ctrl+u between them)
it("select, confirm and input dialogs take the editor's place and return what was chosen; escape cancels a dialog, a timeout dismisses it; a status goes to the footer, widgets above and below the editor, a warning to the chat", async () => {
  const run = await ui.start(["-e", PLUGIN]);
  run.type("/ask\r");
  await run.waitForText("Favourite colour?");
  run.type("\x1b[B\r");
  // a confirmation's message under its title, as pi draws it
  await run.waitFor((screen) => /Really\?\s*\n\s*you chose green/.test(screen));
  run.type("\r");
  await run.waitForText("Why?");
  run.type("it is calm\r");
  await run.waitForText("answers: green, sure, it is calm");
  // the editor is back and takes input
  run.type("typed after");
  await run.waitForText("typed after");

  run.type("\x15/timeout\r");
  await run.waitForText("Nobody answers");
  await run.waitForText("timed out with nothing");
  run.type("/ask\r");
  await run.waitForText("Favourite colour?");
  run.type("\x1b");
  await run.waitFor((screen) => /Really\?\s*\n\s*you chose undefined/.test(screen));
  // the rest of /ask cancelled too, so that the next command goes to the editor
  run.type("\x1b");
  await run.waitForText("Why?");
  run.type("\x1b");
  await run.waitForText("answers: undefined, not sure, (none)");

  run.type("/decorate\r");
  await run.waitForText("probe-status-text");
  const screen = run.screen();
  const borders = screen.map((line, index) => (line.startsWith("────") ? index : -1)).filter((index) => index >= 0);
  const above = screen.findIndex((line) => line.includes("widget above the editor"));
  const below = screen.findIndex((line) => line.includes("widget below the editor"));
  const status = screen.findIndex((line) => line.includes("probe-status-text"));
  expect(above).toBeLessThan(borders[0]!);
  expect(below).toBeGreaterThan(borders[1]!);
  expect(status).toBeGreaterThan(below);
  expect(screen.join("\n")).toContain("Warning: careful now");
});

it("a pi extension's ctx.ui is the terminal's: its select shows in the editor's place, and hasUI is true", async () => {
  const run = await ui.start(["-e", fileURLToPath(new URL("./fixtures/pi-ui-extension.ts", import.meta.url))]);
  run.type("/pick\r");
  await run.waitForText("Pi extension asks");
  run.type("\x1b[B\r");
  await run.waitForText("pi-ext hasUI=true picked=No");
});
