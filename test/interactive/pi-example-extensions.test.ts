// pi 1.6.0's own example extensions (examples/extensions of the devDependency, loaded unchanged with -e) in the
// terminal UI: shortcuts, message and tool renderers, an extension's editor, the working indicator, header,
// footer and widgets, as a user sees them.
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { holdUntilReleased } from "../support/mock-llm/index.js";
import { usePtyWorld } from "./pty-harness.js";

const EXAMPLES = fileURLToPath(new URL("../../node_modules/@earendil-works/pi-coding-agent/examples/extensions/", import.meta.url));
const example = (name: string) => `${EXAMPLES}${name}`;
const ui = usePtyWorld();

it("plan-mode: its ctrl+alt+p shortcut toggles plan mode, with a notice and a footer status", async () => {
  const run = await ui.start(["-e", example("plan-mode/index.ts")]);
  run.type("\x1b\x10");
  await run.waitForText("Plan mode enabled. Built-in write tools disabled.");
  await run.waitForText("⏸ plan");
  run.type("\x1b\x10");
  await run.waitForText("Plan mode disabled. Full access restored.");
  await run.waitFor((screen) => !screen.includes("⏸ plan"));
});

it("message-renderer: /status draws the custom message with the extension's renderer, expanded with ctrl+o", async () => {
  const run = await ui.start(["-e", example("message-renderer.ts")]);
  run.type("/status warn disk almost full\r");
  await run.waitForText("[WARN] disk almost full");
  // the renderer's component, not pith's own labelled box
  expect(run.screen().join("\n")).not.toContain("[status-update]");
  expect(run.screen().join("\n")).not.toMatch(/ at \d/);
  run.type("\x0f");
  await run.waitFor((screen) => /^\s+at \d/m.test(screen));
});

it("todo: the tool's renderCall and renderResult draw its rows", async () => {
  ui.world().mock.enqueue(
    { toolCalls: [{ name: "todo", arguments: { action: "add", text: "buy milk" } }] },
    { toolCalls: [{ name: "todo", arguments: { action: "list" } }] },
    { text: "Noted." },
  );
  const run = await ui.start(["-e", example("todo.ts")]);
  run.type("remember milk\r");
  await run.waitForText("Noted.");
  const screen = run.screen().join("\n");
  expect(screen).toContain('todo add "buy milk"');
  expect(screen).toContain("✓ Added #1 buy milk");
  expect(screen).toContain("todo list");
  expect(screen).toContain("1 todo(s):");
  expect(screen).toContain("○ #1 buy milk");
  // pith's generic row (the arguments as JSON) is not drawn for it
  expect(screen).not.toContain('{"action":"add"');
});

it("modal-editor: the extension's editor takes the prompt's place, switches modes and still sends", async () => {
  ui.world().mock.enqueue({ text: "Got your message." });
  const run = await ui.start(["-e", example("modal-editor.ts")]);
  await run.waitForText("INSERT");
  run.type("hello modal");
  await run.waitForText("hello modal");
  run.type("\x1b");
  await run.waitForText("NORMAL");
  // normal mode: printable keys are commands, not text
  run.type("z");
  run.type("i");
  await run.waitForText("INSERT");
  expect(run.screen().join("\n")).not.toContain("hello modalz");
  run.type("\r");
  await run.waitForText("Got your message.");
  expect(JSON.stringify(ui.world().mock.requests[0]!.body.messages)).toContain("hello modal");
});

it("working-indicator: the indicator the extension chose is drawn while the agent works", async () => {
  const reply = holdUntilReleased();
  ui.world().mock.enqueue({ text: ["slow", " reply"], holdUntil: reply.held });
  const run = await ui.start(["-e", example("working-indicator.ts")]);
  await run.waitForText("Indicator: custom spinner");
  run.type("/working-indicator dot\r");
  await run.waitForText("Working indicator set to: static dot");
  run.type("go\r");
  await run.waitForText("● Working ");
  reply.release();
  await run.waitForText("slow reply");
});

