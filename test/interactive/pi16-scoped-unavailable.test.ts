// /scoped-models with saved `enabledModels` patterns that match no model, side by side with pi 1.6.0 (see
// pi16-dialogs.test.ts for the method): each such pattern is a row of its own, struck through and marked
// `[unavailable]`, counted apart in the key line, moved, switched off and cleared like a model, and kept by ctrl+s.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import type { CliWorld } from "./pty-harness.js";
import { colourRuns, settled, useSideBySide, type SideBySide } from "./side-by-side.js";

const start = useSideBySide();
const EDITOR_EDGE = "─".repeat(100);
/** what the terminal sends for the keys the dialog acts on */
const KEY = { altUp: "\x1b[1;3A", down: "\x1b[B", ctrlA: "\x01", ctrlC: "\x03", ctrlP: "\x10", ctrlS: "\x13", ctrlX: "\x18" };

/** both programs' rows from the dialog's top rule to the footer, once they read the same (or, after a while, as they are) */
async function sameDialog(pair: SideBySide): Promise<string[]> {
  const runs = await settled(pair, (side) => colourRuns(pair[side], EDITOR_EDGE, "~/project"), 5000);
  expect(runs.pith).toEqual(runs.pi);
  return runs.pith;
}

/** models.json: three models of the mock provider, one of another, all on each program's own mock server */
const fourModels = async (world: CliWorld) => {
  const model = (id: string, name?: string) => ({ id, ...(name ? { name } : {}), contextWindow: 200000, maxTokens: 8192 });
  const provider = (models: Record<string, unknown>[]) => ({ baseUrl: world.mock.url, api: "anthropic-messages", apiKey: "test-key", models });
  const providers = { mock: provider([model("mock-model"), model("beta-1"), model("beta-2", "Beta Two")]), other: provider([model("zeta")]) };
  await writeFile(join(world.agentDir, "models.json"), JSON.stringify({ providers }));
  return [];
};

const savedPatterns = async (world: CliWorld) => (JSON.parse(await readFile(join(world.agentDir, "settings.json"), "utf8")) as { enabledModels?: string[] }).enabledModels;

