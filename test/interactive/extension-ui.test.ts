// Extensions' parts of the terminal UI that pi's examples do not cover on their own: shortcut conflicts as pi
// 1.6.0 reports them, a failing shortcut, a completion stacked on the editor's own, and what a reload takes away.
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { holdUntilReleased } from "../support/mock-llm/index.js";
import { usePtyWorld } from "./pty-harness.js";

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const EXAMPLES = fileURLToPath(new URL("../../node_modules/@earendil-works/pi-coding-agent/examples/extensions/", import.meta.url));
const ui = usePtyWorld();

it("shortcuts: a reserved key is refused, a built-in key is taken, the later extension wins a key, a failure is shown", async () => {
  const run = await ui.start(["-e", fixture("shortcut-conflicts.ts"), "-e", fixture("more-shortcuts.ts")]);
  await run.waitForText("Extension shortcut 'ctrl+c' from");
  // the warnings wrap; read them as one line
  const screen = run.buffer().join(" ").replace(/\s+/g, " ");
  expect(screen).toContain("conflicts with built-in shortcut. Skipping.");
  expect(screen).toMatch(/'alt\+up' is built-in shortcut for app\.[a-zA-Z.]+ and /);
  expect(screen).toMatch(/'ctrl\+y' registered by both/);
  run.type("\x1b[1;3A");
  await run.waitForText("alt+up shortcut ran");
  run.type("\x19");
  await run.waitForText("ctrl+y from the later extension, mode=tui");
  expect(run.screen().join("\n")).not.toContain("ctrl+y from the earlier extension");
  run.type("\x1b\x05");
  await run.waitForText("Shortcut handler error: shortcut broke");
  // ctrl+c stays pith's: it clears the editor
  run.type("draft text");
  await run.waitForText("draft text");
  run.type("\x03");
  await run.waitFor((shown) => !shown.includes("draft text"));
  expect(run.screen().join("\n")).not.toContain("ctrl+c shortcut ran");
  // /hotkeys lists the shortcuts that apply, not the refused one
  run.type("/hotkeys\r");
  // (the start-up listing says "[Extensions]" too: wait for the hotkeys' own lines)
  await run.waitFor((shown) => /alt\+up\s+takes alt\+up/.test(shown));
  const hotkeys = run.screen().join("\n");
  expect(hotkeys).toMatch(/alt\+up\s+takes alt\+up/);
  expect(hotkeys).toMatch(/ctrl\+y\s+wins ctrl\+y/);
  expect(hotkeys).not.toContain("never runs");
});

it("addAutocompleteProvider: the extension's #completions join the editor's own, which still complete commands", async () => {
  const run = await ui.start(["-e", fixture("hash-completion.ts")]);
  run.type("see #27");
  await run.waitForText("Reload stale resource settings");
  run.type("\t");
  await run.waitForText("see #2753");
  run.type("\x15/hotk");
  await run.waitFor((shown) => /hotkeys/.test(shown) && !shown.includes("see #2753"));
});

it("a reload takes away what the extensions drew (widgets, their editor) and the new instances draw again", async () => {
  const run = await ui.start(["-e", EXAMPLES + "modal-editor.ts", "-e", EXAMPLES + "widget-placement.ts"]);
  await run.waitForText("Above editor widget");
  await run.waitForText("INSERT");
  run.type("/reload\r");
  await run.waitForText("Reloaded");
  await run.waitForText("Above editor widget");
  await run.waitForText("INSERT");
  expect(run.screen().join("\n").match(/Above editor widget/g)).toHaveLength(1);
  // the new instance's editor sends what is typed into it
  ui.world().mock.enqueue({ text: "Heard you after the reload." });
  run.type("after reload\r");
  await run.waitForText("Heard you after the reload.");
  expect(JSON.stringify(ui.world().mock.requests[0]!.body.messages)).toContain("after reload");
});

it("entry renderers draw appended entries live and again from the session; markdown transformers change only what is drawn", async () => {
  ui.world().mock.enqueue({ text: "from a --> b" }, { text: "second reply" });
  const run = await ui.start(["-e", EXAMPLES + "entry-renderer.ts", "-e", fixture("markdown-transformer.ts")]);
  run.type("/status-card indexed 17 files\r");
  await run.waitForText("[status] indexed 17 files");
  // collapsed, the card has no time; expanded (ctrl+o) the renderer adds it
  expect(run.screen().join("\n")).not.toMatch(/\d{1,2}:\d{2}:\d{2}/);
  run.type("\x0f");
  await run.waitFor((screen) => /\d{1,2}:\d{2}:\d{2}/.test(screen));
  run.type("\x0f");
  run.type("ask x --> y\r");
  await run.waitForText("from a → b (assistant)");
  await run.waitForText("ask x → y (user)");
  expect(run.screen().join("\n")).not.toContain("REPLACED-TRANSFORMER");
  // the model got the words as written, and never the entry
  const sent = JSON.stringify(ui.world().mock.requests[0]!.body.messages);
  expect(sent).toContain("ask x --> y");
  expect(sent).not.toContain("indexed 17 files");
  // a reload draws the chat again from the session: the card in its place, messages with their entries
  run.type("/reload\r");
  await run.waitForText("from a → b (assistant from the session)");
  const screen = run.screen().join("\n");
  expect(screen).toContain("ask x → y (user from the session)");
  expect(screen.indexOf("[status] indexed 17 files")).toBeLessThan(screen.indexOf("ask x → y"));
});

