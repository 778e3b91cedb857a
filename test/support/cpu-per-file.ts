// Where the suite's CPU goes, per test file: with PITH_TEST_CPU_LOG=<file> set, vitest.config.ts adds this setup
// file, which appends one line per test file: its path, the worker's own CPU seconds, the CPU seconds of the child
// processes it waited for (the CLI, pi, npm, pseudo-terminals), and wall seconds, tab-separated. Files share
// workers (isolate: false) but a worker runs one file at a time, so each delta is that file's. Linux only
// (/proc/self/stat); the log is for people, nothing reads it.
import { appendFileSync, readFileSync } from "node:fs";
import { afterAll } from "vitest";

const TICKS_PER_SECOND = 100;

/** [own, children] CPU ticks of this process: utime+stime, cutime+cstime */
function ticks(): [number, number] {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return [Number(fields[11]) + Number(fields[12]), Number(fields[13]) + Number(fields[14])];
}

const start = ticks();
const startedAt = Date.now();

afterAll(({}, suite) => {
  const [own, children] = ticks();
  const seconds = (count: number) => (count / TICKS_PER_SECOND).toFixed(2);
  const file = (suite as { filepath?: string }).filepath ?? "?";
  appendFileSync(process.env.PITH_TEST_CPU_LOG!, `${file}\t${seconds(own - start[0])}\t${seconds(children - start[1])}\t${((Date.now() - startedAt) / 1000).toFixed(1)}\n`);
});
