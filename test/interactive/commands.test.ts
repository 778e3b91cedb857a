// Slash commands and their completion, the model selector, the session picker (/resume and pith -r), and
// keybindings.json.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { writeTwoModels } from "../rpc/rpc-harness.js";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

it("typing / lists the commands; tab completes one", async () => {
  const run = await ui.start();
  run.type("/ses");
  await run.waitForText("session");
  expect(run.screen().join("\n")).toMatch(/session\s+Show session info/);
  run.type("\t");
  await run.waitFor((screen) => /^\/session\s*$/m.test(screen));
});

it("@ lists matching project files and inserts the chosen path", async () => {
  const world = ui.world();
  await writeFile(join(world.project, "parser.ts"), "export {};\n");
  await writeFile(join(world.project, "printer.ts"), "export {};\n");
  const run = await ui.start();
  run.type("look at @pars");
  await run.waitForText("parser.ts");
  expect(run.screen().join("\n")).not.toContain("printer.ts");
  run.type("\t");
  await run.waitFor((screen) => screen.includes("look at @parser.ts"));
});

it("/name names the session and the footer shows it; /session reports it", async () => {
  const run = await ui.start();
  run.type("/name refactoring day\r");
  await run.waitForText("Session name set: refactoring day");
  await run.waitFor((screen) => /^~\/project • refactoring day$/m.test(screen));
  run.type("/session\r");
  await run.waitForText("Session Info");
  expect(run.screen().join("\n")).toContain("Name: refactoring day");
});

it("/model opens a searchable selector; the chosen model is used for the next request", async () => {
  await writeTwoModels(ui.world());
  ui.world().mock.enqueue({ text: "From the thinking model." });
  const run = await ui.start();
  run.type("/model\r");
  await run.waitForText("Select model");
  run.type("think");
  await run.waitFor((screen) => screen.includes("mock-think") && !/^\s*→?\s*mock-model/m.test(screen));
  run.type("\r");
  await run.waitFor((screen) => /mock-think • \w+$/m.test(screen.split("\n").filter((line) => line).at(-1) ?? ""));
  run.type("hello\r");
  await run.waitForText("From the thinking model.");
  expect(ui.world().mock.requests[0]!.body.model).toBe("mock-think");
});

it("/model with an exact id switches at once", async () => {
  await writeTwoModels(ui.world());
  const run = await ui.start();
  run.type("/model mock/mock-think\r");
  await run.waitForText("Model: mock-think");
});

it("/resume and pith -r pick a stored session and show its messages", async () => {
  ui.world().mock.enqueue({ text: "Answer in the first session." });
  const first = await ui.start([]);
  first.type("question in the first session\r");
  await first.waitForText("Answer in the first session.");
  first.type("/quit\r");
  await first.exited;

  const again = await ui.start(["-r"]);
  await again.waitForText("Resume session");
  expect(again.screen().join("\n")).toContain("question in the first session");
  again.type("\r");
  await again.waitForText("Answer in the first session.");
  expect(again.screen().join("\n")).toContain("Resumed session");
});

it("/hotkeys lists the keys, with keybindings.json overrides applied", async () => {
  await writeFile(join(ui.world().agentDir, "keybindings.json"), JSON.stringify({ "app.tools.expand": "ctrl+e" }));
  const run = await ui.start();
  run.type("/hotkeys\r");
  await run.waitForText("Every entry (/tree)");
  expect(run.buffer().join("\n")).toContain("Restore queued messages to editor");
  expect(run.buffer().join("\n")).toContain("Keyboard Shortcuts");
  expect(run.buffer().join("\n")).toMatch(/ctrl\+e\s+Collapse or expand tool output/);
  expect(run.buffer().join("\n")).toContain("ctrl+e more");
});
