// Runs the built `pith` in a real pseudo-terminal against the mock LLM, in a temporary project with its own agent
// folder, and reads what it draws through a headless xterm: the screen as text, what was written, how it ended.
import pty from "@lydell/node-pty";
import xterm from "@xterm/headless";
import { afterEach, beforeEach } from "vitest";
import { createCliWorld, PITH_BIN, type CliWorld } from "../cli/cli-harness.js";
import type { PtyChild } from "../support/pi-runs/recorded-pty.js";
import { keepLastOutput } from "../support/pty-last-output.js";

export interface PtyRun {
  /** the visible screen, one string per row, trailing spaces removed */
  screen(): string[];
  /** every row of the terminal's buffer, scrollback included */
  buffer(): string[];
  /** per row of the buffer: the colours of its first character that is not a space ("" for a blank row) */
  bufferColours(): string[];
  /** the colours of the cell at `column` of buffer row `row` (as bufferColours gives them) */
  cellColours(row: number, column: number): string;
  /** everything the program wrote, as received */
  readonly output: string;
  type(data: string): void;
  resize(cols: number, rows: number): void;
  kill(signal?: string): void;
  /** resolves once `predicate` holds for the screen (polled), rejects with the screen after `timeoutMs` */
  waitFor(predicate: (screen: string) => boolean, timeoutMs?: number): Promise<void>;
  waitForText(text: string, timeoutMs?: number): Promise<void>;
  /**
   * A replayed pi (test/support/pi-runs/recorded-pty.ts) draws its next piece, as a live program would have by the
   * time a polling test looks again; false when there is none before the test's next move (and always for a live run).
   */
  advance(): Promise<boolean>;
  readonly exited: Promise<{ exitCode: number; signal?: number }>;
}

export interface PtyOptions {
  cols?: number;
  rows?: number;
  env?: NodeJS.ProcessEnv;
  /** what `start` waits for before returning (default: the session's footer, with the model id "mock-model") */
  ready?: string;
  /** no `--tui-mode` is added: the settings (or the default, fullscreen) decide the screen */
  settingsDecideScreen?: boolean;
  /** the command and its first arguments (default: this Node and bin/pith.cjs); the side-by-side tests run pi */
  program?: [command: string, ...args: string[]];
}

export function runInPty(world: CliWorld, args: string[], options: PtyOptions = {}): PtyRun {
  return ptyRunOf(spawnInPty(world, args, options), options);
}

/** The program in a pseudo-terminal of the options' size (pith unless `program` says otherwise). */
export function spawnInPty(world: CliWorld, args: string[], options: PtyOptions = {}): PtyChild {
  // the tests of the drawing were written for the normal screen; fullscreen.test.ts and those that pass
  // --tui-mode themselves test the alternate screen
  const mode = args.includes("--tui-mode") || options.settingsDecideScreen ? [] : ["--tui-mode", "regular"];
  const [command, ...programArgs] = options.program ?? [process.execPath, PITH_BIN];
  const child = keepLastOutput(pty.spawn(command, [...programArgs, ...mode, ...args], {
    cols: options.cols ?? 100,
    rows: options.rows ?? 30,
    cwd: world.project,
    env: { ...world.env, TERM: "xterm-256color", COLORTERM: "truecolor", ...options.env } as Record<string, string>,
  }));
  return {
    onData: (listener) => void child.onData(listener),
    onExit: (listener) => void child.onExit(listener),
    write: (data) => child.write(data),
    resize: (cols, rows) => child.resize(cols, rows),
    kill: (signal) => child.kill(signal),
  };
}

