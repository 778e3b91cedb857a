// Compaction and branch summaries side by side with pi 1.6.0 (see pi16-tool-rows.test.ts for the method): a
// resumed session's summary boxes, collapsed and expanded, and the "Session compacted" line; /compact with its
// status in the editor's border, the box it leaves and a cancelled one; an automatic compaction after a reply that
// fills the context, its notice, escape cancelling it, and the box the next prompt's compaction leaves; a context
// overflow compacted and sent again; /tree with a summary.
import { expect, it } from "vitest";
import { holdUntilReleased, type RecordedRequest, type ScriptedReply } from "../support/mock-llm/index.js";
import type { PtyRun } from "./pty-harness.js";
import { borderStatusColours, sameRows, openStoredSession, sameSpinner, storedReply, useSideBySide } from "./side-by-side.js";

const start = useSideBySide();

/** pith's summary prompt and pi's differ in wording, not in where they go */
const isSummaryRequest = (request: RecordedRequest) => /checkpoints of coding sessions|context summarization assistant/.test(JSON.stringify(request.body.system ?? ""));
/** every request answered by what it is: each program may ask for the summaries in its own order and number */
const answering = (summary: ScriptedReply, reply: ScriptedReply) => (request: RecordedRequest) => (isSummaryRequest(request) ? summary : reply);
/** a summary streamed word by word */
const summary = (text: string): ScriptedReply => ({ text: text.split(" ").map((word, index) => (index > 0 ? ` ${word}` : word)) });
/**
 * Summaries held after their first event until `release()` (or until the program hangs up, which is how escape
 * cancels them): the status shown while one streams stays on both screens until the test has compared them.
 */
function heldSummaries() {
  const { held, release } = holdUntilReleased();
  return { summary: (text: string): ScriptedReply => ({ ...summary(text), holdUntil: held }), release };
}
const EDITOR_EDGE = "─".repeat(100);
/** the state in the last OSC 7501 program status `run` reported (each reports with PI_PROGRAM_STATUS=1) */
const lastProgramState = (run: PtyRun) => [...run.output.matchAll(/\x1b\]7501;state=(\w+)/g)].at(-1)?.[1];

const earlierTurns = [
  { role: "user", content: [{ type: "text", text: "first question" }] },
  storedReply([{ type: "text", text: "First answer." }]),
  { role: "user", content: [{ type: "text", text: "second question" }] },
  storedReply([{ type: "text", text: "Second answer." }]),
];

/** a pair on the earlier turns, compacting everything but the newest turn, every request answered by `answer` */
const onEarlierTurns = (answer: (request: RecordedRequest) => ScriptedReply, cols?: number) => ({
  ...(cols ? { cols } : {}),
  rows: 60,
  settings: { theme: "probe", compaction: { keepRecentTokens: 1 } },
  ready: "Second answer.",
  prepare: openStoredSession(earlierTurns as never),
  replies: Array.from({ length: 6 }, () => answer),
});

it("a resumed session's compaction and branch summary, collapsed and expanded, and its 'Session compacted' line read as pi's", async () => {
  const pair = await start({
    // tall enough for the expanded header and chat, which pi draws again from the top of a cleared screen
    rows: 120,
    settings: { theme: "probe" },
    ready: "Last words.",
    prepare: openStoredSession([
      ...earlierTurns,
      { type: "compaction", summary: "## Goal\nThe user asked two questions.\n\n- one\n- two", firstKeptEntryId: "e0000003", tokensBefore: 12345 },
      { role: "user", content: [{ type: "text", text: "third question" }] },
      storedReply([{ type: "text", text: "Third answer." }]),
      { type: "branch_summary", fromId: "e0000007", summary: "Tried approach **A**.\nIt failed." },
      { role: "user", content: [{ type: "text", text: "fourth" }] },
      storedReply([{ type: "text", text: "Last words." }]),
    ]),
  });
  const collapsed = await sameRows(pair, "[compaction]", "Session compacted 1 time");
  // what was missing before: the blank line above each user message and summary box, the status line
  expect(collapsed.text.join("\n")).toContain("tokens (ctrl+o to expand)\n\n\n\n second question");

  pair.type("\x0f");
  await pair.waitFor((screen) => screen.includes("The user asked two questions.") && screen.includes("It failed."));
  const expanded = await sameRows(pair, "[compaction]", "Last words.");
  expect(expanded.text).toContain(" Branch Summary");
}, 60_000);

