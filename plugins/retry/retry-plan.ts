// What to do about one retryable failure: wait and try again, or give up with a message that says why.
import type { RetrySettings } from "./retry-settings.js";
import { formatDuration } from "./format-duration.js";

export type RetryPlan =
  | {
      action: "retry";
      /** this retry's number, from 1 */
      attempt: number;
      delayMs: number;
      /** "provider": the wait the provider asked for (retry-after); "backoff": computed */
      source: "backoff" | "provider";
    }
  | {
      action: "give_up";
      /** retries made before giving up */
      attempt: number;
      finalError: string;
    };

/**
 * `retriesDone` counts the retries already made for this failure streak. The wait doubles from `baseDelayMs`
 * and never exceeds `maxRetryDelayMs`. A wait the provider asked for is honoured when it is within that
 * limit; a longer one is not waited out: pith gives up at once and says how long the provider wanted.
 */
export function planRetry(retriesDone: number, settings: RetrySettings, errorMessage: string, retryAfterMs?: number): RetryPlan {
  const attempt = retriesDone + 1;
  if (attempt > settings.maxRetries) {
    const tries = settings.maxRetries === 1 ? "1 retry" : `${settings.maxRetries} retries`;
    return { action: "give_up", attempt: retriesDone, finalError: `${errorMessage} (gave up after ${tries})` };
  }
  const cap = settings.maxRetryDelayMs;
  if (retryAfterMs !== undefined) {
    if (cap > 0 && retryAfterMs > cap) {
      return {
        action: "give_up",
        attempt: retriesDone,
        finalError:
          `${errorMessage} (the provider asked to wait ${formatDuration(retryAfterMs)} before retrying, longer than ` +
          `retry.provider.maxRetryDelayMs allows (${formatDuration(cap)}); try again later or raise that setting)`,
      };
    }
    return { action: "retry", attempt, delayMs: retryAfterMs, source: "provider" };
  }
  const backoff = settings.baseDelayMs * 2 ** (attempt - 1);
  return { action: "retry", attempt, delayMs: cap > 0 ? Math.min(backoff, cap) : backoff, source: "backoff" };
}