it("custom-header, custom-footer and widget-placement: the header, the footer and both widgets are the extensions'", async () => {
  const run = await ui.start(["-e", example("custom-header.ts"), "-e", example("custom-footer.ts"), "-e", example("widget-placement.ts")]);
  await run.waitForText("shitty coding agent");
  const screen = run.screen();
  const above = screen.findIndex((line) => line.includes("Above editor widget"));
  const below = screen.findIndex((line) => line.includes("Below editor widget"));
  const borders = screen.map((line, index) => (line.startsWith("────") ? index : -1)).filter((index) => index >= 0);
  expect(above).toBeGreaterThan(-1);
  expect(above).toBeLessThan(borders[0]!);
  expect(below).toBeGreaterThan(borders[1]!);
  run.type("/footer\r");
  await run.waitForText("Custom footer enabled");
  await run.waitForText("↑0 ↓0 $0.000");
  run.type("/footer\r");
  await run.waitForText("Default footer restored");
  await run.waitFor((screen) => !screen.includes("↑0 ↓0 $0.000"));
  run.type("/builtin-header\r");
  await run.waitFor((screen) => !screen.includes("shitty coding agent") && screen.includes("Built-in header restored"));
});

it("overlay-test: custom() with overlay draws over the screen, takes the keys and returns what was chosen", async () => {
  const run = await ui.start(["-e", example("overlay-test.ts")]);
  run.type("/overlay-test\r");
  await run.waitForText("Search");
  run.type("abc");
  await run.waitFor((screen) => /Search.*abc/.test(screen));
  run.type("\r");
  await run.waitForText('Search: "abc"');
  // the overlay is gone and the editor has the keys again
  run.type("back to typing");
  await run.waitForText("back to typing");
});

it("snake: a custom() component takes the editor's place and the keys until it is done", async () => {
  const run = await ui.start(["-e", example("snake.ts")]);
  run.type("/snake\r");
  await run.waitForText("Score:");
  run.type("\x1b");
  await run.waitFor((screen) => !screen.includes("Score:"));
  run.type("typed after the game");
  await run.waitForText("typed after the game");
});

it("qna and tools: BorderedLoader waits on modelRegistry.complete and escape cancels it; a SettingsList in pith's theme switches a tool off", async () => {
  // the first extraction is held until the loader has been seen, the second until escape cancels it
  const extraction = holdUntilReleased();
  const never = holdUntilReleased();
  ui.world().mock.enqueue(
    { text: "Which colour? And which size?" },
    { text: "1. Which colour?", holdUntil: extraction.held },
    { text: "never shown", holdUntil: never.held },
    { text: "no read tool now" },
  );
  const run = await ui.start(["-e", example("qna.ts"), "-e", example("tools.ts")]);
  run.type("shirt please\r");
  await run.waitForText("Which colour? And which size?");
  run.type("/qna\r");
  await run.waitForText("Extracting questions using mock-model...");
  expect(run.screen().join("\n")).toMatch(/escape\/ctrl\+c cancel/);
  extraction.release();
  await run.waitForText("Questions loaded. Edit and submit when ready.");
  await run.waitForText("1. Which colour?");
  // the extraction call got the reply, and nothing of the conversation's tools
  expect(JSON.stringify(ui.world().mock.requests[1]!.body.messages)).toContain("Which colour? And which size?");
  run.type("\x15/qna\r");
  await run.waitForText("Extracting questions");
  run.type("\x1b");
  await run.waitForText("Cancelled");
  // /tools: the first row is the read tool; enter switches it off, escape closes
  run.type("/tools\r");
  await run.waitForText("Tool Configuration");
  await run.waitFor((screen) => /read\s+enabled/.test(screen));
  run.type("\r");
  await run.waitFor((screen) => /read\s+disabled/.test(screen));
  run.type("\x1b");
  await run.waitFor((screen) => !screen.includes("Tool Configuration"));
  run.type("go on\r");
  await run.waitForText("no read tool now");
  const tools = (ui.world().mock.requests.at(-1)!.body.tools as { name: string }[] | undefined)?.map((tool) => tool.name) ?? [];
  expect(tools).not.toContain("read");
  expect(tools).toContain("bash");
});
