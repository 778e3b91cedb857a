// pi 1.6.0's SettingsManager as pith serves it: the same script runs with pi's own class (under Node 22) and with
// pith's served class (loaded as an extension file), each over its own copy of the same settings files. Every
// getter must answer the same before and after the same setters, the files each writes must hold the same
// settings, and each side must read the other's files as it reads its own.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExtensionModuleLoader } from "../../plugins/extensions/loading/module-loader.js";
import { PI16_PACKAGE, runOnNode22 } from "../support/pi-node22.js";
import { createWorld, type World } from "./harness.js";

const AGENT = "@earendil-works/pi-coding-agent";

const GLOBAL = {
  queueMode: "all",
  websockets: true,
  theme: "dark",
  defaultProvider: "anthropic",
  compaction: { reserveTokens: 9000, modelOverrides: { "anthropic/claude": { keepRecentTokens: 777 } } },
  retry: { maxDelayMs: 5000, maxRetries: 7 },
  terminal: { images: false, trueColor: true, imageWidthCells: 12.7 },
  httpIdleTimeoutMs: " disabled ",
  defaultTools: ["read", "grep"],
  cacheWarming: "streaming",
  defaultProjectTrust: "always",
  externalEditor: "vim",
  fullscreenWheelScrollLines: 250,
  markdown: { mermaid: "final" },
  packages: ["npm:a"],
  unknownKey: { kept: true },
};
const PROJECT = {
  theme: "themes/mine.json",
  cacheWarming: "off",
  defaultProjectTrust: "never",
  defaultTools: ["+find", "-read"],
  terminal: { showImages: false },
  skills: { enableSkillCommands: false, customDirectories: ["./skills"] },
  quietStartup: "header",
  tuiMode: "regular",
  sessionDir: "~/sessions",
};

const GETTERS = `getLastChangelogVersion getSessionDir getDefaultProvider getDefaultModel getSteeringMode getFollowUpMode getThemeSetting getTheme
  getDefaultThinkingLevel getAllModelThinkingLevels getTransport getSessionShareDestination getCompactionEnabled getCompactionReserveTokens
  getCompactionKeepRecentTokens getCompactionSettings getBranchSummarySettings getBranchSummarySkipPrompt getRetryEnabled getRetrySettings
  getHttpIdleTimeoutMs getCacheWarmingMode getProviderRetrySettings getWebSocketConnectTimeoutMs getHideThinkingBlock getShowCacheMissNotices
  getExternalEditorCommand getShellPath getQuietStartup getDefaultProjectTrust getShellCommandPrefix getNpmCommand getCollapseChangelog
  getEnableInstallTelemetry getEnableAnalytics getPackages getExtensionPaths getSkillPaths getPromptTemplatePaths getThemePaths
  getEnableSkillCommands getThinkingBudgets getTerminalCapabilityOverrides getShowImages getImageWidthCells getClearOnShrink
  getShowTerminalProgress getTuiMode getFullscreenExitOutput getFullscreenScrollbar getFullscreenCopyOnSelect getFullscreenWheelScrollLines
  getImageAutoResize getBlockImages getEnabledModels getDefaultTools getDoubleEscapeAction getTreeFilterMode getShowHardwareCursor
  getEditorPaddingX getOutputPad getAutocompleteMaxVisible getCodeBlockIndent getMermaidRenderingMode getWarnings
  isProjectTrusted getSettings getGlobalSettings getProjectSettings`;

