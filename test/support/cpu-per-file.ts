// Where the suite's CPU goes, per test file: with PITH_TEST_CPU_LOG=<file> set, vitest.config.ts adds this setup
// file, which appends one line per test file, tab-separated: its path, the worker's own CPU seconds, the CPU seconds
// of the child processes it waited for (the CLI, pi, npm, pseudo-terminals), wall seconds, and then the same two CPU
// figures split into user and system time (own user, own system, children user, children system), and last the
// child processes the file started: pith runs, Node 22 runs (pi), others (child-starts.ts); then when the file
// started (ms since the epoch) and the worker's pid, to see how the files lay out over the workers. Files share
// workers (isolate: false) but a worker runs one file at a time, so each delta is that file's. Linux only
// (/proc/self/stat); the log is for people, nothing reads it.
import { appendFileSync, readFileSync } from "node:fs";
import { afterAll } from "vitest";
import { countChildStarts, takeChildStarts } from "./child-starts.js";

const TICKS_PER_SECOND = 100;

/** CPU ticks of this process: own user, own system, waited children's user, waited children's system */
function ticks(): number[] {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return fields.slice(11, 15).map(Number);
}

countChildStarts();
takeChildStarts();
const start = ticks();
const startedAt = Date.now();

afterAll(({}, suite) => {
  const [ownUser, ownSystem, childUser, childSystem] = ticks().map((count, index) => count - start[index]!);
  const seconds = (count: number) => (count / TICKS_PER_SECOND).toFixed(2);
  const file = (suite as { filepath?: string }).filepath ?? "?";
  const columns = [ownUser! + ownSystem!, childUser! + childSystem!].map(seconds);
  columns.push(((Date.now() - startedAt) / 1000).toFixed(1), ...[ownUser!, ownSystem!, childUser!, childSystem!].map(seconds));
  const starts = takeChildStarts();
  columns.push(String(starts.pith), String(starts.node22), String(starts.other), String(startedAt), String(process.pid));
  appendFileSync(process.env.PITH_TEST_CPU_LOG!, `${file}\t${columns.join("\t")}\n`);
});
