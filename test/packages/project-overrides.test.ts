// What pi 1.6.0's `pi config` (and pith's) project view writes to unload a user's auto-discovered file in one
// project: the file's absolute path in .pi/settings.json, then `-<path>`. pi then loads neither the extension nor the
// skill there; pith used to load them from the agent folder all the same. A real print run on the mock server: an
// extension that marks its loading, and the skills the system prompt lists.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { writeConfigWorld } from "../interactive/config-world.js";

let world: CliWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** a print run in a fresh world, its project's settings made from the world's agent folder */
async function printRun(projectSettings?: (agentDir: string) => Record<string, unknown>): Promise<{ loaded: boolean; prompt: string }> {
  await world?.close();
  world = await createCliWorld();
  const config = await writeConfigWorld(world);
  const marker = join(world.home, "auto-loaded");
  await writeFile(join(config.agentDir, "extensions/auto.ts"), `import { writeFileSync } from "node:fs";\nexport default function () { writeFileSync(${JSON.stringify(marker)}, ""); }\n`);
  if (projectSettings) {
    await mkdir(join(world.project, ".pi"), { recursive: true });
    await writeFile(join(world.project, ".pi/settings.json"), JSON.stringify(projectSettings(config.agentDir)));
  }
  world.mock.enqueue({ text: "done" });
  const run = await world.run(["-a", "-p", "--no-session", "--model", "mock/mock-model", "hi"], { env: config.env });
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe("done\n");
  return { loaded: existsSync(marker), prompt: JSON.stringify(world.mock.requests[0]!.body) };
}

it("a user's extension and skill the project switches off by path are not loaded there", async () => {
  const plain = await printRun();
  expect(plain.loaded).toBe(true);
  expect(plain.prompt).toContain("The beta skill");

  const overridden = await printRun((agentDir) => {
    const auto = join(agentDir, "extensions/auto.ts");
    const beta = join(agentDir, "skills/beta/SKILL.md");
    return { extensions: [auto, `-${auto}`], skills: [beta, `-${beta}`] };
  });
  expect(overridden.loaded).toBe(false);
  expect(overridden.prompt).not.toContain("The beta skill");
  // the rest is as before
  expect(overridden.prompt).toContain("The alpha skill");
}, 60_000);
