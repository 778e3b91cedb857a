// Fullscreen mode's paths beyond a streamed reply: tool rows (read, bash, edit) collapsed and expanded with ctrl+o,
// transcript search, an extension's select dialog and its floating box (ctx.ui.custom with overlay: true) over the
// docked editor and footer, and the ways out: an extension's uncaught error with its box open (terminal restored,
// alternate screen left, the transcript and the crash printed on the normal screen), and SIGTERM while a bash tool
// runs with `fullscreenExitOutput: "resume-hint"` (the command stopped, only how to resume printed), and SIGINT or
// SIGHUP from outside with the same setting.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { usePtyWorld, type PtyRun } from "./pty-harness.js";

const EXTENSION = fileURLToPath(new URL("./fixtures/overlay-and-crash.ts", import.meta.url));
const ui = usePtyWorld();
const FULLSCREEN = ["--tui-mode", "fullscreen"];
const docked = (screen: string) => /mock-model$/.test(screen);
// rows of a tool box end in spaces painted with its background
const trimmed = (rows: string[] | string) => (typeof rows === "string" ? rows.split("\n") : rows).map((row) => row.trimEnd()).join("\n");

/** the terminal given back: mouse reports, bracketed paste off, cursor shown, the alternate screen left last */
function expectTerminalRestored(run: PtyRun): void {
  const output = run.output;
  expect(output.lastIndexOf("\x1b[?1049l")).toBeGreaterThan(output.lastIndexOf("\x1b[?1049h"));
  expect(output.lastIndexOf("\x1b[?1000l")).toBeGreaterThan(output.lastIndexOf("\x1b[?1000h"));
  expect(output.lastIndexOf("\x1b[?2004l")).toBeGreaterThan(output.lastIndexOf("\x1b[?2004h"));
  const exit = output.slice(output.lastIndexOf("\x1b[?1049l"));
  expect(exit.lastIndexOf("\x1b[?25h")).toBeGreaterThan(exit.lastIndexOf("\x1b[?25l"));
}

it("draws tool rows, searches the transcript, shows an extension's dialog and floating box, and gives the terminal back on a crash", async () => {
  const world = ui.world();
  const lines = Array.from({ length: 60 }, (_, index) => `line number ${index + 1}`).join("\n");
  await writeFile(join(world.project, "big.txt"), `${lines}\n`);
  await writeFile(join(world.project, "app.ts"), "const greeting = 'hello';\n");
  world.mock.enqueue(
    {
      toolCalls: [
        { name: "read", arguments: { path: "big.txt" } },
        { name: "bash", arguments: { command: "echo bash-said-hi" } },
        { name: "edit", arguments: { path: "app.ts", edits: [{ oldText: "'hello'", newText: "'goodbye'" }] } },
      ],
    },
    { text: "All three done." },
  );
  const run = await ui.start([...FULLSCREEN, "-e", EXTENSION], { rows: 50 });
  expect(run.output).toContain("\x1b[?1049h");

  run.type("do three things\r");
  await run.waitFor((shown) => shown.includes("All three done.") && !shown.includes("Working") && docked(shown), 20_000);
  const screen = trimmed(run.screen());
  expect(screen).toContain("read big.txt");
  // collapsed, a read shows no content (pi 1.6.0)
  expect(screen).not.toMatch(/^\s*line number 1$/m);
  expect(screen).toContain("$ echo bash-said-hi");
  expect(screen).toMatch(/^\s*bash-said-hi$/m);
  expect(screen).toContain("edit app.ts");
  expect(screen).toMatch(/-\s*1 const greeting = 'hello';/);
  expect(screen).toMatch(/\+\s*1 const greeting = 'goodbye';/);
  expect(await readFile(join(world.project, "app.ts"), "utf8")).toBe("const greeting = 'goodbye';\n");

  // ctrl+o: the read row shows all 60 lines; the transcript still ends above the dock, your message off the top
  run.type("\x0f");
  await run.waitFor((shown) => /^\s*line number 60$/m.test(trimmed(shown)) && !shown.includes("more lines, ctrl+o to expand") && shown.includes("All three done.") && docked(shown));
  const yourMessage = (shown: string) => shown.split("\n").some((row) => row.trim() === "do three things");
  expect(yourMessage(run.screen().join("\n"))).toBe(false);

  // ctrl+shift+f: search the transcript; "bash-said-hi" is the command's and its output's; enter moves to the other
  const count = (shown: string) => /\b(\d+)\/(\d+)\b/.exec(shown)?.slice(1).join("/");
  run.type("\x1b[102;6u");
  await run.waitForText("Find in transcript");
  run.type("bash-said-hi");
  await run.waitFor((shown) => count(shown) === "1/2" || count(shown) === "2/2");
  const other = count(run.screen().join("\n")) === "1/2" ? "2/2" : "1/2";
  run.type("\r");
  await run.waitFor((shown) => count(shown) === other);
  // a match above the screen is scrolled into view
  run.type("\x7f".repeat("bash-said-hi".length));
  await run.waitFor((shown) => shown.includes("Find in transcript") && count(shown) === undefined);
  run.type("do three things");
  await run.waitFor((shown) => count(shown) === "1/1" && yourMessage(shown));
  // escape closes the search where its match is; ctrl+end goes back to the end of the transcript
  run.type("\x1b");
  await run.waitFor((shown) => count(shown) === undefined && !shown.includes("Find in transcript") && yourMessage(shown) && docked(shown));
  run.type("\x1b[1;5F");
  await run.waitFor((shown) => !shown.includes("Jump to latest message") && !yourMessage(shown) && shown.includes("All three done.") && docked(shown));

  // an extension's select dialog, answered with the keys
  run.type("/fruit\r");
  await run.waitFor((shown) => shown.includes("Pick a fruit") && shown.includes("plum"));
  run.type("\x1b[B\r");
  await run.waitFor((shown) => shown.includes("fruit picked: pear") && !shown.includes("Pick a fruit") && docked(shown));

  // a floating box over the screen takes the keys; the footer stays docked below it; enter closes it
  run.type("/note\r");
  await run.waitForText("Floating note box");
  run.type("hi there");
  await run.waitFor((shown) => shown.includes("typed: hi there") && docked(shown));
  // drawn over the transcript at the width asked for, not in the dock
  expect(run.screen().some((row) => /\+-{38}\+/.test(row))).toBe(true);
  run.type("\r");
  await run.waitFor((shown) => shown.includes("note taken: hi there") && !shown.includes("Floating note box") && docked(shown));

  // an uncaught error in the extension while its box is open: the terminal is restored, the transcript and the
  // crash are on the normal screen
  run.type("/note\r");
  await run.waitForText("Floating note box");
  run.type("!");
  expect((await run.exited).exitCode).toBe(1);
  // the crash is written after the terminal is restored: once it is on screen, so is all before it
  await run.waitFor(() => run.buffer().some((row) => row.includes("the overlay extension fell over")));
  expectTerminalRestored(run);
  const normal = trimmed(run.buffer());
  expect(normal).toContain("All three done.");
  expect(normal).toMatch(/^\s*line number 60$/m);
  expect(normal).toContain("note taken: hi there");
  expect(run.output).toContain(`A stack frame came from loaded extension \`${EXTENSION}\``);
  // the crash is printed after the transcript, not drawn over by it
  expect(normal.lastIndexOf("the overlay extension fell over")).toBeGreaterThan(normal.lastIndexOf("All three done."));
  expect(JSON.parse(await readFile(join(world.agentDir, "crashes.json"), "utf8"))).toMatchObject([{ message: "the overlay extension fell over" }]);
});

