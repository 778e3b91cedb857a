// A plain interactive start draws its first frame from the first-frame bundle (dist/frame.cjs), then goes on in the
// interactive CLI bundle that shares its modules (dist/cli-tui.cjs); other starts read the whole CLI (dist/cli.cjs).
// Which bundles a run read shows in its code cache folder. bin/first-frame-words.cjs decides which way a run goes.
import { createRequire } from "node:module";
import { readFile, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { runInPty, type PtyRun } from "./pty-harness.js";

const { firstFrameWords } = createRequire(import.meta.url)("../../bin/first-frame-words.cjs") as {
  firstFrameWords(args: readonly string[]): Record<string, unknown> | undefined;
};

describe("the first-frame bundle", () => {
  let world: CliWorld;
  let runs: PtyRun[] = [];
  beforeEach(async () => {
    world = await createCliWorld(undefined, { ownCodeCache: true });
  });
  // a failed wait must not leave a pith behind
  afterEach(async () => {
    for (const run of runs) run.kill("SIGKILL");
    runs = [];
    await world.close();
  });
  const start = (args: string[]) => {
    const run = runInPty(world, args);
    runs.push(run);
    return run;
  };

  const cacheFolder = () => join(world.home, "cache", "v8");
  const bundlesRead = async () => [...new Set((await readdir(cacheFolder()).catch(() => [] as string[])).map((name) => name.split("-v")[0]))].sort();

  it("draws a plain start's frame, hands the held keys and the terminal to the CLI, and draws the frame once", async () => {
    let frameCache = "";
    let written = 0;
    for (let round = 0; round < 2; round++) {
      world.mock.enqueue({ text: `Reply number ${round}.` });
      const run = start(["--model", "mock/mock-model", "--no-session"]);
      await run.waitForText("mock-model");
      // typed at once: held by the frame until the session is ready, whichever comes first
      run.type(`question ${round}\r`);
      await run.waitForText(`Reply number ${round}.`);
      // one TUI drew all of it: a second one would have drawn its header again below the first (regular mode)
      expect(run.buffer().filter((row) => row.includes("pith v"))).toHaveLength(1);
      expect(run.output).not.toContain("\x1b[2J");
      run.type("\x04");
      expect((await run.exited).exitCode).toBe(0);
      // the reply came through the Anthropic SDK
      expect(await bundlesRead()).toEqual(["anthropic.cjs", "cli-tui.cjs", "frame.cjs", "pi-tui.cjs"]);
      // the frame bundle's cache is written once, by the first start, as the first frame left it
      if (round === 0) {
        frameCache = (await readdir(cacheFolder())).find((name) => name.startsWith("frame.cjs-"))!;
        expect(frameCache).toMatch(/\.light$/);
        written = (await stat(join(cacheFolder(), frameCache))).mtimeMs;
      }
    }
    expect(JSON.stringify(world.mock.requests[1]!.body.messages)).toContain("question 1");
    // and only read by the second, which wrote no other
    expect((await stat(join(cacheFolder(), frameCache))).mtimeMs).toBe(written);
    expect((await readdir(cacheFolder())).filter((name) => name.startsWith("frame.cjs-"))).toEqual([frameCache]);
  }, 60_000);

  it("leaves what its modules import dynamically to the second bundle, where a slash command then runs from", async () => {
    const frameBundle = await readFile(join(import.meta.dirname, "../../dist/frame.cjs"), "latin1");
    // the interactive mode's session parts, and with them the slash commands, are the second bundle's
    expect(frameBundle).toContain("pith-later:plugins/interactive/run-parts.ts");
    expect(frameBundle).not.toContain("Keyboard Shortcuts");
    const run = start(["--model", "mock/mock-model", "--no-session"]);
    await run.waitForText("mock-model");
    run.type("/hotkeys\r");
    await run.waitForText("Every entry (/tree)");
    run.type("\x04");
    expect((await run.exited).exitCode).toBe(0);
    expect(await bundlesRead()).toEqual(["cli-tui.cjs", "frame.cjs", "pi-tui.cjs"]);
  }, 60_000);

  it("is not read by a start the frame cannot read the command line of, which draws its frame as before", async () => {
    const run = start(["--model", "mock/mock-model", "--no-session", "--theme", join(world.home, "no-themes-here")]);
    await run.waitForText("mock-model");
    run.type("\x04");
    expect((await run.exited).exitCode).toBe(0);
    const read = await bundlesRead();
    expect(read).toContain("cli.cjs");
    expect(read).not.toContain("frame.cjs");
    expect(read).not.toContain("cli-tui.cjs");
  }, 30_000);
});

describe("which command lines the first frame reads (bin/first-frame-words.cjs)", () => {
  it("reads the options the frame depends on, in both spellings, with messages and files around them", () => {
    expect(firstFrameWords([])).toEqual({ continueRecent: false, noThemes: false });
    expect(firstFrameWords(["--model", "mock/m", "--thinking=high", "-c", "fix the bug", "@notes.txt", "--tui-mode", "regular", "--no-themes"])).toEqual({
      model: "mock/m",
      thinking: "high",
      continueRecent: true,
      tuiMode: "regular",
      noThemes: true,
    });
    expect(firstFrameWords(["--provider", "mock", "--use-theme", "light", "-n", "a name", "-e", "./ext.ts", "-ne", "--no-session"])).toEqual({
      provider: "mock",
      useTheme: "light",
      continueRecent: false,
      noThemes: false,
    });
  });

  it("sends the usual way what the CLI must decide: other modes, subcommands, what comes before the frame, unknown words", () => {
    for (const args of [
      ["-p", "hi"],
      ["--mode", "json"],
      ["--mode=rpc"],
      ["install", "npm:x"],
      ["mcp"],
      ["-r"],
      ["--trust"],
      ["-a"],
      ["--session", "abc"],
      ["-e", "npm:some-extension"],
      ["--thinking", "very-high"],
      ["--tui-mode", "sideways"],
      ["--model"],
      ["--help"],
      ["--an-extension-flag"],
      ["--", "--model"],
    ]) {
      expect(firstFrameWords(args), args.join(" ")).toBeUndefined();
    }
  });
});
