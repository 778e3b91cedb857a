// A wait that ends the moment any of its signals fires.

/** Resolves true when `ms` passed, false as soon as one of `signals` aborts (or already had). */
export function abortableWait(ms: number, signals: readonly AbortSignal[]): Promise<boolean> {
  if (signals.some((signal) => signal.aborted)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const finish = (elapsed: boolean) => {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener("abort", onAbort);
      resolve(elapsed);
    };
    const onAbort = () => finish(false);
    const timer = setTimeout(() => finish(true), ms);
    for (const signal of signals) signal.addEventListener("abort", onAbort, { once: true });
  });
}
