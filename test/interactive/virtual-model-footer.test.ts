// Under a virtual model the footer shows the selection and, once a response came back, where it was routed, as
// pi 1.6.0 does (`auto • high → small • medium`); the context use then counts against the routed model's window.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, writeMockModels, type CliWorld } from "../cli/cli-harness.js";
import { ROUTED_MODELS, ROUTER_EXTENSION } from "../extensions/fixtures/virtual-router.js";
import { runInPty, type PtyRun } from "./pty-harness.js";

let world: CliWorld;
let pty: PtyRun | undefined;
beforeEach(async () => {
  world = await createCliWorld();
  await writeMockModels(world, ROUTED_MODELS);
  await writeFile(join(world.home, "router.ts"), ROUTER_EXTENSION);
});
afterEach(async () => {
  pty?.kill("SIGKILL");
  await world.close();
});

it("shows the routed model and level after the selection, and the routed model's window", async () => {
  pty = runInPty(world, ["-ne", "-e", join(world.home, "router.ts"), "--model", "router/auto:high"]);
  const footer = () => pty!.screen().filter((line) => line !== "").at(-1) ?? "";
  await pty.waitFor(() => footer().includes("auto • high"));
  // before any response: the virtual model's declared window, nothing routed yet
  expect(footer()).toMatch(/\d\.\d%\/100k \(auto\)\s+\(router\) auto • high$/);
  world.mock.enqueue({ text: "Routed reply.", usage: { input: 1000, output: 10 } });
  pty.type("hello\r");
  await pty.waitForText("Routed reply.");
  await pty.waitFor(() => footer().includes("→"));
  expect(footer()).toMatch(/↑1\.0k ↓10 20\.2%\/5\.0k \(auto\)\s+\(router\) auto • high → small • medium$/);
});
