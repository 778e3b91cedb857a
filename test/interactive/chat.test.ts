// The chat: a reply streams in as Markdown, tool calls get their own rows (collapsed, ctrl+o expands), failures
// are shown, and the files and requests that result are the ones the user asked for.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { holdUntilReleased } from "../support/mock-llm/index.js";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();


it("streams a reply: the first words appear before the last ones arrive, then it is drawn as Markdown", async () => {
  // held after the first words (message_start, ping, content_block_start, the first delta) until they are seen
  const rest = holdUntilReleased();
  ui.world().mock.enqueue({ text: ["First **bold** words", " and more,", " and the end."], holdUntil: rest.held, holdAfterChunks: 4 });
  const pty = await ui.start();
  pty.type("tell me\r");
  await pty.waitForText("First bold words");
  expect(pty.screen().join("\n")).not.toContain("and the end.");
  rest.release();
  await pty.waitForText("First bold words and more, and the end.");
  // markdown, not the raw asterisks
  expect(pty.screen().join("\n")).not.toContain("**");
  expect(pty.screen().join("\n")).toContain("tell me");
});

it("shows a read call in a row, its content only once expanded with ctrl+o (pi 1.6.0)", async () => {
  const lines = Array.from({ length: 30 }, (_, index) => `line number ${index + 1}`).join("\n");
  await writeFile(join(ui.world().project, "big.txt"), `${lines}\n`);
  ui.world().mock.enqueue({ toolCalls: [{ name: "read", arguments: { path: "big.txt" } }] }, { text: "It has 30 lines." });
  const pty = await ui.start(["--tools", "read"]);
  pty.type("how long is big.txt?\r");
  await pty.waitForText("It has 30 lines.");
  const screen = pty.screen().join("\n");
  expect(screen).toContain("read big.txt");
  expect(screen).not.toContain("line number 1");
  pty.type("\x0f");
  await pty.waitForText("line number 30");
  expect(pty.screen().join("\n")).not.toContain("more lines");
  // the model got the file's text as the tool result
  expect(JSON.stringify(ui.world().mock.requests[1]!.body.messages)).toContain("line number 30");
});

// one start for both tool rows: the edit's turn, then the command's
it("shows an edit as a diff and the file is changed; shows bash output as it arrives and keeps the last lines when collapsed", async () => {
  await writeFile(join(ui.world().project, "app.ts"), "const greeting = 'hello';\nconsole.log(greeting);\n");
  ui.world().mock.enqueue(
    { toolCalls: [{ name: "edit", arguments: { path: "app.ts", edits: [{ oldText: "'hello'", newText: "'goodbye'" }] } }] },
    { text: "Changed." },
    { toolCalls: [{ name: "bash", arguments: { command: "for i in 1 2 3 4 5 6 7 8; do echo out$i; done; sleep 1; echo finished" } }] },
    { text: "Done running." },
  );
  const pty = await ui.start();
  pty.type("say goodbye\r");
  await pty.waitForText("Changed.");
  const edited = pty.screen().join("\n");
  expect(edited).toContain("edit app.ts");
  expect(edited).toMatch(/-\s*1 const greeting = 'hello';/);
  expect(edited).toMatch(/\+\s*1 const greeting = 'goodbye';/);
  expect(await readFile(join(ui.world().project, "app.ts"), "utf8")).toContain("'goodbye'");

  pty.type("run it\r");
  await pty.waitForText("out8");
  expect(pty.screen().join("\n")).not.toMatch(/^\s*finished\s*$/m);
  await pty.waitForText("Done running.");
  const screen = pty.screen().join("\n");
  expect(screen).toContain("$ for i in");
  expect(screen).toMatch(/^\s*finished\s*$/m);
  expect(screen).toMatch(/earlier lines, ctrl\+o to expand/);
  expect(screen).not.toMatch(/^\s*out1\s*$/m);
});

// one start for both: the failed request, then a reply with thinking
it("shows a provider error in red words; ctrl+t hides thinking behind a label and shows it again", async () => {
  ui.world().mock.enqueue({ error: { status: 400, message: "this request is bad" } }, { thinking: "Let me consider the question carefully.", text: "The answer." });
  const pty = await ui.start();
  pty.type("hello\r");
  await pty.waitForText("this request is bad");
  expect(pty.screen().join("\n")).toContain("Error:");

  pty.type("think\r");
  await pty.waitForText("The answer.");
  expect(pty.screen().join("\n")).toContain("Let me consider the question carefully.");
  pty.type("\x14");
  await pty.waitForText("Thinking...");
  expect(pty.screen().join("\n")).not.toContain("consider the question");
  // and shows it again
  pty.type("\x14");
  await pty.waitForText("Let me consider the question carefully.");
  expect(pty.screen().join("\n")).not.toContain("Thinking...");
});
