// pi 1.6.0's `DefaultResourceLoader`, `DefaultPackageManager`, `discoverAndLoadExtensions` and `ExtensionRunner`
// as pith serves them: each script runs against pi's own served module (Node 22, child process) and against pith's
// (loaded as an extension file), on the same folders: user and project skills, prompt templates, themes,
// extensions, context files, SYSTEM/APPEND_SYSTEM files, settings entries and a local package. Compared: what each
// getter returns after a reload (names, files, source info, which extension registered what, the kind and path of
// each diagnostic and error), the package manager's settings and resources, and the runner's lookups and events.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "../../plugins/extensions/index.js";
import { PI16_PACKAGE } from "../support/pi-node22.js";
import { createWorld, type World } from "./harness.js";
import { piScriptResults, pithScriptResult } from "./served-scripts.js";

const AGENT = "@earendil-works/pi-coding-agent";

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n`;
const prompt = (description: string, body: string) => `---\ndescription: ${description}\n---\n${body}\n`;
const extension = (tool: string, extra = "") => `export default function (pi: any) {
  pi.registerTool({ name: "${tool}", label: "${tool}", description: "the ${tool} tool", parameters: { type: "object", properties: {} },
    async execute() { return { content: [{ type: "text", text: "${tool}" }], details: {} }; } });
  pi.on("session_start", () => undefined);
  ${extra}
}
`;

const FILES: Record<string, string> = {
  "agent/skills/alpha/SKILL.md": skill("alpha", "The user's alpha"),
  "agent/skills/gamma/SKILL.md": skill("gamma", "Only the user has gamma"),
  "agent/prompts/review.md": prompt("Review the code", "Review $1"),
  "agent/extensions/user-ext.ts": extension("user_tool", `pi.registerCommand("hello", { description: "says hello", handler: async () => undefined });`),
  "agent/SYSTEM.md": "The user's system prompt\n",
  "agent/APPEND_SYSTEM.md": "The user's appended text\n",
  "agent/AGENTS.md": "User rules\n",
  "agent/settings.json": JSON.stringify({ skills: ["../extra-skills"], packages: ["../pkg"] }),
  "project/.pi/skills/alpha/SKILL.md": skill("alpha", "The project's alpha wins"),
  "project/.pi/skills/beta/SKILL.md": skill("beta", "Project beta"),
  "project/.pi/prompts/review.md": prompt("The project's review", "Project review $1"),
  "project/.pi/prompts/fix.md": prompt("Fix it", "Fix $@"),
  "project/.pi/extensions/project-ext.ts": extension("project_tool", `pi.registerFlag("loud", { type: "boolean", default: false, description: "shout" });`),
  "project/.pi/extensions/broken.ts": "export default function () { throw new Error('broken on purpose'); }\n",
  "project/.pi/extensions/clash.ts": extension("project_tool"),
  "project/.pi/APPEND_SYSTEM.md": "The project's appended text\n",
  "project/.pi/SYSTEM.md": "The project's system prompt\n",
  "project/.pi/settings.json": JSON.stringify({ skills: ["../../extra-skills"], prompts: ["../../project-prompts/deploy.md"] }),
  "project-prompts/deploy.md": prompt("Deploy from the project's settings", "Deploy"),
  "project/AGENTS.md": "Project rules\n",
  "extra-skills/delta/SKILL.md": skill("delta", "From a settings entry"),
  "pkg/package.json": JSON.stringify({ name: "pkg", version: "1.0.0", pi: { extensions: ["./ext.ts"], skills: ["./skills"], prompts: ["./prompts"] } }),
  "pkg/ext.ts": extension("package_tool"),
  "pkg/skills/epsilon/SKILL.md": skill("epsilon", "From a package"),
  "pkg/prompts/ship.md": prompt("Ship it", "Ship"),
  "more/zeta/SKILL.md": skill("zeta", "An additional path"),
  "more/prompt-a.md": prompt("An additional template", "A"),
  "more/more-ext.ts": extension("more_tool"),
  "home/.keep": "",
  "runner/first.ts": `export default function (pi: any) {
    pi.registerCommand("go", { description: "first go", handler: async () => undefined });
    pi.registerFlag("level", { type: "string", default: "low", description: "first" });
    pi.on("session_start", (event: any, ctx: any) => { (globalThis as any).runnerSeen = [event.reason, ctx.cwd, ctx.hasUI, ctx.isIdle()]; });
    pi.on("session_before_switch", () => ({ cancel: true }));
    pi.on("tool_call", (event: any) => (event.toolName === "bash" ? { block: true, reason: "no bash" } : undefined));
    pi.on("input", (event: any) => ({ action: "transform", text: event.text + "!" }));
  }
  `,
  "runner/second.ts": `export default function (pi: any) {
    pi.registerCommand("go", { description: "second go", handler: async () => undefined });
    pi.registerFlag("level", { type: "string", default: "high", description: "second" });
    pi.registerTool({ name: "probe", label: "p", description: "p", parameters: { type: "object", properties: {} }, execute: async () => ({ content: [], details: {} }) });
    pi.on("session_start", () => { throw new Error("second fails"); });
    pi.on("session_before_switch", () => ({ cancel: false }));
    pi.on("input", (event: any) => (event.text === "stop!" ? { action: "handled" } : undefined));
  }
  `,
};

// what the scripts share: `summary(loader)`, the getters in a stable, comparable form
const PRELUDE = `
  const byJson = (a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
  const local = (root, value) => JSON.parse(JSON.stringify(value ?? null).split(root).join("<root>"));
  const diagnostics = (list) => list.map((d) => ({ type: d.type, path: d.path, collision: d.collision })).sort(byJson);
  const extensionsOf = (result) => ({
    extensions: result.extensions.map((e) => ({
      path: e.path, sourceInfo: e.sourceInfo, hidden: e.hidden === true,
      tools: [...e.tools.keys()], commands: [...e.commands.keys()], flags: [...e.flags.keys()], handlers: [...e.handlers.keys()],
      toolSource: [...e.tools.values()].map((t) => t.sourceInfo?.path),
    })),
    errors: result.errors.map((e) => e.path).sort(),
    runtime: typeof result.runtime?.sendMessage,
  });
  const summary = (root, loader) => local(root, {
    extensions: extensionsOf(loader.getExtensions()),
    skills: loader.getSkills().skills.map((s) => ({ name: s.name, description: s.description, filePath: s.filePath, baseDir: s.baseDir, sourceInfo: s.sourceInfo })),
    skillDiagnostics: diagnostics(loader.getSkills().diagnostics),
    prompts: loader.getPrompts().prompts.map((p) => ({ name: p.name, description: p.description, content: p.content, filePath: p.filePath, sourceInfo: p.sourceInfo })),
    promptDiagnostics: diagnostics(loader.getPrompts().diagnostics),
    themes: loader.getThemes().themes.map((t) => ({ name: t.name, sourcePath: t.sourcePath })),
    themeDiagnostics: diagnostics(loader.getThemes().diagnostics),
    agentsFiles: loader.getAgentsFiles().agentsFiles,
    systemPrompt: loader.getSystemPrompt() ?? null,
    systemPromptSource: loader.getSystemPromptSource() ?? null,
    appendSystemPrompt: loader.getAppendSystemPrompt(),
    appendSystemPromptSources: loader.getAppendSystemPromptSources(),
  });
`;

const SCRIPTS: Array<[label: string, source: string]> = [
  ["before reload: empty", `async (m, root) => summary(root, new m.DefaultResourceLoader({ cwd: root + "/project", agentDir: root + "/agent" }))`],
  ["a trusted project: everything discovered", `async (m, root) => {
    const loader = new m.DefaultResourceLoader({ cwd: root + "/project", agentDir: root + "/agent" });
    await loader.reload();
    return summary(root, loader);
  }`],
  // pi's side asks pi's SettingsManager made for an untrusted project; pith's (whose SettingsManager is not served) a stand-in
  ["an untrusted project: none of its own resources, SYSTEM or APPEND_SYSTEM files", `async (m, root) => {
    const cwd = root + "/project", agentDir = root + "/agent";
    const settingsManager = typeof m.SettingsManager.create === "function" ? m.SettingsManager.create(cwd, agentDir, { projectTrusted: false }) : { isProjectTrusted: () => false };
    const loader = new m.DefaultResourceLoader({ cwd, agentDir, settingsManager });
    await loader.reload();
    return summary(root, loader);
  }`],
  ["reload({ resolveProjectTrust }): asked with the user's extensions, its no keeps the project out", `async (m, root) => {
    const asked = [];
    const loader = new m.DefaultResourceLoader({ cwd: root + "/project", agentDir: root + "/agent", extensionFactories: [{ name: "asker", factory: () => undefined }] });
    await loader.reload({ resolveProjectTrust: async ({ extensionsResult }) => { asked.push(extensionsResult.extensions.map((e) => e.path)); return false; } });
    const untrusted = summary(root, loader);
    await loader.reload();
    return { asked: local(root, asked), untrusted, stillUntrusted: summary(root, loader).skills.length === untrusted.skills.length };
  }`],
  ["switches, additional paths, factories and overrides", `async (m, root) => {
    const calls = [];
    const loader = new m.DefaultResourceLoader({
      cwd: root + "/project", agentDir: root + "/agent",
      noExtensions: true, noSkills: true, noPromptTemplates: true, noContextFiles: true, noThemes: true,
      additionalExtensionPaths: [root + "/more/more-ext.ts", root + "/missing-ext.ts"],
      additionalSkillPaths: [root + "/more"],
      additionalPromptTemplatePaths: [root + "/more/prompt-a.md"],
      additionalThemePaths: [root + "/themes"],
      extensionFactories: [
        (pi) => { calls.push("first"); pi.registerTool({ name: "inline_tool", label: "i", description: "i", parameters: { type: "object", properties: {} }, execute: async () => ({ content: [], details: {} }) }); },
        { name: "named", hidden: true, factory: (pi) => { calls.push("named"); pi.registerCommand("named-cmd", { handler: async () => undefined }); } },
        { name: "failing", factory: () => { throw new Error("no"); } },
      ],
      systemPrompt: "Given as text",
      appendSystemPrompt: ["Appended as text", root + "/agent/AGENTS.md"],
      systemPromptOverride: (base) => base + " (overridden)",
      skillsOverride: (base) => ({ ...base, skills: base.skills.filter((s) => s.name !== "zeta") }),
      agentsFilesOverride: (base) => ({ agentsFiles: [...base.agentsFiles, { path: "/virtual/AGENTS.md", content: "Virtual" }] }),
    });
    await loader.reload();
    return { calls, ...summary(root, loader) };
  }`],
  ["extendResources adds skills and templates", `async (m, root) => {
    const loader = new m.DefaultResourceLoader({ cwd: root + "/project", agentDir: root + "/agent", noSkills: true, noPromptTemplates: true, noExtensions: true });
    await loader.reload();
    await loader.extendResources({ skillPaths: [{ path: root + "/more/zeta", metadata: { source: "extension:x", scope: "temporary", origin: "top-level", baseDir: root + "/more" } }],
      promptPaths: [{ path: root + "/more/prompt-a.md", metadata: { source: "extension:x", scope: "temporary", origin: "top-level" } }] });
    const { skills, prompts } = summary(root, loader);
    return { skills, prompts };
  }`],
  // pi's side uses pi's SettingsManager (which writes the file behind, flushed); pith's, without one, the files
  ["DefaultPackageManager: a local package installed, listed, resolved and removed", `async (m, root) => {
    const fs = await import("node:fs");
    const cwd = root + "/pm-project", agentDir = root + "/pm-agent";
    for (const dir of [cwd, agentDir]) fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(cwd + "/.pi", { recursive: true });
    fs.mkdirSync(agentDir, { recursive: true });
    const settingsManager = typeof m.SettingsManager.create === "function" ? m.SettingsManager.create(cwd, agentDir) : undefined;
    const pm = new m.DefaultPackageManager({ cwd, agentDir, settingsManager });
    const events = [];
    pm.setProgressCallback((event) => events.push(event.type + ":" + event.action + ":" + event.source));
    const read = async (file) => { await settingsManager?.flush(); return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")).packages : null; };
    await pm.installAndPersist(root + "/pkg");
    await pm.installAndPersist("../pkg", { local: true });
    const again = pm.addSourceToSettings(root + "/pkg");
    let missing;
    try { await pm.install(root + "/no-such-package"); } catch (error) { missing = error instanceof Error; }
    const files = { user: await read(agentDir + "/settings.json"), project: await read(cwd + "/.pi/settings.json") };
    const packaged = (list) => list.filter((r) => r.metadata.origin === "package").map(({ path, enabled, metadata }) => ({ path, enabled, metadata }));
    const resolved = await pm.resolve();
    const found = { extensions: packaged(resolved.extensions), skills: packaged(resolved.skills), prompts: packaged(resolved.prompts), failures: resolved.installFailures ?? [] };
    const listed = pm.listConfiguredPackages();
    const installed = [pm.getInstalledPath(root + "/pkg", "user"), pm.getInstalledPath(root + "/missing", "user") ?? null];
    const removed = [await pm.removeAndPersist(root + "/pkg"), await pm.removeAndPersist(root + "/pkg"), pm.removeSourceFromSettings("../pkg", { local: true })];
    return local(root, { events, again, missing, files, found, listed, installed, removed, after: { user: await read(agentDir + "/settings.json"), project: await read(cwd + "/.pi/settings.json") } });
  }`],
  ["ExtensionRunner over loaded extensions", `async (m, root) => {
    const loaded = await m.discoverAndLoadExtensions([root + "/runner/first.ts", root + "/runner/second.ts"], root + "/runner", root + "/runner-agent");
    const runner = new m.ExtensionRunner(loaded.extensions, loaded.runtime, root + "/runner", m.SessionManager.inMemory(root + "/runner"), undefined);
    runner.bindCore({ getActiveTools: () => ["read", "probe"] }, { isIdle: () => true, getModel: () => undefined });
    const errors = [];
    runner.onError((error) => errors.push({ path: error.extensionPath, event: error.event, error: error.error }));
    const started = await runner.emit({ type: "session_start", reason: "startup" });
    runner.setFlagValue("level", "mid");
    return local(root, {
      paths: runner.getExtensionPaths(),
      tools: runner.getAllRegisteredTools().map((tool) => tool.definition.name),
      probe: runner.getToolDefinition("probe")?.description, none: runner.getToolDefinition("none") ?? null,
      flags: [...runner.getFlags().values()].map((flag) => [flag.name, flag.default, flag.extensionPath]),
      flagValues: [...runner.getFlagValues()],
      commands: runner.getRegisteredCommands().map((command) => [command.name, command.invocationName, command.description]),
      go2: runner.getCommand("go:2")?.description, go: runner.getCommand("go") ?? null,
      handlers: ["session_start", "tool_call", "agent_end"].map((event) => runner.hasHandlers(event)),
      active: runner.getActiveTools(), hasUI: runner.hasUI(),
      started: started ?? null, seen: globalThis.runnerSeen, errors,
      switched: await runner.emit({ type: "session_before_switch", reason: "new" }),
      blocked: [await runner.emitToolCall({ type: "tool_call", toolName: "bash", toolCallId: "1", input: {} }), (await runner.emitToolCall({ type: "tool_call", toolName: "read", toolCallId: "2", input: {} })) ?? null],
      input: [await runner.emitInput("hi", undefined, "interactive"), await runner.emitInput("stop", undefined, "rpc")],
    });
  }`],
  ["discoverAndLoadExtensions", `async (m, root) => local(root, extensionsOf(await m.discoverAndLoadExtensions([root + "/more/more-ext.ts", root + "/pkg", root + "/nowhere.ts"], root + "/project", root + "/agent")))`],
];

let world: World;
let piResults: unknown[];

beforeAll(async () => {
  world = await createWorld();
  for (const [path, content] of Object.entries(FILES)) await world.write(path, content);
  const dark = JSON.parse(await readFile(join(PI16_PACKAGE, "dist/modes/interactive/theme/dark.json"), "utf8")) as Record<string, unknown>;
  await world.write("agent/themes/mine.json", JSON.stringify({ ...dark, name: "mine" }));
  await world.write("project/.pi/themes/mine.json", JSON.stringify({ ...dark, name: "mine" }));
  await world.write("themes/other.json", JSON.stringify({ ...dark, name: "other" }));
  await world.write("themes/bad.json", "{ not json");
  process.env.HOME = join(world.root, "home");
  const env = { HOME: join(world.root, "home"), PI_OFFLINE: "1", PI_CODING_AGENT_DIR: join(world.root, "agent") };
  piResults = await piScriptResults(AGENT, PRELUDE, SCRIPTS.map(([, source]) => source), world.root, env);
}, 180_000);
afterAll(() => world.close());

describe("pi 1.6.0's DefaultResourceLoader and discoverAndLoadExtensions, served by pith", () => {
  it.each(SCRIPTS.map(([label], index) => [label, index] as const))("%s", async (_label, index) => {
    const result = await pithScriptResult(world, AGENT, PRELUDE, SCRIPTS[index]![1], index);
    expect(result).toEqual(piResults[index]);
    // the runner's script must have seen real registrations and a failing handler, not two empty answers
    if (SCRIPTS[index]![0].startsWith("ExtensionRunner")) {
      expect(result).toMatchObject({ tools: ["probe"], handlers: [true, true, false], errors: [{ event: "session_start", error: "second fails" }], switched: { cancel: true } });
    }
  }, 60_000);
});
