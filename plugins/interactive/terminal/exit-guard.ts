// The terminal is given back in its normal state however the process ends: a signal (SIGINT from outside,
// SIGTERM, SIGHUP), an uncaught error, or a normal exit. pi-tui's stop() turns raw mode, bracketed paste and the
// keyboard protocols off and shows the cursor; this makes sure it runs first on every path.

const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

export interface ExitGuardOptions {
  /** restores the terminal; must be safe to call more than once */
  restore(): void;
  /** a signal arrived: end the mode cleanly with this exit code */
  onSignal(code: number): void;
  /** written to stderr after the terminal is restored */
  reportCrash(error: unknown): void;
}

/** Installs the handlers; returns their removal. */
export function guardExit(options: ExitGuardOptions): () => void {
  let signalled = false;
  const onSignal = (name: keyof typeof SIGNAL_CODES) => () => {
    const code = SIGNAL_CODES[name];
    // a second signal while shutting down: leave at once, terminal restored
    if (signalled || name === "SIGHUP") {
      options.restore();
      process.exit(code);
    }
    signalled = true;
    options.onSignal(code);
  };
  const handlers = Object.fromEntries(Object.keys(SIGNAL_CODES).map((name) => [name, onSignal(name as keyof typeof SIGNAL_CODES)])) as Record<string, () => void>;
  const onCrash = (error: unknown) => {
    options.restore();
    options.reportCrash(error);
    process.exit(1);
  };
  const onExit = () => options.restore();
  for (const [name, handler] of Object.entries(handlers)) process.on(name, handler);
  process.on("uncaughtException", onCrash);
  process.on("exit", onExit);
  return () => {
    for (const [name, handler] of Object.entries(handlers)) process.off(name, handler);
    process.off("uncaughtException", onCrash);
    process.off("exit", onExit);
  };
}
