// /reload reads again what only the UI reads, as pi 1.6.0 does: keybindings.json and the theme files (with the
// theme setting applied anew), beside the session's settings, extensions, skills, prompts and context files; it
// ends with pi's line naming what it reloaded.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { DARK } from "../../plugins/interactive/theme/tokens.js";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();
const RELOADED = "Reloaded keybindings, extensions, skills, prompts, themes, and context files";

it("/reload applies a keybindings.json and a theme file written since the start, and says what it reloaded", async () => {
  const world = ui.world();
  const run = await ui.start();
  await mkdir(join(world.agentDir, "themes"), { recursive: true });
  // a theme whose editor border (thinkingMedium at the default level) is its own colour
  await writeFile(join(world.agentDir, "themes", "late.json"), JSON.stringify({ name: "late", colors: { ...DARK, thinkingMedium: "#123456" } }));
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ theme: "late" }));
  await writeFile(join(world.agentDir, "keybindings.json"), JSON.stringify({ "app.tools.expand": "ctrl+y" }));
  const before = run.output.length;
  run.type("/reload\r");
  await run.waitForText(RELOADED);
  expect(run.output.slice(before)).toContain("\x1b[38;2;18;52;86m");
  run.type("/hotkeys\r");
  await run.waitForText("Every entry (/tree)");
  expect(run.buffer().join("\n")).toMatch(/ctrl\+y\s+Collapse or expand tool output/);
});
