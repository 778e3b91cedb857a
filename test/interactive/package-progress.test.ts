// Package installs in the interactive UI, as pi 1.6.0 shows them: before the terminal is taken, each install is a
// line on stderr (`Cloning <url>...`), never git's or npm's own output; once the UI runs (a /reload that finds a
// new package), the install's line is in the chat while it runs, and the UI stays whole.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { gitPackageRepo } from "../packages/support.js";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

it("announces installs on stderr before the UI and in the chat while it runs", async () => {
  const world = ui.world();
  const repo = join(world.home, "repos", "tool");
  await gitPackageRepo(repo, "tool");
  const release = join(world.home, "release");
  // an npm that holds the install until the test releases it, then fails it
  const heldNpm = join(world.home, "held-npm.sh");
  await writeFile(heldNpm, `#!/bin/sh\nwhile [ ! -e ${JSON.stringify(release)} ]; do sleep 0.05; done\necho "npm ERR! held package not found" >&2\nexit 1\n`, { mode: 0o755 });
  const settings = join(world.agentDir, "settings.json");
  await writeFile(settings, JSON.stringify({ packages: [`git:file://${repo}`] }));

  const run = await ui.start();
  const firstFrame = run.output.indexOf("mock-model");
  const announced = run.output.indexOf(`pith: Cloning file://${repo}...`);
  expect(announced).toBeGreaterThanOrEqual(0);
  expect(announced).toBeLessThan(firstFrame);
  expect(run.output).not.toContain("Cloning into");
  expect(run.buffer().join("\n")).toMatch(/\[Prompts\]\s+\/tool-prompt/);

  await writeFile(settings, JSON.stringify({ packages: [`git:file://${repo}`, "npm:held-pkg@1.0.0"], npmCommand: [heldNpm] }));
  run.type("/reload\r");
  await run.waitForText("Installing npm:held-pkg@1.0.0...");
  // the editor and footer are still drawn below it
  expect(run.screen().filter((line) => line !== "").at(-1)).toMatch(/mock-model$/);
  await writeFile(release, "");
  // the failed install is reported once the reload is done, naming the package
  await run.waitFor((screen) => screen.includes("Reloaded") && screen.includes("npm:held-pkg@1.0.0") && !screen.includes("Installing npm:held-pkg"));
});
