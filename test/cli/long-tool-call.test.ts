// A tool call whose arguments stream in many small deltas: the partial arguments are read incrementally
// (lib/provider-kit/partial-json-reader.ts), so a `write` of a 1 MB file in 20-character deltas finishes in seconds;
// re-parsing the whole text on every delta, as before, took many minutes of CPU.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, writeMockModels, type CliWorld } from "./cli-harness.js";

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
  // room for the whole file in the context, so no compaction starts
  await writeMockModels(world, [{ id: "mock-model", contextWindow: 2_000_000, maxTokens: 8192 }]);
});
afterEach(async () => {
  await world.close();
});

it("pith -p writes a 1 MB file the model streams in 20-character deltas, byte for byte", async () => {
  // quotes, backslashes, tabs and non-ASCII text, so the deltas split escapes and surrogate pairs anywhere
  const line = (i: number) => `\tline ${i}: const path = "C:\\\\dir\\\\${i}"; // naïve 😀 check\n`;
  let content = "";
  for (let i = 0; content.length < 1_000_000; i++) content += line(i);
  world.mock.enqueue({ toolCalls: [{ name: "write", arguments: { path: "big.ts", content }, argumentDeltaLength: 20 }] }, { text: "Wrote big.ts." });
  const result = await world.run(["-p", "--model", "mock/mock-model", "write big.ts"]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(result.stdout).toBe("Wrote big.ts.\n");
  expect(await readFile(join(world.project, "big.ts"), "utf8")).toBe(content);
}, 60_000);
