// Slash commands and their completion, the model selector, the session picker (/resume and pith -r), and
// keybindings.json.
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import type { AgentMessage } from "../../kernel/index.js";
import { JsonlSessionStore, SessionManager } from "../../plugins/sessions/index.js";
import { writeTwoModels } from "../rpc/rpc-harness.js";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

// one start for both completions: the editor is cleared (ctrl+u) between them
it("typing / lists the commands and @ the matching project files; tab completes each", async () => {
  const world = ui.world();
  await writeFile(join(world.project, "parser.ts"), "export {};\n");
  await writeFile(join(world.project, "printer.ts"), "export {};\n");
  const run = await ui.start();
  run.type("/ses");
  await run.waitForText("session");
  expect(run.screen().join("\n")).toMatch(/session\s+Show session info/);
  run.type("\t");
  await run.waitFor((screen) => /^\/session\s*$/m.test(screen));

  run.type("\x15look at @pars");
  await run.waitForText("parser.ts");
  expect(run.screen().join("\n")).not.toContain("printer.ts");
  run.type("\t");
  await run.waitFor((screen) => screen.includes("look at @parser.ts"));
});

it("/name names the session and the footer shows it; /session reports it", async () => {
  const run = await ui.start();
  run.type("/name refactoring day\r");
  await run.waitForText("Session name set: refactoring day");
  await run.waitFor((screen) => /^~\/project • refactoring day$/m.test(screen));
  run.type("/session\r");
  // the report's end (its first lines may have scrolled away)
  await run.waitForText("Cache Warming");
  expect(run.screen().join("\n")).toContain("Name: refactoring day");
});

it("/model opens a searchable selector; the chosen model is used for the next request", async () => {
  await writeTwoModels(ui.world());
  ui.world().mock.enqueue({ text: "From the thinking model." });
  const run = await ui.start();
  run.type("/model\r");
  await run.waitForText("Only showing models from configured providers.");
  run.type("think");
  await run.waitFor((screen) => screen.includes("mock-think") && !/^[\s→✓]*mock-model/m.test(screen));
  run.type("\r");
  await run.waitFor((screen) => /mock-think • (thinking off|\w+)$/m.test(screen.split("\n").filter((line) => line).at(-1) ?? ""));
  run.type("hello\r");
  await run.waitForText("From the thinking model.");
  expect(ui.world().mock.requests[0]!.body.model).toBe("mock-think");
  // enter chooses for this session only, as in pi 1.6.0 (ctrl+s saves the default: next test)
  const settings = JSON.parse(await readFile(join(ui.world().agentDir, "settings.json"), "utf8").catch(() => "{}")) as Record<string, unknown>;
  expect(settings.defaultModel).not.toBe("mock-think");
});

it("/model: ctrl+s chooses the highlighted model and says it is now the default, saved in settings.json; /model with an exact id switches at once", async () => {
  await writeTwoModels(ui.world());
  const run = await ui.start();
  run.type("/model think\r");
  await run.waitForText("Only showing models from configured providers.");
  run.type("\x13");
  await run.waitForText("Default model: mock/mock-think");
  const settings = JSON.parse(await readFile(join(ui.world().agentDir, "settings.json"), "utf8")) as Record<string, unknown>;
  expect(settings).toMatchObject({ defaultProvider: "mock", defaultModel: "mock-think" });

  // an exact id switches at once, without the selector (back to the other model)
  run.type("/model mock/mock-model\r");
  await run.waitForText("Model: mock-model");
});

it("/model: ctrl+s on a model outside a non-empty scope adds it to enabledModels, as pi 1.6.0 does", async () => {
  await writeTwoModels(ui.world());
  await writeFile(join(ui.world().agentDir, "settings.json"), JSON.stringify({ enabledModels: ["mock/mock-model"] }));
  const run = await ui.start();
  run.type("/model\r");
  await run.waitForText("Scope:");
  run.type("\t");
  await run.waitFor((screen) => screen.includes("mock-think"));
  run.type("think");
  await run.waitFor((screen) => screen.includes("mock-think") && !/^[\s→✓]*mock-model/m.test(screen));
  run.type("\x13");
  await run.waitForText("Default model: mock/mock-think");
  const settings = JSON.parse(await readFile(join(ui.world().agentDir, "settings.json"), "utf8")) as Record<string, unknown>;
  expect(settings).toMatchObject({ defaultProvider: "mock", defaultModel: "mock-think", enabledModels: ["mock/mock-model", "mock/mock-think"] });
});

it("/resume and pith -r pick a stored session and show its messages", async () => {
  ui.world().mock.enqueue({ text: "Answer in the first session." });
  const first = await ui.start([]);
  first.type("question in the first session\r");
  await first.waitForText("Answer in the first session.");
  first.type("/quit\r");
  await first.exited;

  const again = await ui.start(["-r"]);
  await again.waitFor((screen) => screen.includes("Resume Session (Current Folder)") && screen.includes("question in the first session"));
  again.type("\r");
  await again.waitForText("Answer in the first session.");
  expect(again.screen().join("\n")).toContain("Resumed session");
});

/** a stored session of `cwd` with one exchange at `time`, named when `name` is given; its file */
function storeSession(agentDir: string, cwd: string, question: string, time: number, name?: string, parentSession?: string): string {
  const manager = SessionManager.create(new JsonlSessionStore({ agentDir }), cwd, { parentSession });
  manager.appendMessage({ role: "user", content: question, timestamp: time });
  const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  manager.appendMessage({ role: "assistant", content: [{ type: "text", text: `answer to ${question}` }], api: "anthropic-messages", provider: "mock", model: "mock-model", usage, stopReason: "stop", timestamp: time + 1 } as AgentMessage);
  if (name) manager.setSessionName(name);
  const file = manager.getLocation();
  manager.close();
  return file;
}

