// Theme files in pi's format: the agent folder's themes/, --theme paths with --use-theme, the theme setting,
// hot reload of the active file, and a broken file reported without stopping the run.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { DARK } from "../../plugins/interactive/theme/tokens.js";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

/** a complete theme whose editor border (thinkingOff: the mock model does not reason) has `border`, given through a var */
function themeJson(name: string, border: string): string {
  return JSON.stringify({ name, vars: { edge: border }, colors: { ...DARK, thinkingOff: "edge" } }, null, 2);
}

const truecolor = (hex: string) => `\x1b[38;2;${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(";")}m`;

it("the theme setting picks a theme of the agent folder; editing its file recolours the running UI", async () => {
  const world = ui.world();
  const themes = join(world.agentDir, "themes");
  await mkdir(themes, { recursive: true });
  await writeFile(join(themes, "neon.json"), themeJson("neon", "#123456"));
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ theme: "neon" }));
  const run = await ui.start();
  expect(run.output).toContain(truecolor("#123456"));
  await writeFile(join(themes, "neon.json"), themeJson("neon", "#654321"));
  await run.waitFor(() => run.output.includes(truecolor("#654321")));

  await writeFile(join(themes, "neon.json"), "{ not json");
  await run.waitForText("neon.json is invalid");
  expect(run.screen().join("\n")).toContain("the theme keeps its previous colours");
});

it("--theme loads a file from anywhere and --use-theme starts with it; /settings lists it", async () => {
  const world = ui.world();
  const file = join(world.home, "elsewhere.json");
  await writeFile(file, themeJson("elsewhere", "#0a0b0c"));
  const run = await ui.start(["--theme", file, "--use-theme", "elsewhere"]);
  expect(run.output).toContain(truecolor("#0a0b0c"));
  run.type("/settings\r");
  await run.waitForText("Auto-compact");
  run.type("theme");
  await run.waitFor((screen) => /→ Theme\s+elsewhere/.test(screen));
});

it("a theme file missing colours is reported and the run goes on with the built-in theme", async () => {
  const world = ui.world();
  await mkdir(join(world.agentDir, "themes"), { recursive: true });
  await writeFile(join(world.agentDir, "themes", "half.json"), JSON.stringify({ name: "half", colors: { accent: "#ffffff" } }));
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ theme: "half" }));
  const run = await ui.start();
  await run.waitForText("half.json is invalid");
  await run.waitFor((screen) => /"colors" lacks border/.test(screen.replace(/\n/g, "")) && screen.includes('Theme "half" not found'));
});

it("a theme of a package in the settings is used by the theme setting", async () => {
  const world = ui.world();
  await mkdir(join(world.home, "pkg", "themes"), { recursive: true });
  await writeFile(join(world.home, "pkg", "package.json"), JSON.stringify({ name: "pkg-with-theme", version: "1.0.0" }));
  await writeFile(join(world.home, "pkg", "themes", "packaged.json"), themeJson("packaged", "#0d0e0f"));
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ packages: ["../pkg"], theme: "packaged" }));
  const run = await ui.start();
  expect(run.output).toContain(truecolor("#0d0e0f"));
  // pi 1.6.0's start-up listing has no [Themes] section
  expect(run.buffer().join("\n")).not.toContain("[Themes]");
});
