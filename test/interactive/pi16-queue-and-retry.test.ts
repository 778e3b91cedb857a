// Messages queued while the agent works, and the wait before a retry, side by side with pi 1.6.0 (see
// pi16-tool-rows.test.ts for the method): Enter queues a steering message and Alt+Enter a follow-up, each shown on a
// dim line cut to the width; escape aborts and puts them back in the editor; an overloaded reply counts down to its
// retry in the editor's border, and escape cancels the retry.
import { expect, it } from "vitest";
import { holdUntilReleased } from "../support/mock-llm/index.js";
import { borderStatusColours, sameRows, sameSpinner, useSideBySide } from "./side-by-side.js";

const start = useSideBySide();
const EDITOR_EDGE = "─".repeat(100);
/** a reply held after its first two words (message_start, ping, content_block_start, two deltas): the agent works until escape */
const slowReply = {
  text: "one two three four five six seven eight nine ten eleven twelve".split(" ").map((word, index) => (index > 0 ? ` ${word}` : word)),
  holdUntil: holdUntilReleased().held,
  holdAfterChunks: 5,
};

it("queued steering and follow-up messages, and escape putting them back in the editor, read as pi's", async () => {
  const pair = await start({ rows: 40, settings: { theme: "probe" }, args: ["go"], replies: [slowReply, { text: "unused" }, { text: "unused" }] });
  await pair.waitFor((screen) => screen.includes("one two"), 20_000);
  pair.type("steer me please\r");
  await pair.waitFor((screen) => screen.includes("Steering: steer me please"));
  pair.type("later on\x1b\r");
  await pair.waitFor((screen) => screen.includes("Follow-up: later on"));
  // a long message with a second line: one line, cut to the width
  pair.type(`${"a very long queued message ".repeat(6)}\nsecond line\x1b\r`);
  await pair.waitFor((screen) => screen.includes("Follow-up: a very"));
  const queued = await sameRows(pair, "Steering: steer me please", EDITOR_EDGE, sameSpinner);
  expect(queued.text).toContain(" ↳ Alt+Up to edit all queued messages");
  expect(queued.text.join("\n")).not.toContain("second line");

  pair.type("\x1b");
  await pair.waitFor((screen) => screen.includes("Operation aborted") && !screen.includes("Follow-up:") && screen.includes("second line"));
  const restored = await sameRows(pair, "Operation aborted", EDITOR_EDGE);
  expect(restored.text.join("\n")).toMatch(/\nsteer me please\n\nlater on\n\na very long/);
}, 60_000);

it("the countdown to a retry in the editor's border, and escape cancelling it, read as pi's", async () => {
  // the wait is long enough for both programs to be seen counting, however late one starts
  const overloaded = { error: { status: 529, message: "busy" } };
  const pair = await start({ rows: 40, settings: { theme: "probe", retry: { baseDelayMs: 15_000 } }, args: ["hello"], replies: [overloaded, { text: "unused" }] });
  await pair.waitFor((screen) => screen.includes("Retrying (1/3) in"), 20_000);
  // the provider's error wording differs on purpose (docs/compatibility.md), and the seconds left with the moment
  const sameWait = (row: string) => sameSpinner(row).replace(/^ Error: 529 .*$/, " Error: 529 <the provider's error>").replace(/in \d+s\.\.\./, "in <n>s...");
  await sameRows(pair, "hello", EDITOR_EDGE, sameWait);
  // the spinner in the warning colour, the message muted, though drawn in the border
  expect(borderStatusColours(pair.pith)).toEqual(borderStatusColours(pair.pi));
  expect(borderStatusColours(pair.pith)).toEqual({ spinner: expect.stringContaining("fg=warning"), message: expect.stringContaining("fg=muted") });

  pair.type("\x1b");
  await pair.waitFor((screen) => screen.includes("Retry failed after 1 attempts: Retry cancelled") && !screen.includes("Retrying"), 20_000);
  await sameRows(pair, "hello", EDITOR_EDGE, sameWait);
}, 60_000);
