// An image request sent again on a transient failure when the caller asks for it (`maxRetries`), as pi 1.6.0's
// image API does: the SDKs' policy (lib/provider-kit/sdk-retry-policy.ts), a lost connection retried too; a server
// asking for a longer wait than `maxRetryDelayMs` (60 s unless set; 0: no limit) ends it at once.
import { abortablePause, headersToRecord, parseRetryAfterMs, sdkRetryable, sdkRetryDelay, type HeaderSource } from "../../../lib/provider-kit/index.js";

export interface RequestRetryOptions {
  maxRetries?: number;
  maxRetryDelayMs?: number;
  signal?: AbortSignal;
}

const DEFAULT_MAX_RETRY_DELAY_MS = 60_000;

interface StatusError extends Error {
  status?: number;
  headers?: HeaderSource;
}

/** the SDK's APIError: a status (undefined for a lost connection) and the response's headers */
function isStatusError(error: unknown): error is StatusError {
  return error instanceof Error && "status" in error && "headers" in error && (error.status === undefined || typeof error.status === "number");
}

export async function withRequestRetry<T>(send: () => Promise<T>, options: RequestRetryOptions): Promise<T> {
  const maxRetries = options.maxRetries ?? 0;
  for (let retryIndex = 0; ; retryIndex++) {
    try {
      return await send();
    } catch (error) {
      if (options.signal?.aborted || retryIndex >= maxRetries || !isStatusError(error)) throw error;
      const headers = headersToRecord(error.headers);
      if (error.status !== undefined && !sdkRetryable(error.status, headers)) throw error;
      const delay = sdkRetryDelay(parseRetryAfterMs(headers), retryIndex, options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS);
      if ("tooLong" in delay) throw new Error(`${delay.tooLong} ${error.message}`);
      await abortablePause(delay.delayMs, options.signal);
    }
  }
}
