// One model call outside the agent loop (a compaction or branch summary) sent again after a transient failure,
// with the same settings and rules as the loop's retries (pi's retryAssistantCall). The caller reports progress.
import type { AssistantMessage } from "../../kernel/index.js";
import { abortableWait } from "./abortable-wait.js";
import { planRetry } from "./retry-plan.js";
import { classifyFailure, failureFacts, type RetryRule } from "./retry-rules.js";
import type { RetrySettings } from "./retry-settings.js";

export interface RetryCallProgress {
  /** a retry is planned: `delayMs` of waiting, then attempt number `attempt` of `maxAttempts` */
  scheduled(attempt: number, maxAttempts: number, delayMs: number, errorMessage: string): void;
  /** the wait is over and the call is made again */
  attemptStarted(): void;
  /** retrying is over (success, a final failure or an abort); called only when a retry was scheduled */
  finished(): void;
}

/**
 * Makes the call, then again while it fails transiently and retries are left. Returns the last reply: a success,
 * the final failure, or (aborted during a wait) the failure marked aborted.
 */
export async function retryCall(
  produce: () => Promise<AssistantMessage>,
  settings: RetrySettings,
  rules: readonly RetryRule[],
  signal: AbortSignal,
  progress: RetryCallProgress,
): Promise<AssistantMessage> {
  const maxAttempts = settings.enabled ? settings.maxRetries : 0;
  let retriesDone = 0;
  for (;;) {
    const reply = await produce();
    const facts = failureFacts(reply);
    const plan = facts && classifyFailure(facts, rules).retry ? planRetry(retriesDone, { ...settings, maxRetries: maxAttempts }, facts.message) : undefined;
    if (!facts || reply.stopReason === "aborted" || plan?.action !== "retry") {
      if (retriesDone > 0) progress.finished();
      return reply;
    }
    retriesDone = plan.attempt;
    progress.scheduled(plan.attempt, maxAttempts, plan.delayMs, facts.message || "Unknown error");
    if (!(await abortableWait(plan.delayMs, [signal]))) {
      progress.finished();
      const { errorMessage: _failure, ...rest } = reply;
      return { ...rest, stopReason: "aborted" };
    }
    progress.attemptStarted();
  }
}
