// The first frame is drawn before the session is made (docs/interactive.md, "Time to the first frame"): the header,
// the editor and the footer come first, keys typed before the session is ready are handled in order once it is,
// and what the session knows (context use, a resumed session's model, an extension's footer) is drawn in as it
// arrives. An extension that waits for a file to exist holds the session back while the test looks.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { runInPty, usePtyWorld } from "./pty-harness.js";

const fixture = fileURLToPath(new URL("./fixtures/slow-start.ts", import.meta.url));
const ui = usePtyWorld();

function gated(footer = false) {
  const gate = join(ui.world().home, "session-may-start");
  return { gate, env: { SLOW_START_GATE: gate, ...(footer ? { SLOW_START_FOOTER: "1" } : {}) }, open: () => writeFile(gate, "") };
}

it("draws header, editor and footer before the session is ready; keys typed meanwhile are handled in order once it is", async () => {
  const { env, open } = gated();
  ui.world().mock.enqueue({ text: "Answer to the early question." });
  const run = await ui.start(["-e", fixture], { env, ready: "mock-model" });
  const early = run.screen().join("\n");
  expect(early).toContain("pith v");
  expect(early).toContain("~/project");
  // only the session knows the context use
  expect(early).not.toContain("(auto)");
  run.type("early question\r");
  run.type("next");
  // nothing is sent while the session is being made
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(ui.world().mock.requests).toHaveLength(0);
  await open();
  await run.waitForText("Answer to the early question.");
  await run.waitForText("(auto)");
  expect(ui.world().mock.requests).toHaveLength(1);
  expect(JSON.stringify(ui.world().mock.requests[0]!.body.messages)).toContain("early question");
  // the key typed after Enter went into the editor after the message was sent (waited for: under load the screen
  // can be read between two writes of one frame)
  const editorLine = (screen: string[]) => {
    const borders = screen.map((line, index) => (line.startsWith("────") ? index : -1)).filter((index) => index >= 0);
    return borders.length < 2 ? undefined : screen[borders.at(-2)! + 1];
  };
  await run.waitFor(() => /^ ?next/.test(editorLine(run.screen()) ?? ""));
  expect(editorLine(run.screen())).toMatch(/^ ?next/);
  run.type("\x03\x03");
  expect((await run.exited).exitCode).toBe(0);
});

it("an extension's footer takes the place of the first frame's once its session_start has run", async () => {
  const { env, open } = gated(true);
  const run = await ui.start(["-e", fixture], { env, ready: "mock-model" });
  expect(run.screen().join("\n")).not.toContain("slow extension footer");
  await open();
  await run.waitForText("slow extension footer");
  expect(run.screen().join("\n")).not.toContain("mock-model");
  run.type("\x04");
  expect((await run.exited).exitCode).toBe(0);
});

it("pith -c: the first frame leaves the model out until the session tells it, then shows it and the history", async () => {
  ui.world().mock.enqueue({ text: "Answer in the first run." });
  const first = await ui.start([]);
  first.type("question in the first run\r");
  await first.waitForText("Answer in the first run.");
  first.type("/quit\r");
  await first.exited;

  const { env, open } = gated();
  // no --model: the model is the session's
  const again = runInPty(ui.world(), ["-e", fixture, "-c"], { env });
  try {
    await again.waitForText("~/project");
    expect(again.screen().join("\n")).not.toContain("Answer in the first run.");
    expect(again.screen().join("\n")).not.toContain("no model");
    await open();
    await again.waitFor((screen) => screen.includes("Answer in the first run.") && screen.includes("mock-model"));
    expect(again.output).not.toContain("no model");
    again.type("\x04");
    await again.exited;
  } finally {
    again.kill("SIGKILL");
  }
});

it("a signal while the session is being made ends the run once it is, with the terminal given back", async () => {
  const { env, open } = gated();
  const run = await ui.start(["-e", fixture], { env, ready: "mock-model" });
  run.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 200));
  await open();
  expect((await run.exited).exitCode).toBe(143);
  expect(run.output.slice(run.output.lastIndexOf("\x1b[?2004h"))).toContain("\x1b[?2004l");
});
