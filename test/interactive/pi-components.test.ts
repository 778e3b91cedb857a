// pi 1.6.0's exported UI components, built by an extension and shown through ctx.ui.custom() and setFooter: each
// draws what pith's own chat, dialogs, footer and selectors draw, and answers keys with pi's callbacks.
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const fixture = fileURLToPath(new URL("./fixtures/pi-components.ts", import.meta.url));
const ui = usePtyWorld();

it("message components, tool and bash rows, the editor and login dialogs, the footer and the selectors are live", async () => {
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

  await command("/show fork");
  await run.waitForText("second question");
  run.type("first\r");
  await run.waitForText("result: fork m1");

  await command("/show oauth");
  await run.waitForText("Select provider to login");
  run.type("zeta\r");
  await run.waitForText("result: oauth zeta api_key");

  await command("/wrapped-footer");
  await run.waitForText("extension footer line");
  // the built-in footer's figures under the extension's line
  const lines = run.screen();
  const own = lines.findIndex((line) => line.includes("extension footer line"));
  expect(lines.slice(own + 1).join("\n")).toMatch(/~\/project[\s\S]*mock-model/);
}, 90_000);
