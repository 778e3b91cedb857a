// `pith config` beside `pi config` (pi 1.6.0 on Node 22, recorded as test/support/pi-runs says) in two
// pseudo-terminals, each on its own copy of the same world (config-world.ts, the agent folder at ~/.pi/agent, a skill
// in ~/.agents/skills) in the probe theme that gives every colour role a colour of its own: the same keys, then the
// selector's rows between its rules, each stretch with its colour role, and the settings files each leaves. pi's
// Built-in group (its mcp, llama.cpp, codemode and tool-search extensions) is pith's to leave out: pith has no
// built-in extensions (docs/compatibility.md), so it is taken out of pi's rows before they are compared.
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { NODE22, PI16_CLI } from "../support/pi-node22.js";
import { recordedPtyChild } from "../support/pi-runs/recorded-pty.js";
import { keyedEnvironment } from "../support/pi-runs/recording-key.js";
import { THEME_TOKENS } from "../../plugins/interactive/theme/tokens.js";
import { chatRows, colourRuns } from "./side-by-side.js";
import { createCliWorld, ptyRunOf, spawnInPty, type CliWorld, type PtyRun } from "./pty-harness.js";
import { runConfigInPty, writeConfigWorld, type ConfigWorld } from "./config-world.js";

const SIZE = { cols: 100, rows: 60 };
const RULE = "─".repeat(SIZE.cols);
const HARNESS = [fileURLToPath(new URL("./pty-harness.ts", import.meta.url)), fileURLToPath(new URL("./config-world.ts", import.meta.url))];
/** side-by-side.ts's probe theme: role number `index` has the red channel 0x10 + index */
const PROBE_THEME = { name: "probe", colors: Object.fromEntries(THEME_TOKENS.map((token, index) => [token, `#${(((0x10 + index) << 16) | 0x8040).toString(16).padStart(6, "0")}`])) };

const worlds: CliWorld[] = [];
const runs: PtyRun[] = [];
afterEach(async () => {
  const ending = runs.splice(0);
  for (const run of ending) run.kill("SIGKILL");
  await Promise.all(ending.map((run) => Promise.race([run.exited, new Promise((resolve) => setTimeout(resolve, 2000))])));
  await Promise.all(worlds.splice(0).map((world) => world.close()));
});

async function probeWorld(): Promise<ConfigWorld> {
  const world = await createCliWorld();
  worlds.push(world);
  const agentDir = join(world.home, ".pi/agent");
  await mkdir(join(agentDir, "themes"), { recursive: true });
  await writeFile(join(agentDir, "themes/probe.json"), JSON.stringify(PROBE_THEME));
  // a skill of ~/.agents/skills: a group of its own in both
  await mkdir(join(world.home, ".agents/skills/gamma"), { recursive: true });
  await writeFile(join(world.home, ".agents/skills/gamma/SKILL.md"), "---\nname: gamma\ndescription: The gamma skill\n---\nDo gamma.\n");
  return writeConfigWorld(world, { agentDir, settings: { theme: "probe" } });
}

