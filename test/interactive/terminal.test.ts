// The terminal around the UI: resizing redraws at the new width, NO_COLOR and TERM=dumb draw without colours,
// a tiny terminal still works, console output of extensions lands in the chat instead of across the drawing, and a
// change above the visible rows (ctrl+o) draws the chat again once, leaving no stale copy in the scrollback.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const NOISY = fileURLToPath(new URL("./fixtures/noisy-extension.ts", import.meta.url));

const ui = usePtyWorld();

it("redraws at the new width after a resize", async () => {
  ui.world().mock.enqueue({ text: "A reply that is here before the resize." });
  const run = await ui.start([], { cols: 100, rows: 24 });
  run.type("hello\r");
  await run.waitForText("before the resize");
  run.resize(60, 20);
  // the footer's model sits at the right edge of the new width, the header is whole again
  await run.waitFor((screen) => screen.split("\n").some((line) => line.length === 60 && /^\S.*\s{2,}mock-model$/.test(line)));
  await run.waitForText("escape interrupt");
  const screen = run.screen();
  expect(screen.every((line) => line.length <= 60)).toBe(true);
  expect(screen.join("\n")).toContain("before the resize");
  run.type("\x04");
  expect((await run.exited).exitCode).toBe(0);
});

it("NO_COLOR draws without colours", async () => {
  ui.world().mock.enqueue({ text: "Plain **words**." });
  const run = await ui.start([], { env: { NO_COLOR: "1" } });
  run.type("hi\r");
  await run.waitForText("Plain words.");
  expect(run.output).not.toMatch(/\x1b\[(3|4)8;/);
  expect(run.output).not.toMatch(/\x1b\[1m/);
});

it("TERM=dumb still works, without colours", async () => {
  ui.world().mock.enqueue({ text: "Works on a dumb terminal." });
  const run = await ui.start([], { env: { TERM: "dumb" } });
  run.type("hi\r");
  await run.waitForText("Works on a dumb terminal.");
  expect(run.output).not.toMatch(/\x1b\[(3|4)8;/);
});

it("a tiny terminal still shows the reply and quits cleanly", async () => {
  ui.world().mock.enqueue({ text: "Tiny but fine, a reply longer than the terminal is wide." });
  const run = await ui.start([], { cols: 20, rows: 8 });
  run.type("hi\r");
  // eight rows hold the editor and the footer; the reply may already have scrolled into the scrollback
  await run.waitFor((screen) => screen.includes("wide.") || run.output.includes("wide."));
  for (const line of run.screen()) expect(line.length).toBeLessThanOrEqual(20);
  run.type("\x04");
  expect((await run.exited).exitCode).toBe(0);
});

it("console.log and an unhandled rejection of an extension appear in the chat, not across the screen; an uncaught throw restores the terminal before exiting", async () => {
  const run = await ui.start(["-e", NOISY]);
  await run.waitForText("noisy extension loaded");
  run.type("/noisy\r");
  await run.waitForText("stray output from a command");
  const intact = (text: string) => {
    const screen = run.screen();
    // the editor and footer are intact below the message
    const at = screen.findIndex((line) => line.includes(text));
    const borders = screen.map((line, index) => (line.startsWith("────") ? index : -1)).filter((index) => index >= 0);
    expect(borders[0]).toBeGreaterThan(at);
    expect(screen.filter((line) => line !== "").at(-1)).toMatch(/mock-model$/);
  };
  intact("stray output from a command");
  run.type("/reject\r");
  await run.waitForText("Error: pith: unexpected error: a promise nobody awaited");
  intact("a promise nobody awaited");

  const drawing = run.output.length;
  run.type("/crash\r");
  expect((await run.exited).exitCode).toBe(1);
  const after = run.output.slice(drawing);
  // bracketed paste off and the cursor shown before the error is printed, on a terminal back to normal
  const restored = after.lastIndexOf("\x1b[?2004l");
  expect(restored).toBeGreaterThanOrEqual(0);
  expect(after.lastIndexOf("\x1b[?25h")).toBeGreaterThan(after.lastIndexOf("\x1b[?25l"));
  expect(after.indexOf("pith: unexpected error: Error: the extension fell over")).toBeGreaterThan(restored);
});

it("a long streamed reply scrolls into the scrollback once, line by line, without rewriting the editor and footer per frame", async () => {
  const reply = Array.from({ length: 80 }, (_, index) => `Reply line ${index + 1} with **bold** words.\n`);
  ui.world().mock.enqueue({ text: reply, delayMs: 5 });
  const run = await ui.start([], { rows: 20 });
  const before = run.output.length;
  run.type("write a long reply\r");
  await run.waitFor((screen) => screen.includes("Reply line 80 with bold words.") && !screen.includes("Working"));
  const streamed = run.output.slice(before);
  expect(streamed).not.toMatch(/\x1b\[[23]J/);
  // every line is in the buffer exactly once and in order, and the editor and footer are still at the bottom
  const replyRows = run.buffer().filter((row) => row.includes("Reply line"));
  expect(replyRows.map((row) => row.trim())).toEqual(reply.map((line) => line.trim().replace(/\*\*/g, "")));
  expect(run.screen().filter((line) => line !== "").at(-1)).toMatch(/mock-model$/);
  // rows were inserted above the editor, which was not written again each frame
  expect(streamed).toMatch(/\x1b\[\d+L/);
  const frames = streamed.split("\x1b[?2026h").length - 1;
  const footers = streamed.split("mock-model").length - 1;
  expect(footers).toBeLessThan(frames / 2);
});

it("ctrl+o over a chat taller than the screen draws it again once per press, each row once in the scrollback", async () => {
  await writeFile(join(ui.world().project, "long.txt"), Array.from({ length: 20 }, (_, index) => `file line ${index + 1}\n`).join(""));
  const answer = Array.from({ length: 25 }, (_, index) => `Answer line ${index + 1}\n`);
  ui.world().mock.enqueue({ text: "Reading.", toolCalls: [{ name: "read", arguments: { path: "long.txt" } }] }, { text: answer });
  const run = await ui.start([], { rows: 20 });
  run.type("read it\r");
  await run.waitFor((screen) => screen.includes("Answer line 25") && !screen.includes("Working"));
  for (const [state, fileShown] of [["expanded", true], ["collapsed", false]] as const) {
    const before = run.output.length;
    run.type("\x0f");
    await run.waitForText(`Tool output: ${state}`);
    // at most one clearing of the scrollback for the one change, and what was drawn before it is gone from there
    expect(run.output.slice(before).match(/\x1b\[3J/g)?.length ?? 0).toBeLessThanOrEqual(1);
    const rows = run.buffer().map((row) => row.trim());
    expect(rows.filter((row) => row === "read it")).toHaveLength(1);
    expect(rows.filter((row) => row.startsWith("Answer line"))).toHaveLength(25);
    expect(rows.includes("file line 20")).toBe(fileShown);
  }
});