it("setTitle (titlebar-spinner), onTerminalInput, pasteToEditor and an overlay's handle (overlay-qa-tests' toggle)", async () => {
  // held until the spinner has been in the title
  const spun = holdUntilReleased();
  ui.world().mock.enqueue({ text: "spun the title", holdUntil: spun.held }, { text: "got the paste" });
  const run = await ui.start(["-e", EXAMPLES + "titlebar-spinner.ts", "-e", EXAMPLES + "overlay-qa-tests.ts", "-e", fixture("terminal-input.ts")]);
  const titles = () => [...run.output.matchAll(/\x1b\]0;([^\x07\x1b]*)(?:\x07|\x1b\\)/g)].map((match) => match[1]!);
  run.type("spin\r");
  await run.waitFor(() => titles().some((title) => /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] π - project$/.test(title)));
  spun.release();
  await run.waitForText("spun the title");
  await run.waitFor(() => titles().at(-1) === "π - project");
  // the listener sees keys first: it swallows F5 and rewrites ¤ before the editor gets it
  run.type("\x1b[15~");
  await run.waitForText("F5 seen by the extension");
  run.type("price ¤5");
  await run.waitForText("price €5");
  run.type("\x15/stop-listening\r");
  await run.waitForText("listener removed");
  run.type("¤");
  await run.waitForText("¤");
  // pasteToEditor is a paste: twelve lines collapse to a marker, and the whole text is sent
  run.type("\x15/paste-lines\r");
  await run.waitForText("[paste #1 +12 lines]");
  run.type("\r");
  await run.waitForText("got the paste");
  expect(JSON.stringify(ui.world().mock.requests[1]!.body.messages)).toContain("pasted line 12");
  // onHandle gives the overlay's handle: setHidden hides it for a second, escape closes it
  run.type("/overlay-toggle\r");
  await run.waitForText("Toggle count: 0");
  run.type("t");
  await run.waitFor((screen) => !screen.includes("Toggle Demo"));
  await run.waitForText("Toggle count: 1");
  run.type("\x1b");
  await run.waitFor((screen) => !screen.includes("Toggle Demo"));
  run.type("typing again");
  await run.waitForText("typing again");
});

it("highlightCode colours code in the theme's syntax colours (widgets and replies); new Theme(...) paints and setTheme takes it", async () => {
  ui.world().mock.enqueue({ text: "Here:\n\n```python\ndef greet():\n    return 1\n```\n" });
  const run = await ui.start(["-e", fixture("theme-and-code.ts"), "--use-theme", "dark"]);
  run.type("/code\r");
  await run.waitForText("const answer = 42;");
  // the dark theme's syntaxKeyword (#c678dd) and syntaxNumber (#d19a66), once highlight.js has loaded
  await run.waitFor(() => run.output.includes("\x1b[38;2;198;120;221mconst") && run.output.includes("\x1b[38;2;209;154;102m42"));
  run.type("show code\r");
  await run.waitForText("def greet():");
  await run.waitFor(() => run.output.includes("\x1b[38;2;198;120;221mdef"));
  run.type("/mytheme\r");
  await run.waitForText('ui-instance=true mine-instance=true set=true now=mine red="\\u001b[38;2;255;0;0mx\\u001b[39m"');
});

it("OSC 7501 program status: idle, working with the session name, done; blocked while timed-confirm's dialog waits; a failed run is an error", async () => {
  // held until the working state has been reported
  const working = holdUntilReleased();
  ui.world().mock.enqueue({ text: "all done", holdUntil: working.held }, { error: { status: 400, message: "this request is bad" } });
  const run = await ui.start(["-e", EXAMPLES + "timed-confirm.ts"], { env: { PI_PROGRAM_STATUS: "1" } });
  const reports = () =>
    [...run.output.matchAll(/\x1b\]7501;(state=[^\x1b\x07]*)\x1b\\/g)].map((match) =>
      match[1]!.replace(/msg=([A-Za-z0-9+/=]+)/, (_whole, base64: string) => `msg=${Buffer.from(base64, "base64").toString("utf8")}`),
    );
  await run.waitFor(() => reports()[0] === "state=idle:app=pith");
  run.type("/timed\r");
  await run.waitForText("auto-cancel in 5 seconds");
  await run.waitFor(() => reports().at(-1) === "state=blocked:app=pith:kind=question:msg=Timed Confirmation");
  run.type("\x1b");
  await run.waitForText("Cancelled or timed out");
  await run.waitFor(() => reports().at(-1) === "state=idle:app=pith");
  run.type("/name Fix tests\r");
  run.type("go\r");
  await run.waitFor(() => reports().includes("state=working:app=pith:msg=Fix tests"));
  working.release();
  await run.waitForText("all done");
  await run.waitFor(() => reports().at(-1) === "state=done:app=pith:msg=Fix tests");
  run.type("again\r");
  await run.waitFor(() => reports().at(-1)?.startsWith("state=error:app=pith:msg=") === true);
  expect(reports().at(-1)).toContain("this request is bad");
});
