// The terminal is given back in its normal state however the process ends: a signal (SIGINT from outside,
// SIGTERM, SIGHUP), an uncaught error, or a normal exit. pi-tui's stop() turns raw mode, bracketed paste and the
// keyboard protocols off and shows the cursor; this makes sure it runs first on every path. A hang-up ends like the
// other signals, in order (pi 1.6.0 no longer leaves at once on SIGHUP): a terminal that is truly gone shows as an
// error writing to it or reading from it, and then pith leaves at once, writing nothing more.

const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
/** what writing to (or reading from) a terminal that has gone fails with */
const DEAD_TERMINAL_CODES = new Set(["EIO", "EPIPE", "ENOTCONN", "ENOTTY"]);

export interface ExitGuardOptions {
  /** restores the terminal; must be safe to call more than once */
  restore(): void;
  /** a signal arrived: end the mode cleanly with this exit code */
  onSignal(code: number): void;
  /** written to stderr after the terminal is restored */
  reportCrash(error: unknown): void;
}

function isDeadTerminal(error: unknown): boolean {
  return typeof error === "object" && error !== null && DEAD_TERMINAL_CODES.has(String((error as { code?: unknown }).code));
}

/** Installs the handlers; returns their removal. */
export function guardExit(options: ExitGuardOptions): () => void {
  let signalled = false;
  let terminalGone = false;
  const leaveGoneTerminal = () => {
    terminalGone = true;
    process.exit(SIGNAL_CODES.SIGHUP);
  };
  const onSignal = (name: keyof typeof SIGNAL_CODES) => () => {
    const code = SIGNAL_CODES[name];
    // a second signal while shutting down: leave at once, terminal restored
    if (signalled) {
      options.restore();
      process.exit(code);
    }
    signalled = true;
    options.onSignal(code);
  };
  const handlers = Object.fromEntries(Object.keys(SIGNAL_CODES).map((name) => [name, onSignal(name as keyof typeof SIGNAL_CODES)])) as Record<string, () => void>;
  const onCrash = (error: unknown) => {
    if (isDeadTerminal(error)) leaveGoneTerminal();
    options.restore();
    options.reportCrash(error);
    process.exit(1);
  };
  // nothing can be restored on a terminal that is gone, and trying would only fail again
  const onStreamError = (error: unknown) => {
    if (isDeadTerminal(error)) leaveGoneTerminal();
    onCrash(error);
  };
  const onExit = () => (terminalGone ? undefined : options.restore());
  const streams = [process.stdin, process.stdout, process.stderr];
  for (const [name, handler] of Object.entries(handlers)) process.on(name, handler);
  for (const stream of streams) stream.on("error", onStreamError);
  process.on("uncaughtException", onCrash);
  process.on("exit", onExit);
  return () => {
    for (const [name, handler] of Object.entries(handlers)) process.off(name, handler);
    for (const stream of streams) stream.off("error", onStreamError);
    process.off("uncaughtException", onCrash);
    process.off("exit", onExit);
  };
}
