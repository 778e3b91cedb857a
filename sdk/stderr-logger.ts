// The host's logger: plugins' messages on stderr, debug messages only with PITH_DEBUG set.
import type { Logger } from "../kernel/index.js";

export function stderrLogger(prefix = "pith"): Logger {
  const write = (level: string) => (message: string) => process.stderr.write(`${prefix}: ${level}${message}\n`);
  return {
    debug: process.env.PITH_DEBUG ? write("debug: ") : () => undefined,
    info: write(""),
    warn: write("warning: "),
    error: write("error: "),
  };
}
