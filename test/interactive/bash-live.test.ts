// A running `!cmd` shows its output as it arrives; escape stops it and the record says (cancelled).
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

it("!cmd streams its output into the chat while it runs, and finishes as its record", async () => {
  const run = await ui.start();
  // printf pieces: the command line itself never contains the words the output is checked for
  run.type("!printf 'first-%s\\n' part; while [ ! -f release ]; do sleep 0.05; done; printf 'second-%s\\n' part\r");
  await run.waitFor((screen) => screen.includes("first-part") && !screen.includes("second-part"));
  expect(run.screen().join("\n")).toContain("Running... (escape to cancel)");
  await writeFile(join(ui.world().project, "release"), "");
  await run.waitFor((screen) => screen.includes("second-part") && !screen.includes("escape to cancel"));
  expect(run.screen().join("\n").match(/first-part/g)).toHaveLength(1);
});

it("escape stops a running !cmd", async () => {
  const run = await ui.start();
  run.type("!printf 'waiting-%s\\n' here; sleep 30\r");
  await run.waitForText("waiting-here");
  run.type("\x1b");
  await run.waitFor((screen) => screen.includes("(cancelled)") && screen.match(/waiting-here/g)?.length === 1);
});
