// A program's last output reaches the test even when the test reads slowly: node-pty destroys the terminal's stream
// 200 ms after the program exits, and what was still unread was lost (test/support/pty-last-output.ts).
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { spawnInPty } from "./pty-harness.js";

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(() => world.close());

it("keeps what a program wrote just before it exited, read by a listener slower than node-pty's 200 ms", async () => {
  // 60 KB: more than the terminal holds, so the program is still writing when the reader falls behind
  const script = `process.stdout.write(("x".repeat(99) + "\\n").repeat(600) + "the last line\\n"); process.exit(0);`;
  const child = spawnInPty(world, [], { program: [process.execPath, "-e", script], settingsDecideScreen: true });
  let output = "";
  child.onData((data) => {
    output += data;
    // a worker busy elsewhere: each piece takes 60 ms to get to
    const until = Date.now() + 60;
    while (Date.now() < until);
  });
  await new Promise<void>((resolve) => child.onExit(() => resolve()));
  expect(output.slice(-200)).toMatch(/the last line\r\n$/);
  expect(output.length).toBe(60_000 + 600 + "the last line\r\n".length);
});
