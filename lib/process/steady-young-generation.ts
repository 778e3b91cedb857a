// While a stored session is read nearly everything allocated survives, and V8 doubles its young generation each
// time most of it does: fresh memory to fault in, and larger scavenges copying the same long-lived objects. Kept at
// its start size (`--semi-space-growth-factor=1`), those objects reach the old generation after two small
// scavenges. A CLI run that names a stored session to open has the flag for the whole run (bin/pith.cjs sets it
// before any code loads and says so under this symbol); any other read, such as a session switch in RPC or
// interactive mode, has it only while the read lasts, and V8's default comes back right after: V8 keys code caches
// by its flags, so under a changed flag every built-in module node loads is compiled from source (its embedded
// cache no longer fits) and the CLI's own code caches would be written under flags the next start does not have.
import { setFlagsFromString } from "node:v8";

const FLAG = "semi-space-growth-factor";
const V8_DEFAULT_FACTOR = 2;
const SET_FOR_THE_RUN = Symbol.for("pith.steadyYoungGeneration");

let depth = 0;

/** Runs `read` (synchronous) with V8's young generation kept at its size. */
export function withSteadyYoungGeneration<T>(read: () => T): T {
  if (flagSetForTheRun()) return read();
  if (depth++ === 0) setFlagsFromString(`--${FLAG}=1`);
  try {
    return read();
  } finally {
    if (--depth === 0) setFlagsFromString(`--${FLAG}=${V8_DEFAULT_FACTOR}`);
  }
}

/** by the CLI's launcher, or by the user's own node options (whose value stays in force) */
function flagSetForTheRun(): boolean {
  if ((globalThis as { [SET_FOR_THE_RUN]?: boolean })[SET_FOR_THE_RUN]) return true;
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" ");
  return given.includes(FLAG) || given.includes(FLAG.replaceAll("-", "_"));
}
