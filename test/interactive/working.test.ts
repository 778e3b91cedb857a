// While the agent works: enter queues steering, alt+enter a follow-up, both shown until delivered; escape aborts
// and gives queued messages back to the editor; alt+up gives them back without aborting.
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { holdUntilReleased } from "../support/mock-llm/index.js";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

/**
 * A bash call that waits for `finishTool` (a line into a FIFO in the project), so that it runs while keys queue
 * messages. The FIFO is opened for reading and writing, which does not wait for a writer; the read gives up after a
 * minute if the test has failed.
 */
const WAITING_COMMAND = "read -r -t 60 line <> tool-waits.fifo; echo slept";
const slowToolTurn = { toolCalls: [{ name: "bash", arguments: { command: WAITING_COMMAND } }] };
const toolWaits = () => execFileSync("mkfifo", [join(ui.world().project, "tool-waits.fifo")]);
const finishTool = () => writeFile(join(ui.world().project, "tool-waits.fifo"), "go\n");
/** a long answer held after its first words until `release()`; escape or the release ends it */
const longAnswer = (held: Promise<void>) => ({
  text: ["Starting a long answer", ...Array.from({ length: 40 }, (_, index) => ` part ${index}`)],
  holdUntil: held,
  // message_start, ping, content_block_start and the first delta
  holdAfterChunks: 4,
});

it("enter while working queues steering, shown until the model gets it with the tool result", async () => {
  ui.world().mock.enqueue(slowToolTurn, { text: "Steered reply." });
  toolWaits();
  const pty = await ui.start();
  pty.type("start working\r");
  await pty.waitForText("$ read -r -t 60 line");
  pty.type("also check the tests\r");
  await pty.waitForText("Steering: also check the tests");
  await finishTool();
  await pty.waitForText("Steered reply.");
  expect(pty.screen().join("\n")).not.toContain("Steering:");
  const second = JSON.stringify(ui.world().mock.requests[1]!.body.messages);
  expect(second).toContain("slept");
  expect(second).toContain("also check the tests");
});

it("alt+enter while working queues a follow-up, sent after the run", async () => {
  ui.world().mock.enqueue(slowToolTurn, { text: "First done." }, { text: "Follow-up done." });
  toolWaits();
  const pty = await ui.start();
  pty.type("start working\r");
  await pty.waitForText("$ read -r -t 60 line");
  pty.type("then write docs\x1b\r");
  await pty.waitForText("Follow-up: then write docs");
  await finishTool();
  await pty.waitForText("Follow-up done.");
  expect(ui.world().mock.requests).toHaveLength(3);
  expect(JSON.stringify(ui.world().mock.requests[2]!.body.messages)).toContain("then write docs");
});

it("escape aborts a streaming reply and puts the queued messages back into the editor", async () => {
  ui.world().mock.enqueue(longAnswer(holdUntilReleased().held));
  const pty = await ui.start();
  pty.type("write a lot\r");
  await pty.waitForText("Starting a long answer");
  pty.type("queued thought\r");
  await pty.waitForText("Steering: queued thought");
  pty.type("\x1b");
  await pty.waitForText("Operation aborted");
  const screen = pty.screen();
  expect(screen.join("\n")).not.toContain("Steering:");
  expect(screen.join("\n")).not.toContain("Working");
  // the editor (between its two borders) holds the queued text again
  const borders = screen.map((line, index) => (line.startsWith("────") ? index : -1)).filter((index) => index >= 0);
  expect(screen.slice(borders.at(-2)! + 1, borders.at(-1)).join("\n")).toContain("queued thought");
  expect(ui.world().mock.requests).toHaveLength(1);
});

it("alt+up takes the queued messages back into the editor without stopping the reply, which then ends alone", async () => {
  const answer = holdUntilReleased();
  ui.world().mock.enqueue(longAnswer(answer.held), { text: "never asked" });
  const pty = await ui.start();
  pty.type("write a lot\r");
  await pty.waitForText("Starting a long answer");
  pty.type("first thought\r");
  await pty.waitForText("Steering: first thought");
  pty.type("second thought\x1b\r");
  await pty.waitForText("Follow-up: second thought");
  pty.type("\x1b[1;3A");
  await pty.waitFor((screen) => !screen.includes("Steering:") && !screen.includes("Follow-up:"));
  const screen = pty.screen();
  const borders = screen.map((line, index) => (line.startsWith("────") ? index : -1)).filter((index) => index >= 0);
  const editor = screen.slice(borders.at(-2)! + 1, borders.at(-1)).join("\n");
  expect(editor).toContain("first thought");
  expect(editor).toContain("second thought");
  answer.release();
  await pty.waitForText("part 39");
  expect(ui.world().mock.requests).toHaveLength(1);
});
