// pith and pi 1.6.0 (on the Node 22 binary) in two pseudo-terminals of the same size, each against its own mock LLM
// with the same replies and in its own copy of the same project, so that what each draws for the same conversation
// can be compared line by line.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect } from "vitest";
import { NODE22, PI16_CLI } from "../support/pi-node22.js";
import type { Script } from "../support/mock-llm/index.js";
import { THEME_TOKENS } from "../../plugins/interactive/theme/tokens.js";
import { recordedPtyChild } from "../support/pi-runs/recorded-pty.js";
import { keyedEnvironment } from "../support/pi-runs/recording-key.js";
import { createCliWorld, ptyRunOf, runInPty, spawnInPty, type CliWorld, type PtyOptions, type PtyRun } from "./pty-harness.js";

export interface SideBySide {
  pith: PtyRun;
  pi: PtyRun;
  worlds: { pith: CliWorld; pi: CliWorld };
  /** types into both */
  type(data: string): void;
  /** waits until `predicate` holds on both screens */
  waitFor(predicate: (screen: string, run: PtyRun) => boolean, timeoutMs?: number): Promise<void>;
}

export interface SideBySideOptions extends PtyOptions {
  /** project files, path → content, written into both projects */
  files?: Record<string, string>;
  /** the replies, the same list for each program's own mock server */
  replies?: Script[];
  /** the agent folder's settings.json; `theme: "probe"` is a theme file both load that gives every role a colour of its own */
  settings?: Record<string, unknown>;
  args?: string[];
  /** written into each project after its files: what it returns is added to `args` (a stored session to open) */
  prepare?: (world: CliWorld) => Promise<string[]>;
}

/** the colour of the probe theme's role number `index`: a red channel per role */
const probeColour = (index: number) => ((0x10 + index) << 16) | 0x8040;
const PROBE_THEME = {
  name: "probe",
  colors: Object.fromEntries(THEME_TOKENS.map((token, index) => [token, `#${probeColour(index).toString(16).padStart(6, "0")}`])),
};
const ROLE_OF_COLOUR = new Map(THEME_TOKENS.map((token, index) => [probeColour(index), token]));
/** "fg=<mode>:<value>" as a role name of the probe theme where it is one */
const colourNames = (colours: string) => colours.replace(/(fg|bg)=50331648:(\d+)/g, (whole, which: string, value: string) => `${which}=${ROLE_OF_COLOUR.get(Number(value)) ?? whole}`);

const HARNESS = [fileURLToPath(import.meta.url), fileURLToPath(new URL("./pty-harness.ts", import.meta.url))];

/** pi in a pseudo-terminal, recorded and replayed as test/support/pi-runs/recorded-pty.ts says. */
async function runPiInPty(world: CliWorld, args: string[], options: PtyOptions): Promise<PtyRun> {
  const input = { pty: args, cwd: world.project, env: keyedEnvironment({ ...world.env, ...options.env }), cols: options.cols ?? 100, rows: options.rows ?? 30, settingsDecideScreen: options.settingsDecideScreen ?? false };
  const child = await recordedPtyChild(`pi ${args.join(" ")}`, input, HARNESS, () => spawnInPty(world, args, options));
  return ptyRunOf(child, options);
}

