// More of pi 1.6.0's own example extensions (examples/extensions, unchanged) in the terminal, in one run: rpc-demo's
// select, confirm, input and multi-line editor dialogs, its widget, status and editor text; working-message-test's
// working message; hidden-thinking-label's label; built-in-tool-renderer's read row.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { holdUntilReleased } from "../support/mock-llm/index.js";
import { usePtyWorld } from "./pty-harness.js";

const EXAMPLES = fileURLToPath(new URL("../../node_modules/@earendil-works/pi-coding-agent/examples/extensions/", import.meta.url));
const examples = ["rpc-demo.ts", "working-message-test.ts", "hidden-thinking-label.ts", "built-in-tool-renderer.ts"].flatMap((name) => ["-e", EXAMPLES + name]);
const ui = usePtyWorld();

it("rpc-demo's dialogs, working-message-test, hidden-thinking-label and built-in-tool-renderer in the terminal", async () => {
  const world = ui.world();
  await writeFile(join(world.project, "notes.txt"), "one\ntwo\nthree\n");
  // held until the working message has been seen
  const working = holdUntilReleased();
  world.mock.enqueue(
    { toolCalls: [{ name: "read", arguments: { path: "notes.txt" } }], holdUntil: working.held },
    { thinking: "Weighing the notes.", text: "Read them." },
    { toolCalls: [{ name: "bash", arguments: { command: "rm -rf build" } }] },
    { text: "Understood, not deleting." },
  );
  const run = await ui.start(examples, { rows: 50 });
  const command = async (text: string) => {
    run.type(text);
    await run.waitForText(text);
    run.type("\r");
  };
  // session start: rpc-demo's widget and footer status
  await run.waitForText("--- RPC Extension UI Demo ---");
  await run.waitForText("Turns: 0");

  // working-message-test's message and dot while the agent works; built-in-tool-renderer draws the read row
  run.type("read the notes\r");
  await run.waitForText("Working... (custom)");
  expect(run.screen().join("\n")).toMatch(/● Working\.\.\. \(custom\)/);
  working.release();
  await run.waitForText("Read them.", 30_000);
  expect(run.screen().join("\n")).toContain("read notes.txt");
  // the example counts the lines of the text the tool returned (the file's three and the empty one after them)
  expect(run.screen().join("\n")).toContain("4 lines");
  // hidden-thinking-label: ctrl+t hides thinking behind the extension's label
  expect(run.screen().join("\n")).toContain("Weighing the notes.");
  run.type("\x14");
  await run.waitForText("Pondering...");

  // select: a dangerous command asks; Block stops it
  run.type("delete the build\r");
  await run.waitForText("Dangerous command: rm -rf build");
  run.type("\x1b[B\r");
  await run.waitForText("Command blocked by user");
  await run.waitForText("Understood, not deleting.");

  // input
  await command("/rpc-input");
  await run.waitForText("Enter a value");
  run.type("42\r");
  await run.waitForText("You entered: 42");

  // editor: multi-line, prefilled; shift+enter adds a line, enter submits
  await command("/rpc-editor");
  await run.waitForText("Edit some text");
  expect(run.screen().join("\n")).toContain("Line 3");
  run.type("\x1b[13;2uLine 4\r");
  await run.waitForText("Editor submitted (4 lines)");

  // set_editor_text
  await command("/rpc-prefill");
  await run.waitForText("This text was set by the rpc-demo extension.");
  run.type("\x15");

  // confirm: /new asks first; No keeps the session
  await command("/new");
  await run.waitForText("Clear session?");
  run.type("\x1b[B\r");
  await run.waitForText("Clear cancelled");
  expect(run.screen().join("\n")).toContain("Read them.");
}, 90_000);
