// The retry policy of the OpenAI and Anthropic SDKs, which pi 1.6.0 keeps for requests it sends itself (classifiers,
// image generation): which failures are sent again, how long to wait first, and a wait the signal cuts short.

/** 408, 409, 429 and 5xx, unless the server's `x-should-retry` says otherwise. Header names lower case. */
export function sdkRetryable(status: number, headers: Record<string, string>): boolean {
  const hint = headers["x-should-retry"];
  if (hint === "true" || hint === "false") return hint === "true";
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * The wait before retry `retryIndex` (0-based): the server's `retry-after(-ms)` (undefined `tooLong` when it asks
 * for more than `maxDelayMs`, 0 meaning no limit), else a growing pause with jitter.
 */
export function sdkRetryDelay(asked: number | undefined, retryIndex: number, maxDelayMs: number): { delayMs: number } | { tooLong: string } {
  if (asked === undefined) return { delayMs: Math.min(0.5 * 2 ** retryIndex, 8) * 1000 * (1 - Math.random() * 0.25) };
  if (maxDelayMs > 0 && asked > maxDelayMs) return { tooLong: `Server requested ${Math.ceil(asked / 1000)}s retry delay (max: ${Math.ceil(maxDelayMs / 1000)}s).` };
  return { delayMs: asked };
}

/** Resolves after `ms`; rejects with the signal's reason as soon as it aborts. */
export function abortablePause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
