// Fullscreen mode (`tuiMode`, `--tui-mode`; pi 1.6.0's default): the alternate screen with the editor and footer
// at the bottom, a transcript that streams by moving rows (scroll regions) instead of rewriting them, scrolled
// with pi's keys and the mouse wheel, redrawn at a new size, and the normal screen given back on the way out
// with the transcript printed on it. A question asked before the session exists (project trust) is drawn on the
// screen the saved settings ask for, from its first frame.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();
const LINES = 80;
const reply = Array.from({ length: LINES }, (_, index) => `Reply line ${index + 1} with **bold** words.\n`);
const replyRow = (screen: string, line: number) => screen.split("\n").findIndex((row) => row.trim() === `Reply line ${line} with bold words.`);

it("streams a long reply in place, scrolls with keys and wheel, redraws on resize and prints the transcript on exit", async () => {
  ui.world().mock.enqueue({ text: reply, delayMs: 5 });
  const run = await ui.start(["--tui-mode", "fullscreen"], { rows: 20 });
  expect(run.output).toContain("\x1b[?1049h");
  // the dock sits on the last rows even with an empty transcript
  expect(run.screen().at(-1)).toMatch(/mock-model$/);

  const before = run.output.length;
  run.type("write a long reply\r");
  await run.waitFor((screen) => replyRow(screen, LINES) >= 0 && !screen.includes("Working"));
  const streamed = run.output.slice(before);
  expect(streamed).not.toMatch(/\x1b\[[23]J/);
  // rows moved with a scroll region instead of being written again
  expect(streamed).toMatch(/\x1b\[\d+;\d+r\x1b\[\d+S\x1b\[r/);
  // what the moved rows and the written ones make together: the reply's last lines, in order, above the dock
  const screen = run.screen();
  const last = replyRow(screen.join("\n"), LINES);
  for (let offset = 1; offset <= 5; offset++) expect(screen[last - offset]?.trim()).toBe(`Reply line ${LINES - offset} with bold words.`);
  expect(screen.at(-1)).toMatch(/mock-model$/);
  expect(screen.filter((row) => row.startsWith("────"))).toHaveLength(2);

  // page up: earlier lines, the dock still in place; ctrl+end: back at the end
  run.type("\x1b[5~");
  await run.waitFor((shown) => replyRow(shown, LINES) < 0 && replyRow(shown, LINES - 20) >= 0);
  expect(run.screen().at(-1)).toMatch(/mock-model$/);
  run.type("\x1b[1;5F");
  await run.waitFor((shown) => replyRow(shown, LINES) >= 0);
  // three notches of the wheel up (SGR mouse reports over the transcript)
  run.type("\x1b[<64;10;5M".repeat(3));
  await run.waitFor((shown) => replyRow(shown, LINES) < 0);
  run.type("\x1b[1;5F");
  await run.waitFor((shown) => replyRow(shown, LINES) >= 0);
  // ctrl+shift+up: to the start of the previous message (its OSC 133 mark), the reply's first line
  run.type("\x1b[1;6A");
  await run.waitFor((shown) => replyRow(shown, 1) >= 0);
  run.type("\x1b[1;5F");
  await run.waitFor((shown) => replyRow(shown, LINES) >= 0);

  // /settings switches the mode at once and saves it: regular draws the conversation on the normal screen
  run.type("/settings\r");
  await run.waitForText("Auto-compact");
  run.type("tui mode");
  await run.waitFor((shown) => /→ TUI mode\s+fullscreen/.test(shown));
  const switched = run.output.length;
  run.type("\r");
  await run.waitFor((shown) => /→ TUI mode\s+regular/.test(shown) && run.output.includes("\x1b[?1049l", switched));
  await expect.poll(() => readFile(join(ui.world().agentDir, "settings.json"), "utf8").then(JSON.parse).catch(() => ({}))).toMatchObject({ tuiMode: "regular" });
  await run.waitFor(() => run.buffer().some((row) => row.trim() === `Reply line ${LINES} with bold words.`));
  run.type("\r");
  await run.waitFor((shown) => /→ TUI mode\s+fullscreen/.test(shown) && run.output.includes("\x1b[?1049h", switched));
  run.type("\x1b");
  await run.waitFor((shown) => !shown.includes("→ TUI mode") && replyRow(shown, LINES) >= 0 && /mock-model$/.test(shown));

  run.resize(70, 16);
  await run.waitFor((shown) => shown.split("\n").some((row) => row.length === 70 && /^\S.*\s{2,}mock-model$/.test(row)) && replyRow(shown, LINES) >= 0);
  expect(run.screen().every((row) => row.length <= 70)).toBe(true);

  run.type("\x04");
  expect((await run.exited).exitCode).toBe(0);
  const exit = run.output.slice(run.output.lastIndexOf("\x1b[?1049l"));
  // mouse reports, bracketed paste off and the cursor shown, back on the normal screen
  expect(run.output.lastIndexOf("\x1b[?1000l")).toBeGreaterThan(run.output.lastIndexOf("\x1b[?1000h"));
  expect(run.output.lastIndexOf("\x1b[?2004l")).toBeGreaterThan(run.output.lastIndexOf("\x1b[?2004h"));
  expect(exit.lastIndexOf("\x1b[?25h")).toBeGreaterThan(exit.lastIndexOf("\x1b[?25l"));
  // the whole transcript is printed there once, and how to resume the session below it
  await run.waitForText("To resume this session:");
  const normal = run.buffer();
  expect(normal.filter((row) => /^\s*Reply line \d+ with bold words\.$/.test(row)).map((row) => row.trim())).toEqual(reply.map((line) => line.trim().replace(/\*\*/g, "")));
  const hint = normal.findIndex((row) => row === "To resume this session:");
  expect(hint).toBeGreaterThan(normal.findIndex((row) => row.includes(`Reply line ${LINES} `)));
  // the command wraps at 70 columns
  expect(normal.slice(hint + 1).join("")).toMatch(/^pith --session \/\S+\.jsonl$/);
});

for (const saved of ["regular", undefined] as const) {
  it(`the start-up trust question is drawn on the ${saved ?? "fullscreen (default)"} screen from its first frame${saved ? " when settings.json says tuiMode regular" : ""}`, async () => {
    const world = ui.world();
    if (saved) await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ tuiMode: saved }));
    await mkdir(join(world.project, ".pi", "prompts"), { recursive: true });
    await writeFile(join(world.project, ".pi", "prompts", "hello.md"), "Say hello from the project\n");
    const run = await ui.start([], { ready: "Trust project folder?", settingsDecideScreen: true });
    const asking = run.output.indexOf("Trust project folder?");
    run.type("\r");
    await run.waitFor((screen) => /mock-model$/m.test(screen) && !screen.includes("Trust project folder?"));
    if (saved) {
      // never on the alternate screen: no switch of screens after the answer
      expect(run.output).not.toContain("\x1b[?1049h");
    } else {
      // on the alternate screen before the question, and not left after it
      expect(run.output.indexOf("\x1b[?1049h")).toBeGreaterThan(-1);
      expect(run.output.indexOf("\x1b[?1049h")).toBeLessThan(asking);
      expect(run.output).not.toContain("\x1b[?1049l");
    }
  });
}