it("/resume: tab shows every folder's sessions, ctrl+n only named ones, ctrl+s the order, ctrl+p the paths; ctrl+r renames, ctrl+d deletes after enter", async () => {
  const world = ui.world();
  const elsewhere = join(world.home, "elsewhere");
  await mkdir(elsewhere);
  const hour = 3_600_000;
  const alpha = storeSession(world.agentDir, world.project, "alpha question", Date.now() - 5 * hour, "alpha work");
  storeSession(world.agentDir, world.project, "delta question", Date.now() - 4 * hour, undefined, alpha);
  const beta = storeSession(world.agentDir, world.project, "beta question", Date.now() - 2 * hour);
  storeSession(world.agentDir, elsewhere, "gamma question", Date.now() - hour);
  const run = await ui.start(["-r"], { ready: "Resume Session" });
  // threaded: the fork under the session it came from
  await run.waitFor((screen) => screen.includes("◉ Current Folder") && /alpha work.*\n.*└─ delta question/.test(screen) && screen.includes("beta question"));
  expect(run.screen().join("\n")).not.toContain("gamma question");
  run.type("\t");
  await run.waitFor((screen) => screen.includes("Resume Session (All)") && screen.includes("gamma question") && screen.includes("~/elsewhere"));
  run.type("\t\x0e"); // back to this folder; ctrl+n: named only
  await run.waitFor((screen) => screen.includes("Name: Named") && screen.includes("alpha work") && !screen.includes("beta question"));
  run.type("\x0e\x13"); // ctrl+n: all again; ctrl+s: recent
  await run.waitFor((screen) => screen.includes("Name: All") && screen.includes("Sort: Recent") && screen.includes("beta question"));
  run.type("\x13");
  await run.waitForText("Sort: Fuzzy");
  run.type("\x10"); // ctrl+p: paths
  await run.waitFor((screen) => screen.includes("path (on)") && screen.includes("~/agent/sessions/"));

  run.type("\x10beta"); // paths off again; search
  await run.waitFor((screen) => !screen.includes("alpha work") && /› beta question/.test(screen));
  run.type("\x12"); // ctrl+r
  await run.waitForText("Rename Session");
  run.type("\x15beta renamed\r");
  await run.waitFor((screen) => !screen.includes("Rename Session") && screen.includes("beta renamed"));
  expect(await readFile(beta, "utf8")).toMatch(/"type":"session_info".*"name":"beta renamed"/);

  run.type("\x04"); // ctrl+d: asks first; escape keeps the session
  await run.waitForText("Delete session?");
  run.type("\x1b");
  await run.waitFor((screen) => !screen.includes("Delete session?"));
  expect(existsSync(beta)).toBe(true);
  run.type("\x04");
  await run.waitForText("Delete session?");
  run.type("\r");
  await run.waitFor((screen) => /Session (deleted|moved to trash)/.test(screen) && !screen.includes("beta renamed"));
  expect(existsSync(beta)).toBe(false);

  run.type("\x15alpha\r"); // search for alpha; enter resumes it
  await run.waitForText("answer to alpha question");
});

it("/hotkeys lists the keys, with keybindings.json overrides applied", async () => {
  await writeFile(join(ui.world().agentDir, "keybindings.json"), JSON.stringify({ "app.tools.expand": "ctrl+e" }));
  const run = await ui.start();
  run.type("/hotkeys\r");
  await run.waitForText("Every entry (/tree)");
  expect(run.buffer().join("\n")).toContain("Restore queued messages to editor");
  expect(run.buffer().join("\n")).toContain("Keyboard Shortcuts");
  expect(run.buffer().join("\n")).toMatch(/ctrl\+e\s+Collapse or expand tool output/);
  expect(run.buffer().join("\n")).toContain("ctrl+e more");
});

it("/copy sends the last reply to the clipboard (OSC 52); !!cmd shows output it never sends; up recalls a prompt; /clone moves to a new session", async () => {
  const world = ui.world();
  world.mock.enqueue({ text: "first reply" }, { text: "second reply" });
  const run = await ui.start();
  run.type("first prompt\r");
  await run.waitForText("first reply");
  run.type("/copy\r");
  await run.waitForText("Copied last agent message to clipboard");
  expect(run.output).toContain(`\x1b]52;c;${Buffer.from("first reply").toString("base64")}\x07`);

  run.type("!!echo private-output\r");
  await run.waitForText("private-output");
  run.type("\x1b[A"); // up: the last prompt sent comes back
  await run.waitFor((screen) => /^!!echo private-output\s*$/m.test(screen));
  run.type("\x05\x15second prompt\r"); // ctrl+e, ctrl+u: clear the recalled line
  await run.waitForText("second reply");
  expect(JSON.stringify(world.mock.requests[1]!.body.messages)).not.toContain("private-output");

  run.type("/clone\r");
  await run.waitForText("Cloned to new session");
  const stored = (await readdir(join(world.agentDir, "sessions"), { recursive: true })).filter((name) => name.endsWith(".jsonl"));
  expect(stored).toHaveLength(2);
  expect(await readFile(join(world.agentDir, "sessions", stored[1]!), "utf8")).toContain("second reply");
});
