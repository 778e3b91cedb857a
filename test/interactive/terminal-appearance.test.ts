// The "system" theme (the default) follows the terminal as pi 1.6.0 does: pith asks for the terminal's colours
// (OSC 10/11, ended by a DA1 request) and turns on colour-scheme reports (mode 2031). The headless emulator answers
// neither, so the test writes the terminal's replies (first to the terminal's own start-up query): a white background makes the theme light; a scheme report
// makes pith ask again, and a black background brings the dark theme back. The footer's cwd, drawn in the theme's
// dim colour, shows which theme is in use.
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();
const DARK_DIM_CWD = /\x1b\[38;2;106;106;106m~\/project/;
const LIGHT_DIM_CWD = /\x1b\[38;2;140;140;140m~\/project/;
const COLOUR_QUERY = "\x1b]11;?\x07";
const DA1_REPLY = "\x1b[?62;22c";

it("follows the terminal's background and its dark/light switches", async () => {
  const run = await ui.start([], { env: { COLORFGBG: "15;0" } });
  await run.waitFor(() => run.output.includes(COLOUR_QUERY) && run.output.includes("\x1b[?2031h"));
  expect(run.output).toMatch(DARK_DIM_CWD);

  // the terminal's own start-up query (keyboard protocol, ended by DA1) is answered first, as a terminal would
  run.type(DA1_REPLY);
  await run.waitFor(() => run.output.includes("\x1b[>4;2m"));
  let mark = run.output.length;
  run.type(`\x1b]10;rgb:1010/1010/1010\x07\x1b]11;rgb:ffff/ffff/ffff\x07${DA1_REPLY}`);
  await run.waitFor(() => LIGHT_DIM_CWD.test(run.output.slice(mark)));

  // the terminal switched to its dark scheme: pith asks for the colours again, and they decide
  mark = run.output.length;
  run.type("\x1b[?997;1n");
  await run.waitFor(() => run.output.slice(mark).includes(COLOUR_QUERY));
  mark = run.output.length;
  run.type(`\x1b]10;rgb:eeee/eeee/eeee\x07\x1b]11;rgb:1c1c/1c1c/1c1c\x07${DA1_REPLY}`);
  await run.waitFor(() => DARK_DIM_CWD.test(run.output.slice(mark)));

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
