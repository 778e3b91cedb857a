// pi-ai 1.6.0's `retryAssistantCall`: one assistant-producing call, sent again on transient failures under a retry
// policy, with pith's own judgement of what is transient (plugins/retry) and pi's backoff.
import type { AssistantMessage } from "../../../../kernel/index.js";
import { isRetryableAssistantError, retryDelayMs } from "./pi-ai-utils.js";

interface RetryPolicy {
  enabled: boolean;
  maxRetries: number;
  baseDelayMs: number;
  maxAgentDelayMs?: number;
}

interface RetryCallbacks {
  onRetryScheduled?: (attempt: number, maxAttempts: number, delayMs: number, errorMessage: string) => void | Promise<void>;
  onRetryAttemptStart?: () => void | Promise<void>;
  onRetryFinished?: (success: boolean, attempt: number, finalError?: string) => void | Promise<void>;
}

/** Resolves after `ms`, or false at once when `signal` aborts first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const done = (slept: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(slept);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * The first reply that is not a retryable error, or the last one: aborted replies end it at once; an abort during a
 * backoff turns the failed reply into an aborted one. `onRetryFinished` is called once when a retry happened.
 */
export async function retryAssistantCall(
  produce: () => Promise<AssistantMessage>,
  policy: RetryPolicy | undefined,
  signal: AbortSignal | undefined,
  callbacks: RetryCallbacks = {},
): Promise<AssistantMessage> {
  const maxAttempts = policy?.enabled ? policy.maxRetries : 0;
  let attempt = 0;
  for (;;) {
    const reply = await produce();
    const failed = reply.stopReason === "error";
    if (reply.stopReason === "aborted" || !failed || attempt >= maxAttempts || !isRetryableAssistantError(reply)) {
      if (attempt > 0 && failed) await callbacks.onRetryFinished?.(false, attempt, reply.errorMessage);
      else if (attempt > 0) await callbacks.onRetryFinished?.(reply.stopReason !== "aborted", attempt);
      return reply;
    }
    attempt++;
    const errorMessage = reply.errorMessage || "Unknown error";
    const delayMs = retryDelayMs(policy!, attempt);
    await callbacks.onRetryScheduled?.(attempt, maxAttempts, delayMs, errorMessage);
    if (!(await pause(delayMs, signal))) {
      await callbacks.onRetryFinished?.(false, attempt, errorMessage);
      const { errorMessage: _dropped, ...rest } = reply;
      return { ...rest, stopReason: "aborted" };
    }
    await callbacks.onRetryAttemptStart?.();
  }
}
