// The "system" theme (the default) follows the terminal as pi 1.6.0 does: pith asks for the terminal's colours
// (OSC 10/11 and the 16 ANSI colours, OSC 4, ended by a DA1 request) and turns on colour-scheme reports (mode 2031).
// The headless emulator answers neither, so the test writes the terminal's replies (first to the terminal's own
// start-up query). Unanswered, the theme uses ANSI indices (the footer's cwd faint); answered, the
// command list's selection is drawn in the terminal's own cyan; a scheme report makes pith ask again, and the new
// palette's cyan takes over. A start with a named theme asks nothing, until "system" is picked in /settings.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { writeMockModels } from "../cli/cli-harness.js";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();
const FAINT_CWD = /\x1b\[2m~\/project/;
const LIGHT_DIM_CWD = /\x1b\[38;2;140;140;140m~\/project/;
const COLOUR_QUERY = "\x1b]11;?\x07";
const PALETTE_QUERY = "\x1b]4;15;?\x07";
const DA1_REPLY = "\x1b[?62;22c";
const FRAPPE = "#51576d #e78284 #a6d189 #e5c890 #8caaee #f4b8e4 #81c8be #b5bfe2 #626880 #e78284 #a6d189 #e5c890 #8caaee #f4b8e4 #81c8be #a5adce";
const LIGHT = "#000000 #af0000 #005f00 #875f00 #0000af #870087 #005f87 #bcbcbc #808080 #d70000 #008700 #af8700 #0000d7 #af00af #0087af #ffffff";

const rgb = (hex: string) => [1, 3, 5].map((at) => hex.slice(at, at + 2).repeat(2)).join("/");
const reply = (foreground: string, background: string, palette: string) =>
  `\x1b]10;rgb:${rgb(foreground)}\x07\x1b]11;rgb:${rgb(background)}\x07` +
  palette.split(" ").map((hex, index) => `\x1b]4;${index};rgb:${rgb(hex)}\x07`).join("") + DA1_REPLY;

it("builds the system theme from the terminal's colours, and again after a dark/light switch", async () => {
  // a reasoning model at medium thinking: the editor's border is drawn in thinkingMedium, the terminal's cyan as a mark
  await writeMockModels(ui.world(), [{ id: "mock-model", contextWindow: 200000, maxTokens: 8192, reasoning: true }]);
  const run = await ui.start(["--thinking", "medium"], { env: { COLORFGBG: "15;0" } });
  await run.waitFor(() => run.output.includes(COLOUR_QUERY) && run.output.includes(PALETTE_QUERY) && run.output.includes("\x1b[?2031h"));
  expect(run.output).toMatch(FAINT_CWD);

  // the terminal's own start-up query (keyboard protocol, ended by DA1) is answered first, as a terminal would
  run.type(DA1_REPLY);
  await run.waitFor(() => run.output.includes("\x1b[>4;2m"));
  run.type("/");
  await run.waitForText("Open settings");
  let mark = run.output.length;
  run.type(reply("#c6d0f5", "#303446", FRAPPE));
  // Frappe's cyan (#81c8be) reads on its background as a mark: the editor's border is drawn in it unchanged
  await run.waitFor(() => run.output.slice(mark).includes("\x1b[38;2;129;200;190m"));

  // the terminal switched to its light scheme: pith asks for the colours again, and the new cyan takes over
  mark = run.output.length;
  run.type("\x1b[?997;2n");
  await run.waitFor(() => run.output.slice(mark).includes(PALETTE_QUERY));
  mark = run.output.length;
  run.type(reply("#1c1c1c", "#ffffff", LIGHT));
  await run.waitFor(() => run.output.slice(mark).includes("\x1b[38;2;0;95;135m"));

  // the "/" typed is taken back, so ctrl+d (on an empty editor) exits
  run.type("\x7f");
  await run.waitFor((screen) => !screen.includes("Open settings"));
  run.type("\x04");
  expect((await run.exited).exitCode).toBe(0);
  // scheme reports are turned off again on exit
  expect(run.output.lastIndexOf("\x1b[?2031l")).toBeGreaterThan(run.output.lastIndexOf("\x1b[?2031h"));
});

it("a theme chosen by name does not ask the terminal", async () => {
  const run = await ui.start(["--use-theme", "light"]);
  expect(run.output).toMatch(LIGHT_DIM_CWD);
  run.type("\x04");
  await run.exited;
  expect(run.output).not.toContain(COLOUR_QUERY);
  expect(run.output).not.toContain("\x1b[?2031h");
});

it("system picked in /settings after a start with a named theme asks the terminal and is built from its answer", async () => {
  const world = ui.world();
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ theme: "dark" }));
  const run = await ui.start([]);
  run.type(DA1_REPLY);
  await run.waitFor(() => run.output.includes("\x1b[>4;2m"));
  run.type("/settings\r");
  await run.waitForText("Auto-compact");
  run.type("theme");
  await run.waitFor((screen) => /→ Theme\s+dark/.test(screen));
  expect(run.output).not.toContain(COLOUR_QUERY);
  run.type("\r");
  await run.waitFor((screen) => /→ dark/.test(screen) && screen.includes("system"));
  // up to "system" (listed first) and enter: the terminal is asked as at start-up
  const mark = run.output.length;
  run.type("\x1b[A\r");
  await run.waitFor(() => run.output.slice(mark).includes(COLOUR_QUERY) && run.output.slice(mark).includes(PALETTE_QUERY) && run.output.includes("\x1b[?2031h"));
  await expect.poll(() => readFile(join(world.agentDir, "settings.json"), "utf8").then(JSON.parse)).toMatchObject({ theme: "system" });
  const asked = run.output.length;
  run.type(reply("#c6d0f5", "#303446", FRAPPE));
  // the settings list is drawn again in the theme built from the answer
  await run.waitFor(() => run.output.slice(asked).includes("Theme"));
  run.type("\x1b");
  await run.waitFor((screen) => !screen.includes("Type to search"));
  // the command list's selection is in the accent built from Frappe's cyan (lightened to read on every panel), not
  // the dark theme's, nor the terminal's ANSI cyan of a terminal that answered nothing
  const closed = run.output.length;
  run.type("/");
  await run.waitForText("Open settings");
  await run.waitFor(() => run.output.slice(closed).includes("\x1b[1m\x1b[38;2;134;205;195m→ settings"));
});
