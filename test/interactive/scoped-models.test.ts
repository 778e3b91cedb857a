// Model cycling scope: --models at start-up and /scoped-models (applied to the session at once, ctrl+s saves
// enabledModels), both followed by ctrl+p.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { writeTwoModels } from "../rpc/rpc-harness.js";
import { runInPty, usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();
const CTRL_P = "\x10";
const CTRL_S = "\x13";
const footerModel = (screen: string) => screen.split("\n").filter((line) => line.trim()).at(-1) ?? "";

it("--models without --model starts on the first scoped model and says what ctrl+p cycles", async () => {
  await writeTwoModels(ui.world());
  ui.world().mock.enqueue({ text: "scoped answer" });
  const run = runInPty(ui.world(), ["--models", "mock/mock-think:low,mock-model"]);
  try {
    await run.waitForText("Model scope: mock-think, mock-model (ctrl+p to cycle)");
    await run.waitFor((screen) => /mock-think • low$/.test(footerModel(screen)));
    run.type(CTRL_P);
    await run.waitFor((screen) => /mock-model$/.test(footerModel(screen)));
    run.type("hello\r");
    await run.waitForText("scoped answer");
    expect(ui.world().mock.requests[0]!.body.model).toBe("mock-model");
  } finally {
    run.kill("SIGKILL");
  }
});

it("--models with a pattern that matches nothing warns", async () => {
  const run = await ui.start(["--models", "nothing-like-this"]);
  await run.waitForText('--models: No models match pattern "nothing-like-this"');
});

it("/scoped-models: enter disables a model for this session's ctrl+p; ctrl+s saves enabledModels", async () => {
  // with mock-model disabled, ctrl+p has only mock-think left to cycle: pi then says so and keeps the model
  await writeTwoModels(ui.world());
  const run = await ui.start();
  run.type("/scoped-models\r");
  await run.waitForText("Model Configuration");
  await run.waitFor((screen) => /all enabled/.test(screen) && /→ ✓ mock-model \[mock\]/.test(screen) && /✓ mock-think \[mock\]/.test(screen));
  run.type("\r");
  await run.waitFor((screen) => /1\/2 enabled/.test(screen) && /\(unsaved\)/.test(screen) && !/✓ mock-model/.test(screen));
  run.type("\x1b");
  await run.waitFor((screen) => !screen.includes("Model Configuration"));
  run.type(CTRL_P);
  await run.waitForText("Only one model available");
  expect(footerModel(run.screen().join("\n"))).toMatch(/mock-model$/);

  run.type("/scoped-models\r");
  await run.waitFor((screen) => /1\/2 enabled/.test(screen));
  run.type(CTRL_S);
  await run.waitForText("Model selection saved to settings");
  const settings = JSON.parse(await readFile(join(ui.world().agentDir, "settings.json"), "utf8")) as Record<string, unknown>;
  expect(settings.enabledModels).toEqual(["mock/mock-think"]);
});