/** A fresh pair per test, killed and removed after it. */
export function useSideBySide(): (options?: SideBySideOptions) => Promise<SideBySide> {
  const open: { runs: PtyRun[]; worlds: CliWorld[] }[] = [];
  afterEach(async () => {
    for (const { runs, worlds } of open.splice(0)) {
      for (const run of runs) run.kill("SIGKILL");
      await Promise.all(runs.map((run) => Promise.race([run.exited, new Promise((resolve) => setTimeout(resolve, 2000))])));
      await Promise.all(worlds.map((world) => world.close()));
    }
  });
  return async (options = {}) => {
    const entry: { runs: PtyRun[]; worlds: CliWorld[] } = { runs: [], worlds: [] };
    open.push(entry);
    const worlds = { pith: await createCliWorld(), pi: await createCliWorld() };
    entry.worlds.push(worlds.pith, worlds.pi);
    for (const world of Object.values(worlds)) {
      for (const [path, content] of Object.entries(options.files ?? {})) {
        await mkdir(dirname(join(world.project, path)), { recursive: true });
        await writeFile(join(world.project, path), content);
      }
      await mkdir(join(world.agentDir, "themes"), { recursive: true });
      await writeFile(join(world.agentDir, "themes/probe.json"), JSON.stringify(PROBE_THEME));
      // pi: no update check, no telemetry, no first-run questions
      await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ enableInstallTelemetry: false, ...options.settings }));
      world.mock.enqueue(...(options.replies ?? []));
    }
    const args = ["--model", "mock/mock-model", "--tui-mode", "regular", ...(options.args ?? [])];
    const own = async (world: CliWorld) => {
      const extra = options.prepare ? await options.prepare(world) : [];
      return [...args, ...(extra.length > 0 ? extra : ["--no-session"])];
    };
    const pith = runInPty(worlds.pith, await own(worlds.pith), options);
    entry.runs.push(pith);
    const pi = await runPiInPty(worlds.pi, await own(worlds.pi), {
      ...options,
      program: [NODE22, PI16_CLI],
      env: { PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0", ...options.env },
    });
    entry.runs.push(pi);
    const pair: SideBySide = {
      pith,
      pi,
      worlds,
      type(data) {
        pith.type(data);
        pi.type(data);
      },
      waitFor: (predicate, timeoutMs) =>
        Promise.all([pith.waitFor((screen) => predicate(screen, pith), timeoutMs), pi.waitFor((screen) => predicate(screen, pi), timeoutMs)]).then(() => undefined),
    };
    await pair.waitFor((screen) => screen.includes(options.ready ?? "mock-model"), 20_000);
    return pair;
  };
}

export interface ChatRows {
  /** the rows' text, trailing spaces removed */
  text: string[];
  /** each non-blank row's text with the colours of its first character */
  coloured: string[];
}

/**
 * The rows of the chat from the first row that is `first` (trimmed) to the last row that is `last`, as text and with
 * colours; `normalise` rewrites each row's text (figures that differ between two runs, such as durations).
 */
export function chatRows(run: PtyRun, first: string, last: string, normalise: (row: string) => string = (row) => row): ChatRows {
  const rows = run.buffer().map((row) => row.trimEnd());
  const colours = run.bufferColours();
  const start = rows.findIndex((row) => row.trim() === first);
  let end = -1;
  rows.forEach((row, index) => {
    if (row.trim() === last) end = index;
  });
  if (start < 0 || end < start) throw new Error(`chatRows: no rows from "${first}" to "${last}" in:\n${rows.join("\n")}`);
  const text = rows.slice(start, end + 1).map(normalise);
  return { text, coloured: text.map((row, index) => (row.trim() === "" ? "" : `${row.trim()} | ${colourNames(colours[start + index]!)}`)) };
}

/**
 * The rows from the first that is `first` (trimmed) to the last that is `last`, each as its stretches of cells drawn
 * alike: `text|colours` (role names of the probe theme), so that every part of a row is compared, not its first
 * character alone.
 */
export function colourRuns(run: PtyRun, first: string, last: string): string[] {
  const { text } = chatRows(run, first, last);
  const rows = run.buffer().map((row) => row.trimEnd());
  const start = rows.findIndex((row) => row.trim() === first);
  return text.map((row, offset) => {
    const runs: string[] = [];
    let current = "";
    let colours = "";
    for (let column = 0; column < row.length; column++) {
      const here = colourNames(run.cellColours(start + offset, column));
      if (here !== colours && current) {
        runs.push(`${current}|${colours}`);
        current = "";
      }
      colours = here;
      current += row[column];
    }
    if (current) runs.push(`${current}|${colours}`);
    return runs.join(" ‖ ");
  });
}

/**
 * The spinner and message colours of the status drawn in the editor's top border (`── ⠋ Working ───`), as role
 * names of the probe theme; undefined when no border shows one.
 */