const PRELUDE = `
  const attempt = (work) => { try { const value = work(); return value === undefined ? "(undefined)" : value; } catch { return "threw"; } };
  const snapshot = (sm) => {
    const all = Object.fromEntries(${JSON.stringify(GETTERS)}.split(/\\s+/).map((name) => [name, attempt(() => sm[name]())]));
    all.reserveForModel = attempt(() => sm.getCompactionSettings({ provider: "anthropic", id: "claude" }));
    all.changelog = attempt(() => sm.getExtensionChangelogVersion("ext"));
    all.level = attempt(() => sm.getModelThinkingLevel("openai", "gpt"));
    return JSON.parse(JSON.stringify(all, (key, value) => (key === "deviceId" || key === "trackingId" ? typeof value : value)));
  };
  const scenario = async (m, agentDir, cwd) => {
    const sm = m.SettingsManager.create(cwd, agentDir);
    const before = snapshot(sm);
    sm.setDefaultModelAndProvider("openai", "gpt");
    sm.setSteeringMode("one-at-a-time");
    sm.setModelThinkingLevel("openai", "gpt", "high");
    sm.setModelThinkingLevel("openai", "mini", "low");
    sm.removeModelThinkingLevel("openai", "mini");
    sm.setCompactionEnabled(false);
    sm.setShowImages(true);
    sm.setImageWidthCells(0.5);
    sm.setExtensionChangelogVersion("ext", "1.2.3");
    sm.setEditorPaddingX(9);
    sm.setAutocompleteMaxVisible(1.9);
    sm.setFullscreenWheelScrollLines(0);
    sm.setMermaidRenderingMode("off");
    sm.setEnableAnalytics(true);
    const device = sm.getOrCreateDeviceId();
    const sameDevice = sm.getOrCreateDeviceId() === device;
    sm.setProjectSkillPaths(["./more-skills"]);
    sm.setNpmCommand(["pnpm"]);
    const badTimeout = attempt(() => sm.setHttpIdleTimeoutMs(-1));
    sm.applyOverrides({ theme: "light", terminal: { showTerminalProgress: true } });
    const afterSet = snapshot(sm);
    await sm.flush();
    const errors = sm.drainErrors().map((e) => e.scope);
    sm.setProjectTrusted(false);
    const untrusted = [attempt(() => sm.setProjectPackages(["npm:b"])), snapshot(sm)];
    sm.setProjectTrusted(true);
    await sm.reload();
    return { before, afterSet, errors, badTimeout, sameDevice, deviceType: typeof device, untrusted, reloaded: snapshot(sm) };
  };
  const memory = async (m) => {
    const sm = m.SettingsManager.inMemory({ queueMode: "all", retry: { maxDelayMs: 10 }, compaction: { reserveTokens: -1 } });
    const before = snapshot(sm);
    sm.setTheme("x");
    sm.setWarnings({ anthropicExtraUsage: false });
    await sm.flush();
    const distrusted = m.SettingsManager.inMemory({}, { projectTrusted: false });
    const texts = { global: JSON.stringify({ theme: "dark", retry: { enabled: false } }), project: JSON.stringify({ tuiMode: "regular" }) };
    const custom = m.SettingsManager.fromStorage({ withLock(scope, fn) { const next = fn(texts[scope]); if (next !== undefined) texts[scope] = next; } });
    const customBefore = snapshot(custom);
    custom.setTheme("light");
    custom.setRetryEnabled(true);
    custom.setProjectPromptTemplatePaths(["p"]);
    await custom.flush();
    const stored = { global: JSON.parse(texts.global), project: JSON.parse(texts.project) };
    return { before, after: snapshot(sm), errors: sm.drainErrors().length, distrusted: [distrusted.isProjectTrusted(), attempt(() => distrusted.setProjectThemePaths(["t"]))], customBefore, stored };
  };
  const broken = async (m, agentDir, cwd) => {
    const sm = m.SettingsManager.create(cwd, agentDir);
    const first = sm.drainErrors().map((e) => [e.scope, typeof e.path, e.error instanceof Error]);
    sm.setTheme("dark");
    sm.setProjectThemePaths(["t"]);
    await sm.flush();
    return { first, theme: sm.getTheme(), later: sm.drainErrors().length, project: sm.getProjectSettings() };
  };
`;

let world: World;
let served: Record<string, any>;
const evaluate = (body: string) => new Function("m", "input", `${PRELUDE}\nreturn (${body})(m, input);`) as (m: unknown, input: any) => Promise<any>;
const pi = async (body: string, input: unknown) =>
  JSON.parse(
    await runOnNode22(`const { VIRTUAL_MODULES } = await import(${JSON.stringify(`${PI16_PACKAGE}/dist/core/extensions/virtual-modules.js`)});
    const m = VIRTUAL_MODULES[${JSON.stringify(AGENT)}];
    ${PRELUDE}
    const input = ${JSON.stringify(input)};
    process.stdout.write(JSON.stringify(await (${body})(m, input)));`, { env: { HOME: world.root, PI_CODING_AGENT_DIR: join(world.root, "none") } }),
  );