it("/compact: its status in the editor's border, a cancelled one, then the summary box it leaves read as pi's", async () => {
  const held = heldSummaries();
  const answer = answering(held.summary("## Goal\nAnswer the two questions the user asked."), { text: "unused" });
  const pair = await start(onEarlierTurns(answer));
  pair.type("/compact focus on the answers\r");
  await pair.waitFor((screen) => screen.includes("Compacting context... (escape to cancel)"), 20_000);
  await sameRows(pair, "Second answer.", EDITOR_EDGE, sameSpinner);
  // in the border, spinner and message in the border's own colour (the thinking level's)
  expect(borderStatusColours(pair.pith)).toEqual(borderStatusColours(pair.pi));
  expect(borderStatusColours(pair.pith)).toEqual({ spinner: expect.stringContaining("fg=thinkingOff"), message: expect.stringContaining("fg=thinkingOff") });

  pair.type("\x1b");
  await pair.waitFor((screen) => screen.includes("Compaction cancelled") && !screen.includes("Compacting context"), 20_000);
  const cancelled = await sameRows(pair, "Second answer.", EDITOR_EDGE);
  expect(cancelled.coloured.join("\n")).toContain("Error: Compaction cancelled | fg=error");
  // the first summaries are cancelled: the next /compact is answered at once
  held.release();

  pair.type("/compact\r");
  await pair.waitFor((screen) => screen.includes("Compacted from") && !screen.includes("Compacting context"), 30_000);
  await sameRows(pair, "[compaction]", EDITOR_EDGE);
}, 90_000);

/** a session whose next reply fills 95% of the window, so that an automatic compaction follows it */
const fillingUp = (summaryReply: ScriptedReply, wrap = (answer: (request: RecordedRequest) => ScriptedReply) => answer) => {
  const answer = answering(summaryReply, { text: "A big answer.", usage: { input: 190_000, output: 10 } });
  return onEarlierTurns(wrap(answer));
};
const FILLING_SUMMARY = "## Goal\nKeep answering the questions.";

/** a prompt sent after the cancelled compaction gets a short answer, else what `base` answers */
const answeringAgain = (base: (request: RecordedRequest) => ScriptedReply) => (request: RecordedRequest): ScriptedReply =>
  !isSummaryRequest(request) && JSON.stringify(request.body.messages).includes("fill it again") ? { text: "Answered again." } : base(request);

// One pair for both: the cancelled compaction, then the next prompt, which finds the context still full: it is
// compacted before the prompt is sent (the summary released by then), and the prompt's short reply follows it. A
// reply that filled the context again would start a second compaction, and the screen the test reads would depend on
// which of the two it caught.
it("an automatic compaction after a reply that fills the context: its notice in the border, escape cancelling it, and the summary box the next prompt leaves read as pi's", async () => {
  const held = heldSummaries();
  const filling = fillingUp(held.summary(FILLING_SUMMARY), answeringAgain);
  // replies for both rounds: each program may ask for the summaries in its own number
  const pair = await start({ ...filling, replies: [...filling.replies, ...filling.replies], env: { PI_PROGRAM_STATUS: "1" } });
  pair.type("fill it\r");
  await pair.waitFor((screen) => screen.includes("Auto-compacting... (escape to cancel)"), 20_000);
  await sameRows(pair, "A big answer.", EDITOR_EDGE, sameSpinner);
  expect(borderStatusColours(pair.pith)).toEqual(borderStatusColours(pair.pi));

  pair.type("\x1b");
  await pair.waitFor((screen) => screen.includes("Auto-compaction cancelled") && !screen.includes("Auto-compacting"), 20_000);
  const cancelled = await sameRows(pair, "A big answer.", EDITOR_EDGE);
  expect(cancelled.coloured.join("\n")).toContain("Auto-compaction cancelled | fg=dim");
  // The run ends just after the cancel is drawn; a message sent before that would join the run (in pi too) rather
  // than start a prompt that compacts first.
  await pair.waitFor((_screen, run) => lastProgramState(run) === "idle", 20_000);

  held.release();
  pair.type("fill it again\r");
  await pair.waitFor((screen) => screen.includes("Compacted from") && screen.includes("Answered again.") && !screen.includes("Working"), 40_000);
  const compacted = await sameRows(pair, "[compaction]", EDITOR_EDGE);
  expect(compacted.text.join("\n")).toMatch(/Compacted from[^]*fill it again[^]*Answered again\./);
}, 120_000);

