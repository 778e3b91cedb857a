// `pith config` at a terminal: the selector through the real CLI in a pseudo-terminal, on a world with a local
// package (an extension, a skill, a prompt, a theme) and auto-discovered resources (config-world.ts). What a switch
// writes is compared with what `pith config disable` writes in a copy of the world; the project view's writes with
// pi 1.6.0's forms (pi16-config-selector.test.ts runs pi itself).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld, type PtyRun } from "./pty-harness.js";
import { runConfigInPty, writeConfigWorld, type ConfigWorld } from "./config-world.js";

const worlds: CliWorld[] = [];
const runs: PtyRun[] = [];
afterEach(async () => {
  for (const run of runs.splice(0)) run.kill("SIGKILL");
  await Promise.all(worlds.splice(0).map((world) => world.close()));
});

async function configWorld(): Promise<ConfigWorld> {
  const world = await createCliWorld();
  worlds.push(world);
  return writeConfigWorld(world);
}

function start(config: ConfigWorld, args: string[]): PtyRun {
  const run = runConfigInPty(config, ["config", ...args]);
  runs.push(run);
  return run;
}

/** the selector's whole frame (`title` and both rules) on the screen: a frame may reach the terminal in pieces */
const whole = (run: PtyRun, title: string) => run.waitFor((screen) => screen.includes(title) && screen.split("\n").filter((row) => /^─{10,}$/.test(row)).length === 2);

/** the selector started and drawn */
async function opened(config: ConfigWorld, args = ["-a"], title = "Global Resources"): Promise<PtyRun> {
  const run = start(config, args);
  await whole(run, title);
  return run;
}

const DOWN = "\x1b[B";
const ESCAPE = "\x1b";

/** the row of the screen showing `name` (a resource row: the cursor, the box, the name and any mark) */
const rowOf = (run: PtyRun, name: string) => run.screen().find((row) => new RegExp(`^[> ] {5}\\[.\\] ${name}\\b`).test(row))?.trim();

it("lists each package's resources and the auto-discovered ones; a switched row is written as `pith config disable` writes it", async () => {
  const config = await configWorld();
  const run = await opened(config);
  const screen = run.screen().map((row) => row.trimEnd());
  const list = screen.slice(screen.findIndex((row) => row.startsWith("Global Resources")) + 1);
  expect(screen.join("\n")).toContain("tab switch mode · space toggle · esc close");
  expect(screen).toContain("~/agent/settings.json");
  expect(screen.slice(screen.findIndex((row) => row === "  ../pkg (user)"), screen.findIndex((row) => row === "      [x] fix.md") + 1)).toEqual([
    "  ../pkg (user)",
    "    Extensions",
    ">     [x] hello.ts",
    "    Skills",
    "      [x] alpha",
    "    Prompts",
    "      [x] review.md",
    "    Themes",
    "      [x] pkgtheme.json",
    "  User (~/agent/)",
    "    Extensions",
    "      [x] auto.ts",
    "    Skills",
    "      [x] beta",
    "    Prompts",
    "      [x] fix.md",
  ]);
  // the global view lists the user's resources alone
  expect(list.join("\n")).not.toContain("proj.ts");

  run.type(DOWN);
  run.type(" ");
  await run.waitFor(() => rowOf(run, "alpha") === ">     [ ] alpha");
  for (const _ of [1, 2, 3]) run.type(DOWN);
  run.type(" ");
  await run.waitFor(() => rowOf(run, "auto.ts") === ">     [ ] auto.ts");
  // written at once, before the selector is left
  await expect.poll(async () => JSON.parse(await config.globalSettings()).extensions).toEqual(["-extensions/auto.ts"]);
  run.type(ESCAPE);
  expect((await run.exited).exitCode).toBe(0);

  const other = await configWorld();
  expect((await other.world.run(["config", "disable", "../pkg", "skills/alpha"], { env: other.env })).code).toBe(0);
  expect((await other.world.run(["config", "disable", "extensions/auto.ts"], { env: other.env })).code).toBe(0);
  expect(JSON.parse(await config.globalSettings())).toEqual(JSON.parse(await other.globalSettings()));
  expect(JSON.parse(await config.globalSettings()).packages).toEqual([{ source: "../pkg", skills: ["-skills/alpha/SKILL.md"] }]);
  expect(await config.projectSettings()).toBeUndefined();
}, 60_000);

