// `pith` in a terminal: the first frame (header, editor, footer), first messages from the command line, and every
// way out, each leaving the terminal as it was (bracketed paste off, cursor shown).
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, runInPty, type CliWorld } from "./pty-harness.js";

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(() => world.close());

const MODEL = ["--model", "mock/mock-model"];
const RESTORED = /\x1b\[\?2004l[\s\S]*$/;

function expectRestored(output: string): void {
  const tail = output.slice(output.lastIndexOf("\x1b[?2004h"));
  expect(tail).toMatch(RESTORED);
  expect(tail.lastIndexOf("\x1b[?25h")).toBeGreaterThan(tail.lastIndexOf("\x1b[?25l"));
}

describe("starting", () => {
  // one start for both: the first frame is what ctrl+o then expands
  it("draws the header, an empty editor between its borders and the footer with folder and model; ctrl+o expands the header to every key to know, as pi's; quietStartup true leaves the header out", async () => {
    const run = runInPty(world, MODEL);
    // the session's footer: the first frame's, with the context use filled in
    await run.waitForText("/200k (auto)");
    const screen = run.screen();
    expect(screen[0]).toContain("pith v");
    expect(screen.join("\n")).toContain("ctrl+o more");
    expect(screen[2]?.trimEnd()).toBe(" Press ctrl+o to show full startup help and loaded resources.");
    const borders = screen.map((line, index) => (line.startsWith("────") ? index : -1)).filter((index) => index >= 0);
    expect(borders).toHaveLength(2);
    expect(screen[borders[1]! + 1]).toBe("~/project");
    expect(screen[borders[1]! + 2]).toMatch(/\/200k \(auto\)\s+mock-model$/);

    run.type("\x0f");
    await run.waitForText("ctrl+c twice to exit");
    const expanded = run.screen().join("\n");
    for (const hint of ["escape to interrupt", "ctrl+z to suspend", "ctrl+p/shift+ctrl+p to cycle models", "ctrl+g for external editor", "!! to run bash (no context)", "alt+enter to queue follow-up"]) {
      expect(expanded).toContain(hint);
    }
    expect(expanded).not.toContain("Press ctrl+o");
    run.type("\x04");
    expect((await run.exited).exitCode).toBe(0);
    expectRestored(run.output);

    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ quietStartup: true }));
    const quiet = runInPty(world, MODEL);
    await quiet.waitForText("mock-model");
    expect(quiet.screen().join("\n")).not.toContain("pith v");
    quiet.type("\x04");
    await quiet.exited;
  });

  it("sends the command line's message and @file as the first prompt", async () => {
    await writeFile(join(world.project, "notes.txt"), "the notes say 42\n");
    world.mock.enqueue({ text: "Read it." });
    const run = runInPty(world, [...MODEL, "@notes.txt", "what do the notes say?"]);
    await run.waitForText("Read it.");
    const sent = JSON.stringify(world.mock.requests[0]!.body.messages);
    expect(sent).toContain("the notes say 42");
    expect(sent).toContain("what do the notes say?");
    expect(run.screen().join("\n")).toContain("what do the notes say?");
    run.type("\x04");
    await run.exited;
  });

  it("shows start-up warnings in the chat", async () => {
    await writeFile(join(world.agentDir, "keybindings.json"), "{ not json");
    const run = runInPty(world, MODEL);
    await run.waitForText("keybindings.json was not used");
    expect(run.screen().join("\n")).toContain("Warning:");
    run.type("\x04");
    await run.exited;
  });
});

describe("leaving", () => {
  it("ctrl+c clears the editor; twice quickly quits", async () => {
    const run = runInPty(world, MODEL);
    await run.waitForText("mock-model");
    run.type("draft text");
    await run.waitForText("draft text");
    run.type("\x03");
    await run.waitFor((screen) => !screen.includes("draft text"));
    run.type("\x03");
    await new Promise((resolve) => setTimeout(resolve, 50));
    run.type("\x03");
    expect((await run.exited).exitCode).toBe(0);
    expectRestored(run.output);
  });

  it("ctrl+d deletes a character when the editor has text and quits when it is empty", async () => {
    const run = runInPty(world, MODEL);
    await run.waitForText("mock-model");
    run.type("ab\x1b[D\x04");
    await run.waitFor((screen) => /^a\s*$/m.test(screen));
    run.type("\x7f\x04");
    expect((await run.exited).exitCode).toBe(0);
  });

  it("/quit quits", async () => {
    const run = runInPty(world, MODEL);
    await run.waitForText("mock-model");
    run.type("/quit\r");
    expect((await run.exited).exitCode).toBe(0);
    expectRestored(run.output);
  });

  for (const [signal, code, mode] of [["SIGTERM", 143, "regular"], ["SIGINT", 130, "fullscreen"], ["SIGHUP", 129, "fullscreen"]] as const) {
    it(`${signal} restores the terminal from ${mode} mode and exits with ${code}`, async () => {
      const run = runInPty(world, [...MODEL, "--tui-mode", mode]);
      await run.waitForText("mock-model");
      run.kill(signal);
      expect((await run.exited).exitCode).toBe(code);
      expectRestored(run.output);
      // fullscreen: mouse reports off and back on the normal screen
      if (mode === "fullscreen") {
        expect(run.output.lastIndexOf("\x1b[?1000l")).toBeGreaterThan(run.output.lastIndexOf("\x1b[?1000h"));
        expect(run.output.lastIndexOf("\x1b[?1049l")).toBeGreaterThan(run.output.lastIndexOf("\x1b[?1049h"));
      }
    });
  }
});
