// pi 1.6.0's exported UI components, built by an extension and shown through ctx.ui.custom() and setFooter: each
// draws what pith's own chat, dialogs, footer and selectors draw, and answers keys with pi's callbacks.
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const fixture = fileURLToPath(new URL("./fixtures/pi-components.ts", import.meta.url));
const ui = usePtyWorld();

it("message components, tool and bash rows, the editor and login dialogs, the footer, renderDiff, outputPad and every selector are live", async () => {
  const run = await ui.start(["-e", fixture], { rows: 50 });
  const shown = () => run.screen().join("\n");
  // typed in one burst, enter included, right after the previous component closed
  const command = async (text: string) => run.type(`${text}\r`);

  await command("/show messages");
  await run.waitForText("[any key closes]");
  for (const text of ["user words here", "assistant words here", "[note]", "custom body text", "Branch summary", "Compacted from 12,345 tokens", "[skill] deploy"]) expect(shown()).toContain(text);
  run.type("x");
  await run.waitForText("result: closed");

  await command("/show run");
  await run.waitForText("[any key closes]");
  for (const text of ["$ echo out", "second line", "(exit 3)", "read", "notes.txt", "contents of notes", "STAMP hi"]) expect(shown()).toContain(text);
  run.type("x");
  await run.waitFor((screen) => !screen.includes("[any key closes]"));

  // the multi-line editor: shift+enter (as the terminal sends it) breaks the line, enter submits
  await command("/show editor");
  await run.waitForText("Edit the note");
  expect(shown()).toContain("a multi-line editor");
  run.type(" text\x1b[13;2uline two\r");
  await run.waitForText('result: submitted "prefilled text\\nline two"');

  await command("/show login");
  await run.waitForText("Login to Acme Cloud");
  expect(shown()).toContain("WXYZ-1234");
  run.type("\x1b");
  await run.waitForText("result: login false Login cancelled");

  await command("/show images");
  await run.waitForText("Show images inline in terminal");
  run.type("\x1b[B\r");
  await run.waitForText("result: images false");

  await command("/show theme");
  await run.waitForText("(current)");
  run.type("\x1b[B");
  await run.waitForText("previewing light");
  run.type("\r");
  await run.waitForText("result: theme light");

  await command("/show thinking");
  await run.waitForText("Light reasoning");
  expect(shown()).toContain("default");
  run.type("\x1b[B\x13");
  await run.waitForText("result: default high");

  // pi's list has no search: up from the latest message, then enter
  await command("/show fork");
  await run.waitForText("Message 2 of 2");
  run.type("\x1b[A\r");
  await run.waitForText("result: fork m1");

  await command("/show oauth");
  await run.waitForText("Select provider to login");
  run.type("zeta\r");
  await run.waitForText("result: oauth zeta api_key");

  // outputPad given and set; renderDiff in the UI's colours
  await command("/show pad");
  await run.waitForText("[any key closes]");
  const line = (text: string) => run.screen().find((row) => row.includes(text)) ?? "";
  expect(line("pad user words")).toMatch(/^ {3}pad user words/);
  expect(line("pad reply words")).toMatch(/^ {4}pad reply words/);
  expect(line("$ echo padded")).toMatch(/^\$ echo padded/);
  expect(line("old word").trimEnd()).toBe("-1 old word");
  // the changed words inverted
  expect(run.output).toContain("\x1b[7mold\x1b[27m");
  expect(run.output).toContain("\x1b[7mnew\x1b[27m");
  run.type("x");
  await run.waitFor((screen) => !screen.includes("[any key closes]"));

  // the model selector over the models one can use; the save key picks the default
  await command("/show model");
  await run.waitForText("mock · default");
  run.type("\x13");
  await run.waitForText("result: default model mock-model");

  // a session to list and a tree to walk
  ui.world().mock.enqueue({ text: "tree reply" });
  await command("tree question");
  await run.waitForText("tree reply");
  await command("/show sessions");
  await run.waitForText("Resume Session (Current Folder)");
  await run.waitForText("› tree question");
  run.type("\r");
  await run.waitForText("result: session current");

  await command("/show tree");
  await run.waitForText("Session Tree");
  run.type("L");
  await run.waitForText("Label (empty to remove):");
  run.type("mark\r");
  await run.waitForText("labelled message mark");
  await run.waitForText("[mark]");
  run.type("\r");
  await run.waitForText("result: tree message");

  await command("/show settings");
  await run.waitFor((screen) => /Auto-compact\s+true/.test(screen));
  run.type("\r");
  await run.waitForText("auto-compact false");
  run.type("\x1b");
  await run.waitForText("result: settings closed");

  // a selector given a timeout counts down in its title and cancels itself at zero
  await command("/show countdown");
  await run.waitForText("Pick within (2s)");
  await run.waitForText("Pick within (1s)");
  await run.waitForText("result: timed out");
  expect(shown()).not.toContain("picked");

  await command("/wrapped-footer");
  await run.waitForText("extension footer line");
  // the built-in footer's figures under the extension's line
  const lines = run.screen();
  const own = lines.findIndex((line) => line.includes("extension footer line"));
  expect(lines.slice(own + 1).join("\n")).toMatch(/~\/project[\s\S]*mock-model/);
}, 90_000);
