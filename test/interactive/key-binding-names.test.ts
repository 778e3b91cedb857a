// keybindings.json written for an older pi: its action names (`pasteImage`, `expandTools`, ...) are read as the
// current ids, the current id wins where the file has both, and the file is written back under the new ids, as pi
// 1.6.0 does at start-up (without a warning).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { loadKeybindings } from "../../plugins/interactive/keys/key-bindings.js";

let agentDir: string;
beforeEach(async () => {
  agentDir = await mkdtemp(join(tmpdir(), "pith-key-names-"));
});
afterEach(() => rm(agentDir, { recursive: true, force: true }));

it("old action names bind the renamed actions, and the file is written back with the new ids", async () => {
  const file = join(agentDir, "keybindings.json");
  await writeFile(file, JSON.stringify({ pasteImage: "alt+p", expandTools: "ctrl+e", "app.tools.expand": "ctrl+y", cursorUp: ["up", "ctrl+k"], selectModel: [] }));
  const { manager, warning } = loadKeybindings(agentDir);
  expect(warning).toBeUndefined();
  expect(manager.getKeys("app.clipboard.pasteImage")).toEqual(["alt+p"]);
  expect(manager.getKeys("app.tools.expand")).toEqual(["ctrl+y"]);
  expect(manager.getKeys("tui.editor.cursorUp")).toEqual(["up", "ctrl+k"]);
  expect(manager.getKeys("app.model.select")).toEqual([]);
  // pi's order: the editor's ids first, then the application's, as they are declared
  expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ "tui.editor.cursorUp": ["up", "ctrl+k"], "app.clipboard.pasteImage": "alt+p", "app.model.select": [], "app.tools.expand": "ctrl+y" });
  expect(Object.keys(JSON.parse(await readFile(file, "utf8")))[0]).toBe("tui.editor.cursorUp");
});

it("a file with current ids only is left as it is", async () => {
  const file = join(agentDir, "keybindings.json");
  const text = '{"app.tools.expand":"ctrl+e","$schema":"x"}';
  await writeFile(file, text);
  expect(loadKeybindings(agentDir).manager.getKeys("app.tools.expand")).toEqual(["ctrl+e"]);
  expect(await readFile(file, "utf8")).toBe(text);
});
