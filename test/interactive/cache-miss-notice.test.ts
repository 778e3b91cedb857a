// A reply that paid for a cache miss while the session runs, with showCacheMissNotices on: pi 1.6.0's notice follows
// it ("Cache miss: 32k tokens re-billed"); a reply that read its prompt from the cache gets none, and with the
// setting off nothing is said. (pi16-session-info.test.ts compares a stored session's notice and /session with pi.)
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

const replies = () =>
  ui.world().mock.enqueue(
    { text: "First answer.", usage: { input: 2000, output: 10, cacheRead: 0, cacheWrite: 30000 } },
    { text: "Second answer.", usage: { input: 33000, output: 10, cacheRead: 0, cacheWrite: 0 } },
    { text: "Third answer.", usage: { input: 500, output: 10, cacheRead: 33000, cacheWrite: 0 } },
  );

async function conversation() {
  const run = await ui.start();
  for (const [prompt, answer] of [["one", "First answer."], ["two", "Second answer."], ["three", "Third answer."]] as const) {
    run.type(`${prompt}\r`);
    await run.waitForText(answer);
  }
  return run;
}

it("a reply that billed its prompt again is followed by the cache-miss notice", async () => {
  await writeFile(join(ui.world().agentDir, "settings.json"), JSON.stringify({ showCacheMissNotices: true }));
  replies();
  const run = await conversation();
  await run.waitForText("Cache miss");
  const screen = run.screen().join("\n");
  expect(screen.match(/Cache miss: 32k tokens re-billed/g)).toHaveLength(1);
  expect(screen.indexOf("Cache miss")).toBeGreaterThan(screen.indexOf("Second answer."));
  expect(screen.indexOf("Cache miss")).toBeLessThan(screen.indexOf("three"));
});

it("says nothing of cache misses with the setting off", async () => {
  replies();
  const run = await conversation();
  // the notice would come with the reply's end, drawn with it or in the next frame
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(run.screen().join("\n")).not.toContain("Cache miss");
});
