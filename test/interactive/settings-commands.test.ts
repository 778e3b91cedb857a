// /settings (rows saved to the agent folder's settings.json and applied at once), /thinking (a level for the
// session, or the default with the save key) and /trust (a decision saved in trust.json).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { writeTwoModels } from "../rpc/rpc-harness.js";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();
const DOWN = "\x1b[B";
const CTRL_S = "\x13";

async function settingsFile(agentDir: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(agentDir, "settings.json"), "utf8")) as Record<string, unknown>;
}

it("/settings changes a row with enter, saves it to settings.json and applies it (hide thinking)", async () => {
  await writeTwoModels(ui.world());
  ui.world().mock.enqueue({ thinking: "pondering the options", text: "Decided." });
  const run = await ui.start(["--model", "mock/mock-think"], { ready: "mock-think" });
  run.type("hi\r");
  await run.waitForText("pondering the options");
  run.type("/settings\r");
  await run.waitForText("Auto-compact");
  run.type("hide thi");
  await run.waitFor((screen) => /→ Hide thinking\s+false/.test(screen));
  run.type("\r");
  await run.waitFor((screen) => /→ Hide thinking\s+true/.test(screen));
  await expect.poll(() => settingsFile(ui.world().agentDir).catch(() => ({}))).toMatchObject({ hideThinkingBlock: true });
  run.type("\x1b");
  await run.waitFor((screen) => !screen.includes("Hide thinking") && !screen.includes("pondering the options"));
  expect(run.screen().join("\n")).toContain("Thinking...");

  // submenus: a level of the model's own for later sessions, and the warnings
  run.type("/settings\r");
  await run.waitForText("Auto-compact");
  run.type("per model");
  await run.waitFor((screen) => /→ Default thinking level per model\s+none/.test(screen));
  run.type("\r");
  await run.waitFor((screen) => screen.includes("Per-Model Thinking Level") && /→ mock-think \[mock\]/.test(screen));
  run.type("\r");
  await run.waitForText("Thinking Level for mock-think [mock]");
  run.type("low\r");
  await run.waitFor((screen) => /→ mock-think \[mock\]\s+low/.test(screen));
  await expect.poll(() => settingsFile(ui.world().agentDir)).toMatchObject({ modelThinkingLevels: { "mock/mock-think": "low" } });
  run.type("\x1b");
  await run.waitFor((screen) => /→ Default thinking level per model\s+1 configured/.test(screen));
  run.type("\x7f".repeat(9) + "warnings");
  await run.waitFor((screen) => /→ Warnings\s+on/.test(screen));
  run.type("\r");
  await run.waitFor((screen) => /→ Anthropic extra usage\s+true/.test(screen));
  run.type("\r");
  await run.waitFor((screen) => /→ Anthropic extra usage\s+false/.test(screen));
  await expect.poll(() => settingsFile(ui.world().agentDir)).toMatchObject({ warnings: { anthropicExtraUsage: false } });
  run.type("\x1b");
  await run.waitFor((screen) => /→ Warnings\s+off/.test(screen));
  // the HTTP idle timeout: pi's labelled choices, stored in milliseconds
  run.type("\x7f".repeat(8) + "idle");
  await run.waitFor((screen) => /→ HTTP idle timeout\s+5 min/.test(screen));
  run.type("\r");
  await run.waitFor((screen) => /→ HTTP idle timeout\s+disabled/.test(screen));
  run.type("\r");
  await run.waitFor((screen) => /→ HTTP idle timeout\s+30 sec/.test(screen));
  await expect.poll(() => settingsFile(ui.world().agentDir)).toMatchObject({ httpIdleTimeoutMs: 30_000 });
  run.type("\x7f".repeat(4));
  await run.waitForText("→ Auto-compact");
  // switching to the model takes its own level
  run.type("\x1b");
  await run.waitFor((screen) => !screen.includes("Auto-compact"));
  run.type("/model mock/mock-model\r");
  await run.waitFor((screen) => /mock-model$/m.test(screen));
  run.type("/model mock/mock-think\r");
  await run.waitFor((screen) => /mock-think • low$/m.test(screen));
});

// one start for both: /settings is opened, used and closed, then opened again for the theme
it("/settings keeps what settings.json already holds and writes a queue mode the session uses; /settings theme: the default system theme is listed first; moving previews, enter saves the theme", async () => {
  await writeFile(join(ui.world().agentDir, "settings.json"), JSON.stringify({ defaultThinkingLevel: "low" }));
  const run = await ui.start();
  run.type("/settings\r");
  await run.waitForText("Auto-compact");
  run.type("steering");
  await run.waitFor((screen) => /→ Steering mode\s+one-at-a-time/.test(screen));
  run.type("\r");
  await run.waitFor((screen) => /→ Steering mode\s+all/.test(screen));
  await expect.poll(() => settingsFile(ui.world().agentDir)).toMatchObject({ defaultThinkingLevel: "low", steeringMode: "all" });

  run.type("\x1b");
  await run.waitFor((screen) => !screen.includes("Esc to cancel"));
  run.type("/settings\r");
  await run.waitForText("Auto-compact");
  run.type("theme");
  await run.waitFor((screen) => /→ Theme\s+system/.test(screen));
  run.type("\r");
  await run.waitFor((screen) => /→ system/.test(screen));
  const before = run.output.length;
  run.type(DOWN);
  await run.waitFor((screen) => /→ dark/.test(screen));
  run.type("\r");
  await run.waitFor((screen) => /→ Theme\s+dark/.test(screen));
  expect(run.output.length).toBeGreaterThan(before);
  await expect.poll(() => settingsFile(ui.world().agentDir).catch(() => ({}))).toMatchObject({ theme: "dark" });
});

