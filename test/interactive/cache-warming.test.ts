// Cache warming in the terminal UI: with showCacheMissNotices, each refresh shows as "Cache warmed: $<cost>" and
// refreshes one after the other add up on one line; /session has the Cache Warming block; /quit does not wait for
// the refresh that was planned.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { writeMockModels } from "../cli/cli-harness.js";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

it("refreshes show as one running total; /session shows the mode and the next decision; /quit exits at once", async () => {
  const world = ui.world();
  // refreshed 2 s after each request; a refresh of 1,000,000 cached tokens costs $0.300015
  const cost = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
  await writeMockModels(world, [{ id: "mock-model", contextWindow: 1_000_000, maxTokens: 8192, cost, promptCache: { short: 12 } }]);
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ showCacheMissNotices: true }));
  const warm = { text: ".", usage: { cacheRead: 1_000_000, output: 1 } };
  world.mock.enqueue({ text: "A long answer.", usage: { cacheWrite: 1_000_000 } }, warm, warm, warm, warm, warm, warm);
  const run = await ui.start();
  run.type("go\r");
  await run.waitForText("A long answer.");
  await run.waitForText("Cache warmed: $0.60003", 15_000);
  expect(run.screen().join("\n").match(/Cache warmed/g)).toHaveLength(1);

  run.type("/session\r");
  await run.waitForText("Cache Warming");
  const shown = run.screen().join("\n");
  expect(shown).toContain("Mode: idle");
  expect(shown).toMatch(/Status: (Decision in \d+s|Decision now|Warming cache) \(15% continuation probability, expected savings \$[\d.]+ >= \$0\.050( -> warm)?\)/);
  expect(shown).toContain("Refresh cost: $0.300");

  run.type("/quit\r");
  expect((await run.exited).exitCode).toBe(0);
});