export function borderStatusColours(run: PtyRun): { spinner: string; message: string } | undefined {
  const row = run.buffer().reduce((found, text, index) => (/^── \S \S/.test(text) ? index : found), -1);
  if (row < 0) return undefined;
  return { spinner: colourNames(run.cellColours(row, 3)), message: colourNames(run.cellColours(row, 5)) };
}

/** a spinner's frame, which two runs draw at different moments */
export const sameSpinner = (row: string) => row.replace(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/g, "⠋");

/** durations ("Took 0.4s", "Elapsed 1.0s") differ between two runs */
export const sameDurations = (row: string) => row.replace(/\b(Took|Elapsed) \d[\dms. ]*s\b/, "$1 <time>");

type StoredMessage = Record<string, unknown> & { role: string };
/** an entry that is not a message (compaction, branch_summary, custom_message): its fields besides the ids */
type StoredEntry = Record<string, unknown> & { type: string };

/**
 * A stored session (pi's file format, which both read) with these messages, written into the world's project for
 * `--session <file>`: each program draws the same stored tool results, whatever its own tools would answer.
 */
export async function writeStoredSession(world: CliWorld, messages: (StoredMessage | StoredEntry)[]): Promise<string> {
  const file = join(world.project, "stored.jsonl");
  const at = Date.parse("2026-01-01T00:00:00Z");
  const lines = [{ type: "session", version: 3, id: "0193f0a0-0000-7000-8000-000000000001", timestamp: new Date(at).toISOString(), cwd: world.project }];
  messages.forEach((message, index) => {
    const id = `e${String(index + 1).padStart(7, "0")}`;
    const parentId = index === 0 ? null : `e${String(index).padStart(7, "0")}`;
    const timestamp = at + (index + 1) * 1000;
    const written = new Date(timestamp).toISOString();
    lines.push(("role" in message ? { type: "message", id, parentId, timestamp: written, message: { timestamp, ...message } } : { id, parentId, timestamp: written, ...message }) as never);
  });
  await writeFile(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  return file;
}

/** an assistant message of the mock model, as stored */
export function storedReply(content: Record<string, unknown>[], stopReason = "stop"): StoredMessage {
  const usage = { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  return { role: "assistant", content, api: "anthropic-messages", provider: "mock", model: "mock-model", usage, stopReason };
}

/**
 * What `read` gives of each program's screen once the two read the same (a program may draw a change over more than
 * one frame), or, after `timeoutMs`, as they are, for the test's assertions to show the difference.
 */
export async function settled<T>(pair: SideBySide, read: (side: "pith" | "pi") => T, timeoutMs: number): Promise<{ pith: T; pi: T }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reads = { pith: read("pith"), pi: read("pi") };
    if (JSON.stringify(reads.pith) === JSON.stringify(reads.pi) || Date.now() > deadline) return reads;
    // a replayed pi draws on only when asked: what it drew next in the live run may be what pith shows now
    if ((await pair.pi.advance()) || (await pair.pith.advance())) continue;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Both programs' chat rows from `first` to `last`, {@link settled}. */
export function settledRows(
  pair: SideBySide,
  first: string,
  last: string,
  normalise: { pith?: (row: string) => string; pi?: (row: string) => string } = {},
  // only rows that still differ wait this long; a fresh-clone run on a loaded machine once needed more than 5 s for
  // pith to draw a turn sent again after a compaction
  timeoutMs = 15_000,
): Promise<{ pith: ChatRows; pi: ChatRows }> {
  return settled(pair, (side) => chatRows(pair[side], first, last, normalise[side]), timeoutMs);
}

/** `prepare` for a pair that opens a stored session with these messages and entries */
export const openStoredSession = (messages: (StoredMessage | StoredEntry)[]) => async (world: CliWorld) => ["--session", await writeStoredSession(world, messages)];

/** pith's settled rows, once both programs' text and colours are required to be the same (`normalise`: for both) */
export async function sameRows(pair: SideBySide, first: string, last: string, normalise?: (row: string) => string): Promise<ChatRows> {
  const rows = await settledRows(pair, first, last, normalise ? { pith: normalise, pi: normalise } : {});
  expect(rows.pith.text).toEqual(rows.pi.text);
  expect(rows.pith.coloured).toEqual(rows.pi.coloured);
  return rows.pith;
}