async function startPi(config: ConfigWorld, args: string[]): Promise<PtyRun> {
  const env = { ...config.env, PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0" };
  const input = { pty: args, cwd: config.world.project, env: keyedEnvironment({ ...config.world.env, ...env }), ...SIZE };
  const child = await recordedPtyChild(`pi ${args.join(" ")}`, input, HARNESS, () => spawnInPty(config.world, args, { ...SIZE, env, settingsDecideScreen: true, program: [NODE22, PI16_CLI] }));
  const run = ptyRunOf(child, SIZE);
  runs.push(run);
  return run;
}

/** `text` on the screen in a whole frame: both rules drawn (a frame may reach the terminal in more than one piece) */
const drawn = (text: string) => (screen: string) => screen.includes(text) && screen.split("\n").filter((row) => row === RULE).length === 2;

/** the selector's rows between its rules, each stretch with its colour role; pi's Built-in group left out */
function selectorRows(run: PtyRun): string[] {
  const text = chatRows(run, RULE, RULE).text;
  const coloured = colourRuns(run, RULE, RULE);
  const builtIn = text.findIndex((row) => /^ {2}Built-in\b/.test(row));
  const after = builtIn < 0 ? -1 : text.findIndex((row, index) => index > builtIn && !row.startsWith("    "));
  return builtIn < 0 ? coloured : [...coloured.slice(0, builtIn), ...coloured.slice(after)];
}

/**
 * A run's settings files, its temporary home folder named `<home>`. A path right after `-` (`-/tmp/...`, a project
 * override) is one the recording keeps as it was (placeholders.ts names a folder only after another character), so
 * a replayed pi writes the recorded world's home there: any world's home is named alike.
 */
async function settingsFiles(config: ConfigWorld): Promise<unknown> {
  const anyHome = new RegExp(`${tmpdir().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/pith-cli-[A-Za-z0-9]+`, "g");
  const named = (text: string | undefined) => (text === undefined ? undefined : JSON.parse(text.replaceAll(config.world.home, "<home>").replace(anyHome, "<home>")));
  return { global: named(await config.globalSettings()), project: named(await config.projectSettings()) };
}

it("pi config's rows, marks, colours and writes, key for key: a switch in the global view, Tab, overrides in the project view", async () => {
  const [pithWorld, piWorld] = [await probeWorld(), await probeWorld()];
  const pith = runConfigInPty(pithWorld, ["config", "-a"], SIZE);
  runs.push(pith);
  const pi = await startPi(piWorld, ["config", "-a"]);
  const both = async (text: string) => {
    await Promise.all([pith.waitFor(drawn(text), 20_000), pi.waitFor(drawn(text), 20_000)]);
    expect(selectorRows(pith)).toEqual(selectorRows(pi));
  };
  const type = (...keys: string[]) => keys.forEach((key) => [pith, pi].forEach((run) => run.type(key)));

  await both("Global Resources");
  expect(selectorRows(pith).join("\n")).toContain("[x]|fg=success");
  type("\x1b[B", " ");
  await both("[ ] alpha");
  type("\t");
  await both("Project Local Resources");
  type(" ");
  await both("[-] hello.ts");
  // alpha, review.md, pkgtheme.json, auto.ts: a user's auto-discovered file overridden in the project
  type("\x1b[B", "\x1b[B", "\x1b[B", "\x1b[B", " ");
  await both("[-] auto.ts");
  expect(selectorRows(pith).join("\n")).toContain("project unload|fg=muted");
  type("\x1b");
  const [pithExit, piExit] = await Promise.all([pith.exited, pi.exited]);
  expect(pithExit.exitCode).toBe(piExit.exitCode);
  const files = await settingsFiles(pithWorld);
  expect(files).toEqual(await settingsFiles(piWorld));
  expect(files).toMatchObject({ project: { packages: [{ source: "../../pkg", autoload: false, extensions: ["-extensions/hello.ts"] }] } });
}, 90_000);

it("pi config -l: the project view first, a search narrowing its rows, escape leaving the files as they were", async () => {
  const [pithWorld, piWorld] = [await probeWorld(), await probeWorld()];
  const before = await settingsFiles(piWorld);
  const pith = runConfigInPty(pithWorld, ["config", "-l", "-a"], SIZE);
  runs.push(pith);
  const pi = await startPi(piWorld, ["config", "-l", "-a"]);
  const rows = async (ready: (screen: string) => boolean) => {
    const whole = (screen: string) => ready(screen) && drawn("")(screen);
    await Promise.all([pith.waitFor(whole, 20_000), pi.waitFor(whole, 20_000)]);
    expect(selectorRows(pith)).toEqual(selectorRows(pi));
  };
  await rows((screen) => screen.includes("Project Local Resources"));
  for (const key of "al") [pith, pi].forEach((run) => run.type(key));
  // "al" is in alpha, local.md and the paths of the rest: the rows without it go
  await rows((screen) => screen.includes("> al") && !screen.includes("hello.ts"));
  [pith, pi].forEach((run) => run.type("\x1b"));
  const [pithExit, piExit] = await Promise.all([pith.exited, pi.exited]);
  expect(pithExit.exitCode).toBe(piExit.exitCode);
  expect(await settingsFiles(pithWorld)).toEqual(before);
  expect(await settingsFiles(piWorld)).toEqual(before);
}, 90_000);

it("a project's own package in the project view: its group after the user's, a row switched in its own entry", async () => {
  const [pithWorld, piWorld] = [await probeWorld(), await probeWorld()];
  for (const { world } of [pithWorld, piWorld]) {
    await mkdir(join(world.home, "pkg2/prompts"), { recursive: true });
    await writeFile(join(world.home, "pkg2/package.json"), JSON.stringify({ name: "pkg2", version: "1.0.0", pi: { prompts: ["./prompts"] } }));
    await writeFile(join(world.home, "pkg2/prompts/ship.md"), "---\ndescription: Ship\n---\nShip it.\n");
    await writeFile(join(world.project, ".pi/settings.json"), JSON.stringify({ packages: ["../../pkg2"] }));
  }
  const pith = runConfigInPty(pithWorld, ["config", "-l", "-a"], SIZE);
  runs.push(pith);
  const pi = await startPi(piWorld, ["config", "-l", "-a"]);
  const both = async (text: string) => {
    await Promise.all([pith.waitFor(drawn(text), 20_000), pi.waitFor(drawn(text), 20_000)]);
    expect(selectorRows(pith)).toEqual(selectorRows(pi));
  };
  await both("../../pkg2 (project)");
  // hello.ts, alpha, review.md, pkgtheme.json, then the project package's ship.md
  for (const key of ["\x1b[B", "\x1b[B", "\x1b[B", "\x1b[B", " "]) [pith, pi].forEach((run) => run.type(key));
  await both("[-] ship.md");
  [pith, pi].forEach((run) => run.type("\x1b"));
  await Promise.all([pith.exited, pi.exited]);
  const files = await settingsFiles(pithWorld);
  expect(files).toEqual(await settingsFiles(piWorld));
  expect(files).toMatchObject({ project: { packages: [{ source: "../../pkg2", prompts: ["-prompts/ship.md"] }] } });
}, 90_000);
