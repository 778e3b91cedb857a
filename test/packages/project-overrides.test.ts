// What pi 1.6.0's `pi config` (and pith's) project view writes, and what pith then loads in that project, as pi does:
// a user's auto-discovered file unloaded by naming its absolute path in .pi/settings.json, then `-<path>` (pith used
// to load it from the agent folder all the same); a user's package changed by a project entry with
// `autoload: false`, a delta over the user's filters (pith used to take it for a package replacing the user's).
// Real print runs on the mock server: extensions that mark their loading, and the skills the system prompt lists.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { writeConfigWorld } from "../interactive/config-world.js";
import { fakeNpm } from "./support.js";

let world: CliWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

interface Settings {
  /** joins the agent folder's settings.json */
  global?: Record<string, unknown>;
  /** .pi/settings.json, made from the world's agent folder */
  project?: (agentDir: string) => Record<string, unknown>;
}

/** A print run in a fresh world: which of the two marking extensions loaded, and the request the model got. */
async function printRun(settings: Settings = {}): Promise<{ loaded: string[]; prompt: string }> {
  await world?.close();
  world = await createCliWorld();
  const config = await writeConfigWorld(world, { settings: settings.global });
  const extensions = { auto: join(config.agentDir, "extensions/auto.ts"), hello: join(world.home, "pkg/extensions/hello.ts") };
  for (const [name, file] of Object.entries(extensions)) {
    await writeFile(file, `import { writeFileSync } from "node:fs";\nexport default function () { writeFileSync(${JSON.stringify(join(world.home, `${name}-loaded`))}, ""); }\n`);
  }
  if (settings.project) {
    await mkdir(join(world.project, ".pi"), { recursive: true });
    await writeFile(join(world.project, ".pi/settings.json"), JSON.stringify(settings.project(config.agentDir)));
  }
  world.mock.enqueue({ text: "done" });
  const run = await world.run(["-a", "-p", "--no-session", "--model", "mock/mock-model", "hi"], { env: config.env });
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe("done\n");
  return { loaded: Object.keys(extensions).filter((name) => existsSync(join(world!.home, `${name}-loaded`))), prompt: JSON.stringify(world.mock.requests[0]!.body) };
}

it("a user's extension and skill the project switches off by path are not loaded there", async () => {
  const plain = await printRun();
  expect(plain.loaded).toEqual(["auto", "hello"]);
  expect(plain.prompt).toContain("The beta skill");

  const overridden = await printRun({
    project: (agentDir) => {
      const auto = join(agentDir, "extensions/auto.ts");
      const beta = join(agentDir, "skills/beta/SKILL.md");
      return { extensions: [auto, `-${auto}`], skills: [beta, `-${beta}`] };
    },
  });
  expect(overridden.loaded).toEqual(["hello"]);
  expect(overridden.prompt).not.toContain("The beta skill");
  expect(overridden.prompt).toContain("The alpha skill");
}, 60_000);

it("a project entry with autoload: false changes the user's package: the files it names, the user's filters for the rest", async () => {
  const global = { packages: [{ source: "../pkg", extensions: [], skills: ["-skills/alpha/SKILL.md"] }] };
  const userOnly = await printRun({ global });
  expect(userOnly.loaded).toEqual(["auto"]);
  expect(userOnly.prompt).not.toContain("The alpha skill");

  // pi 1.6.0 loads hello.ts here and keeps the user's alpha off (its resolver, run on these settings)
  const delta = await printRun({ global, project: () => ({ packages: [{ source: "../../pkg", autoload: false, extensions: ["+extensions/hello.ts"] }] }) });
  expect(delta.loaded).toEqual(["auto", "hello"]);
  expect(delta.prompt).not.toContain("The alpha skill");
  expect(delta.prompt).toContain("The beta skill");
}, 60_000);

it("pith update installs the user's package once, not again for the project's autoload: false entry", async () => {
  world = await createCliWorld();
  const npm = await fakeNpm(join(world.home, "bin"));
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ npmCommand: [npm.command], packages: ["npm:foo"] }));
  await mkdir(join(world.project, ".pi"), { recursive: true });
  await writeFile(join(world.project, ".pi/settings.json"), JSON.stringify({ packages: [{ source: "npm:foo", autoload: false, extensions: ["-x.ts"] }] }));
  const result = await world.run(["update", "--extensions", "-a"], { env: { FAKE_NPM_ROOT: join(world.home, "npm-root") } });
  expect(result.code).toBe(0);
  expect(result.stdout).toBe("Installing npm:foo@latest...\nInstalled npm:foo\n");
  expect((await npm.calls()).filter((call) => call.startsWith("install "))).toHaveLength(1);
}, 60_000);

it("a skill of ~/.agents/skills is switched off by a settings entry named from ~/.agents (pi's -skills/<name>/SKILL.md)", async () => {
  const withGamma = async (global?: Record<string, unknown>) => {
    world = await createCliWorld();
    await mkdir(join(world.home, ".agents/skills/gamma"), { recursive: true });
    await writeFile(join(world.home, ".agents/skills/gamma/SKILL.md"), "---\nname: gamma\ndescription: The gamma skill\n---\nDo gamma.\n");
    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify(global ?? {}));
    world.mock.enqueue({ text: "done" });
    expect((await world.run(["-p", "--no-session", "--model", "mock/mock-model", "hi"])).stdout).toBe("done\n");
    const prompt = JSON.stringify(world.mock.requests[0]!.body);
    await world.close();
    world = undefined;
    return prompt;
  };
  expect(await withGamma()).toContain("The gamma skill");
  expect(await withGamma({ skills: ["-skills/gamma/SKILL.md"] })).not.toContain("The gamma skill");
}, 60_000);