async function seed(side: string, files: { global?: string; project?: string }): Promise<{ agentDir: string; cwd: string }> {
  const agentDir = join(world.root, side, "agent");
  const cwd = join(world.root, side, "project");
  await mkdir(join(cwd, ".pi"), { recursive: true });
  await mkdir(agentDir, { recursive: true });
  if (files.global !== undefined) await writeFile(join(agentDir, "settings.json"), files.global);
  if (files.project !== undefined) await writeFile(join(cwd, ".pi", "settings.json"), files.project);
  return { agentDir, cwd };
}
const readJson = async (path: string) => {
  const settings = JSON.parse(await readFile(path, "utf8"));
  return { ...settings, deviceId: typeof settings.deviceId, trackingId: typeof settings.trackingId };
};
/** sessionDir's ~ is each process's home (pi's runs with the world as its home): compared below it */
const home = (result: unknown) => JSON.parse(JSON.stringify(result).replaceAll(world.root, "<home>").replaceAll(homedir(), "<home>"));
const SCENARIO = `(m, input) => scenario(m, input.agentDir, input.cwd)`;
const SNAPSHOT = `(m, input) => snapshot(m.SettingsManager.create(input.cwd, input.agentDir))`;

let piSide: { agentDir: string; cwd: string };
let pithSide: typeof piSide;
let piResult: any;
let pithResult: any;

beforeAll(async () => {
  world = await createWorld();
  const path = await world.write("ext/served.ts", `import * as served from "${AGENT}";\nexport default served;`);
  served = (await createExtensionModuleLoader({ cacheDir: world.cacheDir }).load(path)) as Record<string, any>;
  const files = { global: JSON.stringify(GLOBAL, null, 2), project: JSON.stringify(PROJECT) };
  piSide = await seed("pi", files);
  pithSide = await seed("pith", files);
  piResult = await pi(SCENARIO, piSide);
  pithResult = await evaluate(SCENARIO)(served, pithSide);
}, 180_000);
afterAll(() => world.close());

describe("SettingsManager served as pi 1.6.0's", () => {
  it("answers every getter as pi does, before and after the same setters", () => {
    expect(home(pithResult)).toEqual(home(piResult));
    expect(pithResult.before.getDefaultTools).toEqual(["grep", "find"]);
    expect(pithResult.untrusted[0]).toBe("threw");
  });

  it("writes the same settings files", async () => {
    for (const file of [(side: typeof piSide) => join(side.agentDir, "settings.json"), (side: typeof piSide) => join(side.cwd, ".pi", "settings.json")]) {
      expect(await readJson(file(pithSide))).toEqual(await readJson(file(piSide)));
    }
    expect((await readJson(join(pithSide.agentDir, "settings.json"))).unknownKey).toEqual({ kept: true });
  });

  it("reads the files pi wrote as pi does, and pi reads pith's the same way", async () => {
    const piReadsPi = await pi(SNAPSHOT, piSide);
    expect(await pi(SNAPSHOT, pithSide)).toEqual(piReadsPi);
    expect(home(await evaluate(SNAPSHOT)(served, piSide))).toEqual(home(piReadsPi));
  });

  it("keeps settings in memory and in a storage of the caller's as pi does", async () => {
    const memory = `(m) => memory(m)`;
    expect(await evaluate(memory)(served, {})).toEqual(await pi(memory, {}));
  });

  it("reports a broken file and never writes over it, as pi does", async () => {
    const piBroken = await seed("pi-broken", { global: "{ not json", project: '{ "theme": "x" }' });
    const pithBroken = await seed("pith-broken", { global: "{ not json", project: '{ "theme": "x" }' });
    const body = `(m, input) => broken(m, input.agentDir, input.cwd)`;
    expect(await evaluate(body)(served, pithBroken)).toEqual(await pi(body, piBroken));
    expect(await readFile(join(pithBroken.agentDir, "settings.json"), "utf8")).toBe("{ not json");
  });
});
