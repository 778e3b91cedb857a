// Waiting on shared work that an AbortSignal may interrupt: the wait ends at once when the signal fires, while
// the work itself goes on (others may be waiting on it, or it cleans up after itself).

/** Settles with `work`, or rejects with `reason()` as soon as `signal` fires. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined, reason: () => unknown): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => undefined); // nobody waits for it any more; its failure must not surface as unhandled
    return Promise.reject(reason());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reason());
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