/** replies for a message sent while a compaction runs: its own short answer, else what `base` answers */
const answeringNextOne = (base: (request: RecordedRequest) => ScriptedReply) => (request: RecordedRequest): ScriptedReply =>
  !isSummaryRequest(request) && JSON.stringify(request.body.messages).includes("next one") ? { text: "Reply to next." } : base(request);
/** the figure of a box: each program estimates the messages after the last reported usage its own way */
const sameFigure = (row: string) => sameSpinner(row).replace(/Compacted from [\d,]+ tokens/, "Compacted from <n> tokens");

it("/compact: a message sent meanwhile waits ('Queued message for after compaction') and is sent once it is done, as pi's", async () => {
  const held = heldSummaries();
  const answer = answering(held.summary("## Goal\nAnswer the two questions the user asked."), { text: "unused" });
  const pair = await start(onEarlierTurns(answeringNextOne(answer)));
  pair.type("/compact\r");
  await pair.waitFor((screen) => screen.includes("Compacting context... (escape to cancel)"), 20_000);
  pair.type("next one\r");
  await pair.waitFor((screen) => screen.includes("Steering: next one") && screen.includes("Queued message for after compaction"), 20_000);
  // pith sent it to the model at once, in the middle of the compaction
  await sameRows(pair, "Second answer.", EDITOR_EDGE, sameSpinner);
  held.release();
  await pair.waitFor((screen) => screen.includes("Reply to next.") && !screen.includes("Compacting context"), 30_000);
  await sameRows(pair, "[compaction]", EDITOR_EDGE);
  const prompt = pair.worlds.pith.mock.requests.find((request) => !isSummaryRequest(request))!;
  expect(JSON.stringify(prompt.body.messages)).toContain("Answer the two questions");
}, 90_000);

it("an automatic compaction cancelled while a message waits for it: the message is sent, then the context compacted, as pi's", async () => {
  const held = heldSummaries();
  const pair = await start(fillingUp(held.summary(FILLING_SUMMARY), answeringNextOne));
  pair.type("fill it\r");
  await pair.waitFor((screen) => screen.includes("Auto-compacting... (escape to cancel)"), 20_000);
  pair.type("next one\r");
  await pair.waitFor((screen) => screen.includes("Steering: next one") && screen.includes("Queued message for after compaction"), 20_000);
  await sameRows(pair, "A big answer.", EDITOR_EDGE, sameSpinner);
  // pith kept the message queued for good once the compaction was cancelled
  pair.type("\x1b");
  await pair.waitFor((screen) => screen.includes("Auto-compaction cancelled"), 20_000);
  // the first summaries are cancelled: the compaction after the message is answered at once
  held.release();
  await pair.waitFor((screen) => screen.includes("Reply to next.") && screen.includes("Compacted from") && !screen.includes("compacting"), 40_000);
  await sameRows(pair, "Reply to next.", EDITOR_EDGE, sameFigure);
}, 90_000);