it("Tab: the project view cycles a row through unload, load and inherit in .pi/settings.json, as pi 1.6.0 writes it", async () => {
  const config = await configWorld();
  const globalBefore = await config.globalSettings();
  const run = await opened(config);
  run.type("\t");
  await whole(run, "Project Local Resources");
  expect(run.screen()).toContain(".pi/settings.json · inherited global resources are dimmed");
  expect(rowOf(run, "hello.ts")).toBe(">     [x] hello.ts  inherited global");
  expect(rowOf(run, "proj.ts")).toBe("[x] proj.ts");

  run.type(" ");
  await run.waitFor(() => rowOf(run, "hello.ts") === ">     [-] hello.ts  project unload");
  await expect.poll(async () => JSON.parse((await config.projectSettings()) ?? "{}")).toEqual({
    packages: [{ source: "../../pkg", autoload: false, extensions: ["-extensions/hello.ts"] }],
  });
  run.type(" ");
  await run.waitFor(() => rowOf(run, "hello.ts") === ">     [+] hello.ts  project load");
  run.type(" ");
  await run.waitFor(() => rowOf(run, "hello.ts") === ">     [x] hello.ts  inherited global");
  // an override left with nothing to say is dropped
  await expect.poll(async () => JSON.parse((await config.projectSettings()) ?? "{}")).toEqual({ packages: [] });

  // hello.ts, alpha, review.md, pkgtheme.json, auto.ts: a user file is named by its path, then switched
  for (const _ of [1, 2, 3, 4]) run.type(DOWN);
  run.type(" ");
  await run.waitFor(() => rowOf(run, "auto.ts") === ">     [-] auto.ts  project unload");
  // beta, fix.md, proj.ts: the project's own file by its path in .pi
  for (const _ of [1, 2, 3]) run.type(DOWN);
  run.type(" ");
  await run.waitFor(() => rowOf(run, "proj.ts") === ">     [-] proj.ts  project unload");
  run.type(ESCAPE);
  expect((await run.exited).exitCode).toBe(0);
  const auto = join(config.agentDir, "extensions/auto.ts");
  expect(JSON.parse((await config.projectSettings())!)).toEqual({ packages: [], extensions: [auto, `-${auto}`, "-extensions/proj.ts"] });
  expect(await config.globalSettings()).toBe(globalBefore);
}, 60_000);

it("escape leaves without a change; typing filters the rows by name, kind or path", async () => {
  const config = await configWorld();
  const before = await config.globalSettings();
  const run = await opened(config);
  run.type("rev");
  await run.waitFor(() => rowOf(run, "hello.ts") === undefined);
  expect(rowOf(run, "review.md")).toBe(">     [x] review.md");
  expect(run.screen().filter((row) => row.trim() !== "" && !row.startsWith("─")).slice(-3)).toEqual(["  ../pkg (user)", "    Prompts", ">     [x] review.md"]);
  run.type(ESCAPE);
  expect((await run.exited).exitCode).toBe(0);
  expect(await config.globalSettings()).toBe(before);
  expect(await config.projectSettings()).toBeUndefined();
}, 60_000);

it("-l starts in the project view of a trusted project, and refuses an untrusted one", async () => {
  const config = await configWorld();
  const run = await opened(config, ["-l", "-a"], "Project Local Resources");
  run.type(ESCAPE);
  expect((await run.exited).exitCode).toBe(0);

  const refused = start(config, ["-l", "-na"]);
  expect((await refused.exited).exitCode).toBe(1);
  expect(refused.output).toContain("the project is not trusted");
  expect(await config.projectSettings()).toBeUndefined();
}, 60_000);