it("/thinking <level> sets the session's level; /thinking opens a list where ctrl+s saves the default", async () => {
  await writeTwoModels(ui.world());
  const run = await ui.start(["--model", "mock/mock-think"], { ready: "mock-think" });
  run.type("/thinking high\r");
  await run.waitForText("Thinking level: high");
  await run.waitFor((screen) => /mock-think • high$/m.test(screen));
  run.type("/thinking bogus\r");
  await run.waitForText('Unknown thinking level "bogus". Available levels: off, minimal, low, medium, high');

  run.type("/thinking\r");
  await run.waitForText("Thinking Level");
  expect(run.screen().join("\n")).toMatch(/✓ high/);
  run.type("low");
  await run.waitFor((screen) => /→ {3}low/.test(screen));
  run.type(CTRL_S);
  await run.waitForText("Default thinking level: low");
  await run.waitFor((screen) => /mock-think • low$/m.test(screen));
  await expect.poll(() => settingsFile(ui.world().agentDir).catch(() => ({}))).toMatchObject({ defaultThinkingLevel: "low" });
});

it("/trust saves the chosen decision in trust.json and says it applies after a restart", async () => {
  const world = ui.world();
  await mkdir(join(world.project, ".pi", "prompts"), { recursive: true });
  await writeFile(join(world.project, ".pi", "prompts", "hello.md"), "Say hello\n");
  const run = await ui.start(["--no-approve"]);
  run.type("/trust\r");
  await run.waitForText("Project trust");
  const screen = run.screen().join("\n");
  expect(screen).toContain("Saved decision: none");
  expect(screen).toContain("Current session: untrusted");
  expect(screen).toContain("Do not trust");
  run.type("\r");
  await run.waitForText("Saved trust decision: trusted. Restart pith for this to take effect.");
  const saved = JSON.parse(await readFile(join(world.agentDir, "trust.json"), "utf8")) as Record<string, unknown>;
  expect(Object.entries(saved)).toEqual([[expect.stringMatching(/project$/), true]]);

  run.type("/trust\r");
  await run.waitFor((screen) => /Saved decision: trusted \(.*project\)/.test(screen) && /→ ✓ Trust/.test(screen));
});

it("asks at start-up whether to trust a project with .pi resources; Trust saves it and loads them", async () => {
  const world = ui.world();
  await mkdir(join(world.project, ".pi", "prompts"), { recursive: true });
  await writeFile(join(world.project, ".pi", "prompts", "hello.md"), "Say hello from the project\n");
  const run = await ui.start([], { ready: "Trust project folder?" });
  // the question's rows may reach the terminal in more than one piece: its last choice says it is whole
  await run.waitForText("Do not trust (this session only)");
  const asked = run.screen().join("\n");
  expect(asked).toMatch(/\/project\s*$/m);
  for (const choice of ["Trust", "Trust parent folder (", "Trust (this session only)", "Do not trust", "Do not trust (this session only)"]) expect(asked).toContain(choice);
  // nothing of the session is drawn while it asks
  expect(asked).not.toContain("mock-model");
  run.type("\r");
  await run.waitForText("mock-model");
  const saved = JSON.parse(await readFile(join(world.agentDir, "trust.json"), "utf8")) as Record<string, unknown>;
  expect(Object.entries(saved)).toEqual([[expect.stringMatching(/project$/), true]]);
  // the project's prompt template loaded
  world.mock.enqueue({ text: "Hello back." });
  run.type("/hello\r");
  await run.waitForText("Hello back.");
  expect(JSON.stringify(world.mock.requests.at(-1)!.body.messages)).toContain("Say hello from the project");
});

it("an extension's project_trust handler asks first, with its own dialog, and its answer stands (pi's example extension)", async () => {
  const world = ui.world();
  await mkdir(join(world.project, ".pi", "prompts"), { recursive: true });
  await writeFile(join(world.project, ".pi", "prompts", "hello.md"), "Say hello from the project\n");
  const example = join(process.cwd(), "node_modules", "@earendil-works", "pi-coding-agent", "examples", "extensions", "project-trust.ts");
  const run = await ui.start(["-e", example], { ready: "Let built-in prompt decide" });
  const asked = run.screen().join("\n");
  expect(asked).toMatch(/Project trust for:/);
  expect(asked).not.toContain("Trust project folder?");
  run.type(`${DOWN}${DOWN}\r`); // "Trust this session"
  await run.waitForText("project-trust example loaded after trust resolution");
  expect(run.screen().join("\n")).not.toContain("Trust project folder?");
  // this session only: nothing saved, and the project's prompt template loaded
  await expect(readFile(join(world.agentDir, "trust.json"), "utf8")).rejects.toThrow();
  world.mock.enqueue({ text: "Hello back." });
  run.type("/hello\r");
  await run.waitForText("Hello back.");
  expect(JSON.stringify(world.mock.requests.at(-1)!.body.messages)).toContain("Say hello from the project");
});