/** A terminal emulator reading `child`: its screen, buffer and colours, and ways to wait for what it shows. */
export function ptyRunOf(child: PtyChild, options: Pick<PtyOptions, "cols" | "rows"> = {}): PtyRun {
  const terminal = new xterm.Terminal({ cols: options.cols ?? 100, rows: options.rows ?? 30, scrollback: 5000, allowProposedApi: true });
  let output = "";
  let pendingWrites = Promise.resolve();
  child.onData((data) => {
    output += data;
    pendingWrites = pendingWrites.then(() => new Promise<void>((resolve) => terminal.write(data, resolve)));
  });
  const exited = new Promise<{ exitCode: number; signal?: number }>((resolve) => child.onExit((result) => resolve(result)));
  const rowsOf = (from: number, to: number) => {
    const buffer = terminal.buffer.active;
    const lines: string[] = [];
    for (let index = from; index < to; index++) lines.push(buffer.getLine(index)?.translateToString(true) ?? "");
    return lines;
  };
  const screen = () => rowsOf(terminal.buffer.active.viewportY, terminal.buffer.active.viewportY + terminal.rows);
  const colourOf = (cell: xterm.IBufferCell) =>
    `fg=${cell.getFgColorMode()}:${cell.getFgColor()} bg=${cell.getBgColorMode()}:${cell.getBgColor()}${cell.isBold() ? " bold" : ""}${cell.isItalic() ? " italic" : ""}`;
  const run: PtyRun = {
    screen,
    buffer: () => rowsOf(0, terminal.buffer.active.length),
    bufferColours() {
      const buffer = terminal.buffer.active;
      const colours: string[] = [];
      for (let index = 0; index < buffer.length; index++) {
        const line = buffer.getLine(index);
        let found = "";
        for (let column = 0; line && column < line.length && !found; column++) {
          const cell = line.getCell(column);
          if (cell && cell.getChars().trim() !== "") found = colourOf(cell);
        }
        colours.push(found);
      }
      return colours;
    },
    cellColours(row, column) {
      const cell = terminal.buffer.active.getLine(row)?.getCell(column);
      return cell ? colourOf(cell) : "";
    },
    get output() {
      return output;
    },
    type: (data) => child.write(data),
    resize(newCols, newRows) {
      child.resize(newCols, newRows);
      terminal.resize(newCols, newRows);
    },
    kill: (signal) => child.kill(signal),
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await pendingWrites;
        if (predicate(screen().join("\n")) && (child.waited?.() ?? true)) return;
        // a replayed run moves on when the test waits for it
        if (child.step?.()) continue;
        if (Date.now() > deadline) throw new Error(`timed out; the screen was:\n${screen().join("\n")}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    waitForText: (text, timeoutMs) => run.waitFor((shown) => shown.includes(text), timeoutMs),
    async advance() {
      if (!child.step?.()) return false;
      await pendingWrites;
      return true;
    },
    get exited() {
      child.drain?.();
      return exited;
    },
  };
  return run;
}

export { createCliWorld, type CliWorld };

const SESSION_FOOTER = /\d%\/\d/;

/**
 * A fresh world per test (beforeEach/afterEach), and `start` to run pith in it and wait for its session (or for
 * `ready`, which may show before the session is made); a run
 * still going at the end of a test is killed.
 */
export function usePtyWorld(): { world(): CliWorld; start(args?: string[], options?: PtyOptions): Promise<PtyRun> } {
  let world: CliWorld | undefined;
  let running: PtyRun | undefined;
  beforeEach(async () => {
    world = await createCliWorld();
  });
  afterEach(async () => {
    running?.kill("SIGKILL");
    running = undefined;
    await world?.close();
  });
  const current = () => {
    if (!world) throw new Error("usePtyWorld: no world outside a test");
    return world;
  };
  return {
    world: current,
    async start(args = [], options = {}) {
      running = runInPty(current(), ["--model", "mock/mock-model", ...args], options);
      if (options.ready !== undefined) await running.waitForText(options.ready);
      // the first frame comes before the session: its footer's context use ("0.6%/200k") says the session is made
      else await running.waitFor((screen) => screen.includes("mock-model") && SESSION_FOOTER.test(screen));
      return running;
    },
  };
}
