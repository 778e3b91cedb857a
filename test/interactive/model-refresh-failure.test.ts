// A catalogue that cannot be refreshed is named where pi 1.6.0 names it: /model's selector (in the error colour, in
// the highlighted model's name's place), /scoped-models' status line (a warning) and `/model <term>` before it
// searches (a warning in the chat). A whole pi-ai Provider (fixtures/dynamic-provider.ts) fails to restore its
// stored catalogue; pith and pi run side by side, offline, and draw the same rows in the same colours.
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { colourRuns, useSideBySide, type SideBySide } from "./side-by-side.js";

const FIXTURE = fileURLToPath(new URL("../extensions/fixtures/dynamic-provider.ts", import.meta.url));
const sideBySide = useSideBySide();

/** Types `command` into both and returns each program's rows from `first` to `last` once both screens show `shown`. */
async function rowsAfter(pair: SideBySide, command: string, shown: string, first: string, last: string): Promise<{ pith: string[]; pi: string[] }> {
  pair.type(`${command}\r`);
  await pair.waitFor((screen) => screen.includes(shown), 30_000);
  return { pith: colourRuns(pair.pith, first, last), pi: colourRuns(pair.pi, first, last) };
}

it("a catalogue that could not be refreshed is named in /model, /scoped-models and /model <term>, as pi 1.6.0 names it", async () => {
  const pair = await sideBySide({
    cols: 120,
    settings: { theme: "probe" },
    env: { DYN_FAIL_STORED: "disk" },
    prepare: async (world) => {
      await mkdir(join(world.agentDir, "extensions"), { recursive: true });
      await writeFile(join(world.agentDir, "extensions", "dyn.ts"), `export { default } from ${JSON.stringify(FIXTURE)};\n`);
      return [];
    },
  });
  const failed = "Could not refresh dyn-demo; showing cached models.";
  // pi 1.6.0 takes commands once its start-up has looked for fd and rg (this machine has neither; offline, both warn)
  await pair.pi.waitFor((screen) => screen.includes("fd not found") && screen.includes("ripgrep not found"), 20_000);

  const model = await rowsAfter(pair, "/model", failed, "→ ✓ mock-model [mock]", "Enter to select · Ctrl+S to set as default · Escape/Ctrl+C to cancel");
  expect(model.pith).toEqual(model.pi);
  expect(model.pith.join("\n")).toContain(`${failed}|fg=error`);
  pair.type("\x1b");
  await pair.waitFor((screen) => !screen.includes(failed), 20_000);

  const scoped = await rowsAfter(pair, "/scoped-models", failed, "→ ✓ mock-model [mock]", "Enter toggle · Ctrl+A all · Ctrl+X clear · Ctrl+P provider · Alt+Up/Alt+Down reorder · Ctrl+S save · all enabled");
  expect(scoped.pith).toEqual(scoped.pi);
  expect(scoped.pith.join("\n")).toContain(`${failed}|fg=warning`);
  pair.type("\x1b");
  await pair.waitFor((screen) => !screen.includes(failed), 20_000);

  const searching = "Could not refresh dyn-demo; searching cached models.";
  const term = await rowsAfter(pair, "/model dyn-later", failed, "Refreshing model catalogs…", `Warning: ${searching}`);
  expect(term.pith).toEqual(term.pi);
  expect(term.pith.at(-1)).toContain(`Warning: ${searching}|fg=warning`);
}, 120_000);