it("on SIGTERM while a bash tool runs, with fullscreenExitOutput resume-hint, stops the command, leaves the alternate screen and prints only how to resume", async () => {
  const world = ui.world();
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ fullscreenExitOutput: "resume-hint" }));
  // a sleep no other process runs, to find it by its command line
  const sleep = `sleep 9${process.pid % 10}.${Date.now() % 1000}`;
  world.mock.enqueue({ text: "A reply kept off the normal screen." }, { toolCalls: [{ name: "bash", arguments: { command: `echo started-it; ${sleep}` } }] }, { text: "never asked for" });
  const run = await ui.start(FULLSCREEN);
  run.type("hello\r");
  await run.waitFor((shown) => shown.includes("A reply kept off the normal screen.") && !shown.includes("Working") && docked(shown));
  run.type("now run it\r");
  // the command runs until it is stopped
  await run.waitFor((shown) => /^\s*started-it\s*$/m.test(shown) && docked(shown), 20_000);
  expect(commandLines()).toContainEqual(expect.stringContaining(sleep));

  run.kill("SIGTERM");
  expect((await run.exited).exitCode).toBe(143);
  await run.waitFor(() => run.buffer().includes("To resume this session:"));
  expectTerminalRestored(run);
  const normal = run.buffer();
  expect(normal.slice(normal.indexOf("To resume this session:") + 1).join("")).toMatch(/^pith --session \/\S+\.jsonl$/);
  const printed = normal.join("\n");
  for (const drawn of ["A reply kept off the normal screen.", "hello", "started-it", "mock-model"]) expect(printed).not.toContain(drawn);
  await expect.poll(() => commandLines().filter((line) => line.includes(sleep)), { timeout: 10_000 }).toEqual([]);
  expect(world.mock.requests).toHaveLength(2);
});

for (const [signal, code] of [["SIGINT", 130], ["SIGHUP", 129]] as const) {
  it(`on ${signal} from outside, with fullscreenExitOutput resume-hint, leaves the alternate screen and prints only how to resume`, async () => {
    const world = ui.world();
    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ fullscreenExitOutput: "resume-hint" }));
    world.mock.enqueue({ text: "A reply kept off the normal screen." });
    const run = await ui.start(FULLSCREEN);
    run.type("hello\r");
    // the session file exists once the reply is in: the hint names it
    await run.waitFor((shown) => shown.includes("A reply kept off the normal screen.") && !shown.includes("Working") && docked(shown));

    run.kill(signal);
    expect((await run.exited).exitCode).toBe(code);
    await run.waitFor(() => run.buffer().includes("To resume this session:"));
    expectTerminalRestored(run);
    const normal = run.buffer();
    const hint = normal.slice(normal.indexOf("To resume this session:") + 1).join("");
    expect(hint).toMatch(/^pith --session \/\S+\.jsonl$/);
    expect(existsSync(hint.slice("pith --session ".length))).toBe(true);
    const printed = normal.join("\n");
    for (const drawn of ["A reply kept off the normal screen.", "hello", "mock-model"]) expect(printed).not.toContain(drawn);
  });
}

/** the command lines of the running processes (Linux) */
function commandLines(): string[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      } catch {
        return "";
      }
    });
}
