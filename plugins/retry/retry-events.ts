// The retry plugin's events and service, typed for every plugin by declaration merging.
import type { AssistantMessage } from "../../kernel/index.js";
import type { RetryCallProgress } from "./retry-call.js";

export interface AutoRetryStartEvent {
  type: "auto_retry_start";
  /** this retry's number, from 1 */
  attempt: number;
  /** retry.maxRetries */
  maxAttempts: number;
  delayMs: number;
  errorMessage: string;
}

export interface AutoRetryEndEvent {
  type: "auto_retry_end";
  success: boolean;
  /** retries made */
  attempt: number;
  /** why retrying stopped, when it did not succeed ("Retry cancelled" after an abort) */
  finalError?: string;
}

export interface RetryService {
  /** Ends a pending retry wait at once; the prompt then ends with the failure. Does nothing when no wait is pending. */
  abortRetry(): void;
  /** true while waiting before a retry */
  readonly isRetrying: boolean;
  /** retries made in the current run of failures; 0 when none */
  readonly attempt: number;
  /**
   * Makes a model call outside the agent loop (a summary), sending it again after transient failures with the
   * loop's settings and rules; `progress` hears of each retry. Resolves to the last reply.
   */
  retryCall(produce: () => Promise<AssistantMessage>, signal: AbortSignal, progress: RetryCallProgress): Promise<AssistantMessage>;
}

declare module "../../kernel/index.js" {
  interface SessionEventMap {
    auto_retry_start: AutoRetryStartEvent;
    auto_retry_end: AutoRetryEndEvent;
  }
}

declare module "../../kernel/index.js" {
  interface PithServices {
    retry: RetryService;
  }
}
