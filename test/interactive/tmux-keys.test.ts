// Inside tmux pith asks tmux whether its extended keys are on, as pi 1.6.0 does at start-up, and warns when they are
// off (modified Enter keys would not arrive) or in the xterm format. A `tmux` script on PATH answers for tmux.
import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

async function fakeTmux(home: string, answers: Record<string, string>): Promise<string> {
  const bin = join(home, "bin");
  await mkdir(bin, { recursive: true });
  const cases = Object.entries(answers)
    .map(([option, value]) => `  ${option}) echo ${value} ;;`)
    .join("\n");
  await writeFile(join(bin, "tmux"), `#!/bin/sh\n[ "$1 $2" = "show -gv" ] || exit 1\ncase "$3" in\n${cases}\n  *) exit 1 ;;\nesac\n`);
  await chmod(join(bin, "tmux"), 0o755);
  return bin;
}

it("warns inside a tmux whose extended-keys is off", async () => {
  const world = ui.world();
  const bin = await fakeTmux(world.home, { "extended-keys": "off", "extended-keys-format": "csi-u" });
  const run = await ui.start([], { env: { TMUX: "/tmp/tmux-test/default,1,0", PATH: `${bin}:${process.env.PATH}` } });
  await run.waitForText("tmux extended-keys is off. Modified Enter keys may not work.");
});

it("suggests csi-u when the format is xterm, and says nothing outside tmux", async () => {
  const world = ui.world();
  const bin = await fakeTmux(world.home, { "extended-keys": "on", "extended-keys-format": "xterm" });
  const run = await ui.start([], { env: { TMUX: "/tmp/tmux-test/default,1,0", PATH: `${bin}:${process.env.PATH}` } });
  await run.waitForText("tmux extended-keys-format is xterm. pith works best with csi-u.");
  run.type("/quit\r");
  await run.exited;
  const outside = await ui.start([], { env: { PATH: `${bin}:${process.env.PATH}` } });
  outside.type("hello");
  await outside.waitForText("hello");
  expect(outside.screen().join("\n")).not.toContain("tmux extended-keys");
});
