// /reload reads again what only the UI reads, as pi 1.6.0 does: keybindings.json and the theme files (with the
// theme setting applied anew), beside the session's settings, extensions, skills, prompts and context files; it
// ends with pi's line naming what it reloaded.
import { mkdir, readFile, realpath, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { DARK } from "../../plugins/interactive/theme/tokens.js";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();
const RELOADED = "Reloaded keybindings, extensions, skills, prompts, themes, and context files";

// one plain start for both: the keybindings.json written before /reload carries both tests' keys
it("/reload applies a keybindings.json and a theme file written since the start, and says what it reloaded; the header's key hints follow", async () => {
  const world = ui.world();
  const run = await ui.start();
  expect(run.screen().join("\n")).toContain("ctrl+o more");
  await mkdir(join(world.agentDir, "themes"), { recursive: true });
  // a theme whose editor border (thinkingOff: the mock model does not reason) is its own colour
  await writeFile(join(world.agentDir, "themes", "late.json"), JSON.stringify({ name: "late", colors: { ...DARK, thinkingOff: "#123456" } }));
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ theme: "late" }));
  await writeFile(join(world.agentDir, "keybindings.json"), JSON.stringify({ "app.tools.expand": "ctrl+y", "app.interrupt": "ctrl+g" }));
  const before = run.output.length;
  run.type("/reload\r");
  await run.waitForText(RELOADED);
  expect(run.output.slice(before)).toContain("\x1b[38;2;18;52;86m");
  const hints = run.buffer().filter((line) => line.includes("clear/exit")).at(-1);
  expect(hints).toContain("ctrl+y more");
  expect(hints).toContain("ctrl+g interrupt");
  run.type("/hotkeys\r");
  await run.waitForText("Every entry (/tree)");
  expect(run.buffer().join("\n")).toMatch(/ctrl\+y\s+Collapse or expand tool output/);
});

it("shows pi's box in the editor's place while the extensions load again", async () => {
  const world = ui.world();
  const hold = join(world.home, "hold");
  const release = join(world.home, "release");
  await mkdir(join(world.agentDir, "extensions"), { recursive: true });
  // loading waits while `hold` exists, until `release` does: the reload lasts as long as the test needs
  await writeFile(
    join(world.agentDir, "extensions", "slow.ts"),
    `import { existsSync } from "node:fs";
export default async function () {
  while (existsSync(${JSON.stringify(hold)}) && !existsSync(${JSON.stringify(release)})) await new Promise((done) => setTimeout(done, 50));
}
`,
  );
  const run = await ui.start();
  await writeFile(hold, "");
  try {
    run.type("/reload\r");
    await run.waitForText("Reloading keybindings, extensions, skills, prompts, themes, and context files...");
    // typing meanwhile goes to the box, not the editor
    run.type("typed while reloading");
    await writeFile(release, "");
    await run.waitForText(RELOADED);
    const screen = run.screen().join("\n");
    expect(screen).not.toContain("Reloading keybindings");
    expect(screen).not.toContain("typed while reloading");
  } finally {
    await writeFile(release, "");
  }
});

it("saves the trust a folder had for having nothing to trust, once the session has given it project resources", async () => {
  const world = ui.world();
  const run = await ui.start();
  // made during the session (as the agent would): a project prompt template
  await mkdir(join(world.project, ".pi", "prompts"), { recursive: true });
  await writeFile(join(world.project, ".pi", "prompts", "later.md"), "Later template");
  run.type("/reload\r");
  await run.waitForText(`${RELOADED}; saved project trust`);
  const saved = JSON.parse(await readFile(join(world.agentDir, "trust.json"), "utf8")) as Record<string, unknown>;
  expect(Object.entries(saved)).toEqual([[await realpath(world.project), true]]);
  // once: a second reload saves nothing more and says nothing of trust
  run.type("/reload\r");
  await run.waitFor((screen) => screen.split(RELOADED).length === 2 && !screen.includes("saved project trust"));
});
