// The retry plugin's state across the runs of one prompt: how many retries the current run of failures took,
// the pending wait, and the announcement that a retried request finally succeeded.
import { type PluginContext, type RunContinuation, type RunEndContext, isAssistantMessage, type AgentMessage, type AssistantMessage, type SessionEvent } from "../../kernel/index.js";
import { abortableWait } from "./abortable-wait.js";
import { retryCall, type RetryCallProgress } from "./retry-call.js";
import { classifyFailure, failureFacts, type RetryRule, RETRY_RULES } from "./retry-rules.js";
import { planRetry } from "./retry-plan.js";
import { retrySettingsFrom, type RetrySettings } from "./retry-settings.js";
import type { RetryService } from "./retry-events.js";

export const RETRY_CANCELLED = "Retry cancelled";

export interface RetryControllerOptions {
  /** take precedence over settings.json */
  settings?: Partial<RetrySettings>;
  rules?: readonly RetryRule[];
}

export class RetryController implements RetryService {
  private retriesDone = 0;
  private wait: AbortController | undefined;

  constructor(
    private readonly context: PluginContext,
    private readonly options: RetryControllerOptions = {},
  ) {}

  get isRetrying(): boolean {
    return this.wait !== undefined;
  }

  get attempt(): number {
    return this.retriesDone;
  }

  abortRetry(): void {
    this.wait?.abort();
  }

  settings(): RetrySettings {
    return retrySettingsFrom(this.context.tryUse("settings")?.get(), this.options.settings);
  }

  retryCall(produce: () => Promise<AssistantMessage>, signal: AbortSignal, progress: RetryCallProgress): Promise<AssistantMessage> {
    return retryCall(produce, this.settings(), this.options.rules ?? RETRY_RULES, signal, progress);
  }

  /**
   * `event_emitted`: a reply that did not fail ends the run of failures. The count resets at once, so the
   * decision after this run sees it; the announcement is emitted in a microtask, which runs before the loop
   * emits anything else, so it follows the reply's message_end as in pi.
   */
  observe(event: SessionEvent): void {
    if (event.type !== "message_end" || !isAssistantMessage(event.message) || this.retriesDone === 0) return;
    const { stopReason } = event.message;
    if (stopReason === "error" || stopReason === "aborted") return;
    const attempt = this.retriesDone;
    this.retriesDone = 0;
    queueMicrotask(() => this.context.emit({ type: "auto_retry_end", success: true, attempt }));
  }

  /** `agent_end`: a retried request the user aborted ends the run of failures. */
  endRun(messages: AgentMessage[]): void {
    const last = lastAssistantOf(messages);
    if (last?.stopReason === "aborted" && this.retriesDone > 0) this.giveUp(RETRY_CANCELLED);
  }

  /** `before_prompt`: each prompt starts with a fresh count. */
  startPrompt(): void {
    this.retriesDone = 0;
  }

  /** `will_retry`: whether `afterRun` will retry this failed reply (what `agent_end.willRetry` tells clients). */
  willRetry(failed: AssistantMessage): boolean {
    const facts = failureFacts(failed);
    const settings = this.settings();
    if (!facts || !settings.enabled || settings.maxRetries === 0) return false;
    if (!classifyFailure(facts, this.options.rules ?? RETRY_RULES).retry) return false;
    return planRetry(this.retriesDone, settings, facts.message || "Unknown error", facts.details?.retryAfterMs).action === "retry";
  }

  /** `after_run`: waits and asks for another run when the run ended in a transient failure. */
  async afterRun(run: RunEndContext): Promise<RunContinuation | undefined> {
    const failed = run.lastAssistant;
    const facts = failed ? failureFacts(failed) : undefined;
    if (!failed || !facts) return undefined;
    const settings = this.settings();
    if (!settings.enabled || settings.maxRetries === 0) return undefined;
    const verdict = classifyFailure(facts, this.options.rules ?? RETRY_RULES);
    if (!verdict.retry) {
      if (this.retriesDone > 0) this.giveUp(facts.message);
      return undefined;
    }

    const errorText = facts.message || "Unknown error";
    const plan = planRetry(this.retriesDone, settings, errorText, facts.details?.retryAfterMs);
    if (plan.action === "give_up") {
      this.giveUp(plan.finalError);
      return undefined;
    }
    this.retriesDone = plan.attempt;
    this.context.emit({
      type: "auto_retry_start",
      attempt: plan.attempt,
      maxAttempts: settings.maxRetries,
      delayMs: plan.delayMs,
      errorMessage: errorText,
    });

    const wait = new AbortController();
    this.wait = wait;
    const elapsed = await abortableWait(plan.delayMs, [run.signal, wait.signal]);
    this.wait = undefined;
    if (!elapsed) {
      this.giveUp(RETRY_CANCELLED);
      return undefined;
    }
    this.dropFromContext(failed);
    return { continue: true, reason: `retry ${plan.attempt} of ${settings.maxRetries} after: ${errorText}` };
  }

  private giveUp(finalError: string): void {
    this.context.emit({ type: "auto_retry_end", success: false, attempt: this.retriesDone, finalError });
    this.retriesDone = 0;
  }

  /** The failed reply stays in the session file; the model must not see it when the request is sent again. */
  private dropFromContext(failed: AssistantMessage): void {
    const messages = this.context.session.messages;
    const index = messages.lastIndexOf(failed);
    if (index < 0) return;
    this.context.session.replaceMessages([...messages.slice(0, index), ...messages.slice(index + 1)]);
  }
}

function lastAssistantOf(messages: readonly AgentMessage[]): AssistantMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (isAssistantMessage(message)) return message;
  }
  return undefined;
}
