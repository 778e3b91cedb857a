// pi's theme files in-process: the roles pi added after its first theme format (thinkingMax) may be left out and
// take the colour of the role they grew from, as pi 1.6.0 reads them; the others are still required.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { readThemeFile } from "../../plugins/interactive/theme/theme-file.js";
import { DARK } from "../../plugins/interactive/theme/tokens.js";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "pith-theme-file-"));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

it("a theme without thinkingMax takes its thinkingXhigh colour; one that names it keeps its own", async () => {
  const { thinkingMax: _left, ...older } = DARK;
  const path = join(folder, "older.json");
  await writeFile(path, JSON.stringify({ name: "older", vars: { hot: "#ff0000" }, colors: { ...older, thinkingXhigh: "hot" } }));
  expect(readThemeFile(path).palette.thinkingMax).toBe("#ff0000");

  await writeFile(path, JSON.stringify({ name: "newer", colors: { ...DARK, thinkingXhigh: "#ff0000", thinkingMax: "#00ff00" } }));
  expect(readThemeFile(path).palette.thinkingMax).toBe("#00ff00");

  const { thinkingHigh: _missing, ...incomplete } = DARK;
  await writeFile(path, JSON.stringify({ name: "broken", colors: incomplete }));
  expect(() => readThemeFile(path)).toThrow(/"colors" lacks thinkingHigh$/);
});
