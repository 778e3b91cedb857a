// While the agent works, one session: an overloaded reply is retried with a countdown and the next reply shows;
// escape during the wait cancels the retry; a reply that fills the context starts an automatic compaction, shown
// and cancelled by escape; a context overflow is compacted and the request sent again.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { holdUntilReleased, type RecordedRequest, type ScriptedReply } from "../support/mock-llm/index.js";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

const overloaded: ScriptedReply = { error: { status: 529, message: "the model is overloaded" } };
const isSummaryRequest = (request: RecordedRequest) => JSON.stringify(request.body.system ?? "").includes("checkpoints of coding sessions");

it("shows retries counting down and compactions while working, and escape cancels each", async () => {
  const world = ui.world();
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ retry: { baseDelayMs: 1500 }, compaction: { keepRecentTokens: 1 } }));
  // the overloaded answer comes late enough for the working spinner to be drawn before the retry's replaces it
  world.mock.enqueue({ ...overloaded, delayMs: 600 }, { text: "Recovered after the retry." });
  // the dark theme by name: the default "system" theme would draw in the (unanswering) terminal's ANSI colours
  const pty = await ui.start(["--use-theme", "dark"]);
  const screen = () => pty.screen().join("\n");

  pty.type("hello\r");
  // the working spinner is in the editor border's colour (thinkingOff, #4e4e4e: the mock model does not reason),
  // the wait's in the warning colour (the dark theme's #e5c07b)
  await pty.waitFor(() => /\x1b\[38;2;78;78;78m[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/.test(pty.output));
  await pty.waitForText("Retrying (1/3) in 2s... (escape to cancel)");
  expect(screen()).toContain("the model is overloaded");
  await pty.waitFor(() => /\x1b\[38;2;229;192;123m[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/.test(pty.output));
  // not even its first frame in the accent colour (#7fc8c0): it was painted before it knew its editor
  expect(pty.output).not.toMatch(/\x1b\[38;2;127;200;192m[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
  await pty.waitForText("Retrying (1/3) in 1s... (escape to cancel)");
  await pty.waitForText("Recovered after the retry.");
  expect(screen()).not.toContain("Retrying");

  world.mock.enqueue(overloaded);
  pty.type("again\r");
  await pty.waitForText("Retrying (1/3)");
  pty.type("\x1b");
  await pty.waitForText("Retry failed after 1 attempts: Retry cancelled");
  await pty.waitFor((shown) => !shown.includes("Retrying") && !shown.includes("Working"));
  expect(world.mock.requests).toHaveLength(3);

  // the model says the prompt is too long: compacted, then the same request again; the summary is held until the
  // notice has been seen
  const summarised = holdUntilReleased();
  const answer = (request: RecordedRequest): ScriptedReply =>
    isSummaryRequest(request) ? { text: "Summary of the overflow.", holdUntil: summarised.held } : { text: "Answered after compacting." };
  world.mock.enqueue({ error: { status: 400, message: "prompt is too long: 210000 tokens > 200000 maximum" } }, answer, answer, answer);
  pty.type("one more\r");
  await pty.waitForText("Context overflow detected, Auto-compacting... (escape to cancel)");
  summarised.release();
  await pty.waitForText("Answered after compacting.");
  expect(screen()).toContain("[compaction]");

  // a reply that fills 95% of the window: compacted automatically after the run; escape cancels that
  // the summaries (of what went before and of the turn's start, asked for together) are held until escape ends them
  const slowSummary = (): ScriptedReply => ({ text: "A slow summary.", holdUntil: holdUntilReleased().held });
  world.mock.enqueue({ text: "A big answer.", usage: { input: 190_000, output: 10 } }, slowSummary(), slowSummary());
  pty.type("fill it up\r");
  await pty.waitForText("A big answer.");
  await pty.waitForText("Auto-compacting... (escape to cancel)");
  expect(screen()).toMatch(/95\.0%\/200k \(auto\)/);
  pty.type("\x1b");
  await pty.waitForText("Auto-compaction cancelled");
  await pty.waitFor((shown) => !shown.includes("Auto-compacting"));
  expect(screen()).toContain("A big answer.");
});