it("a settings.json that is not valid JSON is reported, and a switch writes nothing over it", async () => {
  const config = await configWorld();
  const broken = '{"packages": [\n';
  await writeFile(join(config.agentDir, "settings.json"), broken);
  const run = await opened(config);
  expect(run.screen().join("\n")).toContain("is not valid JSON");
  expect(rowOf(run, "auto.ts")).toBe(">     [x] auto.ts");
  run.type(" ");
  await run.waitForText("pith does not write over it");
  expect(rowOf(run, "auto.ts")).toBe(">     [x] auto.ts");
  run.type(ESCAPE);
  expect((await run.exited).exitCode).toBe(0);
  expect(await config.globalSettings()).toBe(broken);
}, 60_000);

it("ctrl+c leaves as escape does, once the switch asked for is written", async () => {
  const config = await configWorld();
  const run = await opened(config);
  run.type(" ");
  run.type("\x03");
  expect((await run.exited).exitCode).toBe(0);
  expect(JSON.parse(await config.globalSettings()).packages).toEqual([{ source: "../pkg", extensions: ["-extensions/hello.ts"] }]);
}, 60_000);

it("in a pipe, pith config lists as before and never reads pi-tui's bundle", async () => {
  const config = await configWorld();
  const probe = fileURLToPath(new URL("../cli/fixtures/loaded-modules.cjs", import.meta.url));
  const result = await config.world.run(["config", "-a"], { env: { ...config.env, NODE_OPTIONS: `--require ${probe}` } });
  expect(result.code).toBe(0);
  expect(result.stdout).toContain("User packages:\n  ../pkg\n    extensions:\n      enabled   extensions/hello.ts");
  expect(result.stdout).toContain("Project resources (");
  const bundles = JSON.parse(/__VENDOR_BUNDLES__ (.*)/.exec(result.stderr)![1]!) as string[];
  expect(bundles).not.toContain("pi-tui.cjs");
}, 60_000);

it("a short terminal shows a window of the rows around the selected one and where it is among them", async () => {
  const config = await configWorld();
  const run = runConfigInPty(config, ["config", "-a"], { rows: 16 });
  runs.push(run);
  // the frame is taller than the terminal: its top has scrolled away
  await run.waitForText("(1/7)");
  // 16 rows leave 8 for the list (pi's figure): its 16 lines do not fit
  expect(run.screen()).toContain("  (1/7)");
  // page down goes 8 lines on, to the User group's Extensions heading, then back to the nearest row, as pi's does
  run.type("\x1b[6~");
  await run.waitForText("(4/7)");
  expect(rowOf(run, "pkgtheme.json")).toBe(">     [x] pkgtheme.json");
  run.type(ESCAPE);
  expect((await run.exited).exitCode).toBe(0);
}, 60_000);

it("~/.agents/skills has a group of its own, and its rows are named from ~/.agents as pi writes them", async () => {
  const config = await configWorld();
  await mkdir(join(config.world.home, ".agents/skills/gamma"), { recursive: true });
  await writeFile(join(config.world.home, ".agents/skills/gamma/SKILL.md"), "---\nname: gamma\ndescription: The gamma skill\n---\nDo gamma.\n");
  const run = await opened(config);
  const screen = run.screen().map((row) => row.trimEnd());
  expect(screen.slice(screen.indexOf("  User (~/.agents/)"), screen.indexOf("  User (~/.agents/)") + 3)).toEqual(["  User (~/.agents/)", "    Skills", "      [x] gamma"]);
  // hello.ts, alpha, review.md, pkgtheme.json, auto.ts, beta, fix.md, gamma
  for (const _ of [1, 2, 3, 4, 5, 6, 7]) run.type(DOWN);
  run.type(" ");
  await run.waitFor(() => rowOf(run, "gamma") === ">     [ ] gamma");
  run.type(ESCAPE);
  expect((await run.exited).exitCode).toBe(0);
  expect(JSON.parse(await config.globalSettings()).skills).toEqual(["-skills/gamma/SKILL.md"]);
}, 60_000);