it("/tree with a summary: its status in the editor's border, escape cancelling it, and the branch summary box read as pi's", async () => {
  // the tree navigator and the "Summarize branch?" dialog are drawn differently (docs/compatibility.md): only the
  // keys that move through them are shared, the chat and the editor's border are compared
  // each round's summaries are held until the test has seen its status
  let round = heldSummaries();
  const answer = (request: RecordedRequest) => answering(round.summary("Tried the second question, then went back."), { text: "unused" })(request);
  const pair = await start({ rows: 60, settings: { theme: "probe" }, ready: "Second answer.", prepare: openStoredSession(earlierTurns as never), replies: Array.from({ length: 4 }, () => answer) });
  const summarizeSecondQuestion = async () => {
    await pair.waitFor((screen) => screen.includes("Session Tree"));
    pair.type("\x1b[A");
    await pair.waitFor((screen) => /› .*user: second question/.test(screen) || /→ .*user: second question/.test(screen));
    pair.type("\r");
    await pair.waitFor((screen) => screen.includes("Summarize branch?"));
    pair.type("\x1b[B");
    await pair.waitFor((screen) => /→ Summarize\s*$/m.test(screen));
    pair.type("\r");
    await pair.waitFor((screen) => screen.includes("Summarizing branch... (escape to cancel)"), 20_000);
  };
  pair.type("/tree\r");
  await summarizeSecondQuestion();
  await sameRows(pair, "Second answer.", EDITOR_EDGE, sameSpinner);
  // pi's branch summary indicator keeps its own colours in the border: the accent spinner, the muted message
  expect(borderStatusColours(pair.pith)).toEqual(borderStatusColours(pair.pi));
  expect(borderStatusColours(pair.pith)).toEqual({ spinner: expect.stringContaining("fg=accent"), message: expect.stringContaining("fg=muted") });

  // escape: cancelled, and the tree opens again at the same entry
  pair.type("\x1b");
  await pair.waitFor((screen) => screen.includes("Branch summarization cancelled") && screen.includes("Session Tree"), 20_000);
  await sameRows(pair, "Second answer.", "Branch summarization cancelled");
  round = heldSummaries();

  pair.type("\x1b");
  await pair.waitFor((screen) => !screen.includes("Session Tree"));
  pair.type("/tree\r");
  await summarizeSecondQuestion();
  round.release();
  await pair.waitFor((screen) => screen.includes("Navigated to selected point"), 30_000);
  const done = await sameRows(pair, "[branch]", EDITOR_EDGE);
  // the user message left comes back into the editor
  expect(done.text.at(-2)).toBe("second question");
}, 120_000);

it("a context overflow: its notice in the border while compacting, then the box and the answer to the request sent again, read as pi's", async () => {
  // the request is refused as too long until it carries the summary; summaries are held until the test has looked
  const held = heldSummaries();
  const answer = (request: RecordedRequest): ScriptedReply => {
    if (isSummaryRequest(request)) return held.summary("## Goal\nAnswer the questions in a shorter context.");
    if (JSON.stringify(request.body.messages).includes("shorter context")) return { text: "Answered after compacting." };
    return { error: { status: 400, message: "prompt is too long: 210000 tokens > 200000 maximum" } };
  };
  // wide enough for pi's error line (the raw response body) to stay on one row
  const pair = await start(onEarlierTurns(answer, 160));
  pair.type("one more\r");
  await pair.waitFor((screen) => screen.includes("Context overflow detected, Auto-compacting... (escape to cancel)"), 20_000);
  // the provider's error and the /bug hint under it are worded differently on purpose (docs/compatibility.md)
  const sameError = (row: string) =>
    sameSpinner(row).replace(/^ Error: 400 .*$/, " Error: 400 <the provider's error>").replace(/^ If this looks like a pi(th)? bug, .*$/, " <the /bug hint>");
  const wideEdge = "─".repeat(160);
  const working = await sameRows(pair, "one more", wideEdge, sameError);
  expect(working.text.at(-3)).toMatch(/^── ⠋ Context overflow detected, Auto-compacting\.\.\. \(escape to cancel\) ─+$/);
  held.release();
  await pair.waitFor((screen) => screen.includes("Answered after compacting."), 40_000);
  // the box counts the whole context estimated (the reply's usage came before the failed reply was hidden), system
  // prompt included, as pi does (pith was: that usage, 15, plus the prompt); each program's own system prompt and
  // estimate give their own figure
  const figure = (run: typeof pair.pith) => Number(/Compacted from ([\d,]+) tokens/.exec(run.screen().join("\n"))![1]!.replace(/,/g, ""));
  expect(figure(pair.pith)).toBeGreaterThan(figure(pair.pi) / 2);
  expect(figure(pair.pith)).toBeLessThan(figure(pair.pi) * 2);
  const done = await sameRows(pair, "[compaction]", wideEdge, (row) => sameError(row).replace(/Compacted from [\d,]+ tokens/, "Compacted from <n> tokens"));
  expect(done.text).toContain(" Answered after compacting.");
}, 90_000);
