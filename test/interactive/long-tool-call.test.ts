// A write whose 1 MB of arguments stream in 20-character deltas: the row's preview is built once per frame, not on
// every delta (plugins/interactive/components/tool-row.ts), and the arguments are read incrementally
// (lib/provider-kit/partial-json-reader.ts). Built from the whole file on every delta, the preview cost time in
// proportion to the file's length squared; streaming-draw-cost.test.ts counts the reads without a clock.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { writeMockModels } from "../cli/cli-harness.js";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

it("streams a write of a 1 MB file in 20-character deltas: the row shows its first lines and the file is written", async () => {
  const world = ui.world();
  // room for the whole file in the context, so no compaction starts
  await writeMockModels(world, [{ id: "mock-model", contextWindow: 4_000_000, maxTokens: 8192 }]);
  const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i}: const path = "C:\\\\dir\\\\${i}"; // naïve check`);
  const content = `${lines.join("\n")}\n`;
  world.mock.enqueue({ toolCalls: [{ name: "write", arguments: { path: "big.ts", content }, argumentDeltaLength: 20 }] }, { text: "Wrote big.ts." });
  const pty = await ui.start([], { rows: 40 });
  pty.type("write big.ts\r");
  await pty.waitForText("Wrote big.ts.", 30_000);
  // rows of a tool box end in spaces painted with its background
  const screen = pty.screen().map((line) => line.trimEnd()).join("\n");
  expect(screen).toMatch(/write big\.ts\n\s*\n line 0: const path = "C:\\\\dir\\\\0"; \/\/ naïve check\n/);
  expect(screen).toContain("... (19990 more lines, 20000 total, ctrl+o to expand)");
  expect(await readFile(join(world.project, "big.ts"), "utf8")).toBe(content);
}, 60_000);