it("saved patterns that match nothing beside ones that match: shown once the session's scope holds no model, struck through as [unavailable] after the matched ones, counted apart, moved, kept by ctrl+s, switched off by enter and ctrl+x, as pi's", async () => {
  const enabledModels = ["mock/beta-2", "ghost/phantom", "other/zeta", "*nothing-here*"];
  const pair = await start({ rows: 50, settings: { theme: "probe", enabledModels }, prepare: fourModels });
  await pair.pi.waitForText("ripgrep not found", 20_000);

  // the session's scope holds the two models that match: only they are rows, ✓, as pi draws them
  pair.type("/scoped-models\r");
  await pair.waitFor((screen) => screen.includes("Model catalogs refreshed.") && screen.includes("2/4 enabled"));
  const scoped = await sameDialog(pair);
  expect(scoped.join("\n")).not.toContain("unavailable");

  // every model on for this session: the scope no longer holds a model, so the dialog opens again with the saved list
  pair.type(KEY.ctrlA);
  await pair.waitFor((screen) => screen.includes("all enabled"));
  pair.type("\x1b");
  await pair.waitFor((screen) => !screen.includes("Model Configuration"));
  pair.type("/scoped-models\r");
  await pair.waitFor((screen) => screen.includes("Model catalogs refreshed.") && screen.includes("2/4 enabled · 2 unavailable"));
  const saved = (await sameDialog(pair)).join("\n");
  expect(saved).toMatch(/ghost\/phantom\|[^‖]*‖  \[unavailable\]\|fg=muted/);
  expect(saved.indexOf("zeta")).toBeLessThan(saved.indexOf("ghost/phantom"));
  expect(saved.indexOf("*nothing-here*")).toBeLessThan(saved.indexOf("mock-model"));

  // the highlighted pattern: its text in the accent colour, still struck through; "Model unavailable" under the rows
  pair.type(KEY.down + KEY.down);
  await pair.waitFor((screen) => screen.includes("Model unavailable"));
  const highlighted = (await sameDialog(pair)).join("\n");
  expect(highlighted).toMatch(/→ \|fg=accent.*ghost\/phantom\|fg=accent/);
  for (const run of [pair.pith, pair.pi]) expect(run.output).toContain("\x1b[9mghost/phantom\x1b[29m");

  // moved up in the order, then saved: the file keeps both patterns that match nothing, in the list's order
  pair.type(KEY.altUp);
  await pair.waitFor((screen) => screen.includes("(unsaved)") && /ghost\/phantom \[unavailable\][^]*✓ zeta/.test(screen));
  await sameDialog(pair);
  pair.type(KEY.ctrlS);
  await pair.waitFor((screen) => !screen.includes("(unsaved)"));
  await expect.poll(() => savedPatterns(pair.worlds.pith)).toEqual(["mock/beta-2", "ghost/phantom", "other/zeta", "*nothing-here*"]);

  // every model on: the patterns stay, so the count is of models, not "all enabled"
  pair.type(KEY.ctrlA);
  await pair.waitFor((screen) => screen.includes("4/4 enabled · 2 unavailable"));
  await sameDialog(pair);

  // enter switches the highlighted pattern off, and with it its row
  pair.type("\r");
  await pair.waitFor((screen) => screen.includes("4/4 enabled · 1 unavailable") && !screen.includes("ghost/phantom ["));
  await sameDialog(pair);

  // a search finds a pattern by its text; ctrl+x clears what the search shows, the pattern with it
  pair.type("nothing");
  await pair.waitFor((screen) => screen.includes("> nothing") && !screen.includes("✓ zeta"));
  await sameDialog(pair);
  pair.type(KEY.ctrlX);
  await pair.waitFor((screen) => screen.includes("No matching models") && screen.includes("4/4 enabled (unsaved)"));
  await sameDialog(pair);
  pair.type(KEY.ctrlC);
  await pair.waitFor((screen) => screen.includes("✓ zeta [other]"));
  await sameDialog(pair);
}, 120_000);

it("saved patterns that all match nothing: the dialog opens with them as [unavailable] rows before every model, 0 enabled; ctrl+p passes them by; ctrl+x clears them and ctrl+s saves that, as pi's", async () => {
  const enabledModels = ["ghost/phantom", "*nothing-here*"];
  const pair = await start({ rows: 50, settings: { theme: "probe", enabledModels }, prepare: fourModels });
  await pair.pi.waitForText("ripgrep not found", 20_000);
  pair.type("/scoped-models\r");
  await pair.waitFor((screen) => screen.includes("Model catalogs refreshed.") && screen.includes("0/4 enabled · 2 unavailable"));
  const rows = (await sameDialog(pair)).join("\n");
  expect(rows).toMatch(/→ \|fg=accent.*ghost\/phantom\|fg=accent.*\[unavailable\]\|fg=muted/);

  // ctrl+p (the highlighted row's provider) does nothing on a pattern
  pair.type(KEY.ctrlP + KEY.down);
  await pair.waitFor((screen) => /→ +\*nothing-here\*/.test(screen));
  expect((await sameDialog(pair)).join("\n")).not.toContain("(unsaved)");

  // ctrl+s with nothing changed keeps the patterns as they were saved
  pair.type(KEY.ctrlS);
  await pair.pith.waitForText("Model selection saved to settings");
  expect(await savedPatterns(pair.worlds.pith)).toEqual(enabledModels);

  pair.type(KEY.ctrlX);
  await pair.waitFor((screen) => screen.includes("0/4 enabled") && !screen.includes("unavailable") && screen.includes("(unsaved)"));
  await sameDialog(pair);
  pair.type(KEY.ctrlS);
  await pair.waitFor((screen) => screen.includes("0/4 enabled") && !screen.includes("(unsaved)"));
  await sameDialog(pair);
  await expect.poll(() => savedPatterns(pair.worlds.pith)).toEqual([]);
}, 90_000);
