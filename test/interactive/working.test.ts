// While the agent works: enter queues steering, alt+enter a follow-up, both shown until delivered; escape aborts
// and gives queued messages back to the editor; alt+up gives them back without aborting.
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();


const slowToolTurn = { toolCalls: [{ name: "bash", arguments: { command: "sleep 1; echo slept" } }] };

it("enter while working queues steering, shown until the model gets it with the tool result", async () => {
  ui.world().mock.enqueue(slowToolTurn, { text: "Steered reply." });
  const pty = await ui.start();
  pty.type("start working\r");
  await pty.waitForText("$ sleep 1");
  pty.type("also check the tests\r");
  await pty.waitForText("Steering: also check the tests");
  await pty.waitForText("Steered reply.");
  expect(pty.screen().join("\n")).not.toContain("Steering:");
  const second = JSON.stringify(ui.world().mock.requests[1]!.body.messages);
  expect(second).toContain("slept");
  expect(second).toContain("also check the tests");
});

it("alt+enter while working queues a follow-up, sent after the run", async () => {
  ui.world().mock.enqueue(slowToolTurn, { text: "First done." }, { text: "Follow-up done." });
  const pty = await ui.start();
  pty.type("start working\r");
  await pty.waitForText("$ sleep 1");
  pty.type("then write docs\x1b\r");
  await pty.waitForText("Follow-up: then write docs");
  await pty.waitForText("Follow-up done.");
  expect(ui.world().mock.requests).toHaveLength(3);
  expect(JSON.stringify(ui.world().mock.requests[2]!.body.messages)).toContain("then write docs");
});

it("escape aborts a streaming reply and puts the queued messages back into the editor", async () => {
  ui.world().mock.enqueue({ text: ["Starting a long answer", ...Array.from({ length: 40 }, (_, index) => ` part ${index}`)], delayMs: 150 });
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
  ui.world().mock.enqueue({ text: ["Starting a long answer", ...Array.from({ length: 40 }, (_, index) => ` part ${index}`)], delayMs: 150 }, { text: "never asked" });
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
  await pty.waitForText("part 39");
  expect(ui.world().mock.requests).toHaveLength(1);
});
