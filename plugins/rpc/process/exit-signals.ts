// Signals that end RPC mode, with pi's exit codes (128 + the signal's number).
export const SIGNAL_EXIT_CODES = { SIGTERM: 143, SIGHUP: 129, SIGINT: 130 } as const;

export type ExitSignal = keyof typeof SIGNAL_EXIT_CODES;

/** Calls `onSignal` for each of the signals; returns a function that removes the handlers. */
export function onExitSignals(onSignal: (signal: ExitSignal, code: number) => void): () => void {
  const signals = (Object.keys(SIGNAL_EXIT_CODES) as ExitSignal[]).filter((signal) => process.platform !== "win32" || signal !== "SIGHUP");
  const handlers = signals.map((signal) => {
    const handler = () => onSignal(signal, SIGNAL_EXIT_CODES[signal]);
    process.on(signal, handler);
    return () => process.off(signal, handler);
  });
  return () => handlers.forEach((remove) => remove());
}
