// /session side by side with pi 1.6.0 (see pi16-tool-rows.test.ts for the method), on a stored session whose replies
// were billed by two models with prompt caching: every stretch of each row in its colour role, the prompt's tokens
// split into what the cache served and what it did not, the cost per model and what the caches missed (a model
// switch that billed the whole prompt again). With `showCacheMissNotices` on, the reply that paid for the miss is
// followed by its notice, as pi draws it.
import { expect, it } from "vitest";
import { colourRuns, openStoredSession, settled, storedReply, useSideBySide, type SideBySide } from "./side-by-side.js";

const start = useSideBySide();

const billed = (model: { provider: string; model: string }, usage: { input: number; output: number; cacheRead: number; cacheWrite: number }, dollarsPerMillion: { input: number; output: number; cacheRead: number; cacheWrite: number }) => {
  const cost = {
    input: (usage.input * dollarsPerMillion.input) / 1e6,
    output: (usage.output * dollarsPerMillion.output) / 1e6,
    cacheRead: (usage.cacheRead * dollarsPerMillion.cacheRead) / 1e6,
    cacheWrite: (usage.cacheWrite * dollarsPerMillion.cacheWrite) / 1e6,
  };
  const totalTokens = usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
  return { ...model, usage: { ...usage, totalTokens, cost: { ...cost, total: cost.input + cost.output + cost.cacheRead + cost.cacheWrite } } };
};
const MOCK = { provider: "mock", model: "mock-model" };
const OTHER = { provider: "anthropic", model: "claude-opus-4-8" };
const PRICES = { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 };

// the second reply comes from another model, which read nothing from the cache the first wrote: 32,000 tokens billed again
const turns = openStoredSession([
  { role: "user", content: [{ type: "text", text: "first question" }] },
  { ...storedReply([{ type: "text", text: "First answer." }]), ...billed(MOCK, { input: 2000, output: 100, cacheRead: 0, cacheWrite: 30000 }, PRICES) },
  { role: "user", content: [{ type: "text", text: "second question" }] },
  { ...storedReply([{ type: "text", text: "Second answer." }]), ...billed(OTHER, { input: 35000, output: 200, cacheRead: 0, cacheWrite: 0 }, PRICES) },
  { role: "user", content: [{ type: "text", text: "third question" }] },
  { ...storedReply([{ type: "text", text: "Third answer." }]), ...billed(MOCK, { input: 500, output: 300, cacheRead: 34000, cacheWrite: 1000 }, PRICES) },
]);

/** the session file's path differs between the two worlds */
const samePath = (row: string) => row.replace(/File:\S*\s\S+stored\.jsonl/, "File: <file>").replace(/\/tmp\/\S+stored\.jsonl/, "<file>");

async function sameRuns(pair: SideBySide, first: string, last: string): Promise<string[]> {
  const runs = await settled(pair, (side) => colourRuns(pair[side], first, last).map(samePath), 5000);
  expect(runs.pith).toEqual(runs.pi);
  return runs.pith;
}

it("/session shows the tokens, the cost per model and what the caches missed, as pi's", async () => {
  const pair = await start({ rows: 60, settings: { theme: "probe" }, ready: "Third answer.", prepare: turns });
  await pair.pi.waitFor(() => pair.pi.buffer().join("\n").includes("ripgrep not found"), 20_000);
  pair.type("/session\r");
  await pair.waitFor((screen) => screen.includes("Cache Re-billed"));
  const rows = (await sameRuns(pair, "Session Info", "~/project")).join("\n");
  expect(rows).toContain("Cached:");
  expect(rows).toContain("anthropic/claude-opus-4-8:");
  expect(rows).toContain("Cache Re-billed:");
}, 120_000);

it("shows the notice of the reply that paid for a cache miss, with showCacheMissNotices on", async () => {
  const pair = await start({ rows: 60, settings: { theme: "probe", showCacheMissNotices: true }, ready: "Third answer.", prepare: turns });
  await pair.pi.waitFor(() => pair.pi.buffer().join("\n").includes("ripgrep not found"), 20_000);
  const rows = (await sameRuns(pair, "first question", "Third answer.")).join("\n");
  expect(rows).toContain("Cache miss after model switch: 32k tokens re-billed");
}, 120_000);
