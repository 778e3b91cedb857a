// pi answers `prompt` exactly once, after preflight: when the run starts (its `agent_start`), when the text was
// queued or handled (a command, an `input` handler), or with the error that refused it. The run's start is seen
// here, synchronously as it is emitted, so the response precedes the run's first event on stdout.
import type { SessionEvent } from "../../../kernel/index.js";

export class PromptAcceptance {
  private waiting: (() => void) | undefined;

  /** Calls `onAccepted` at the next run start; the returned function withdraws the wish. */
  expect(onAccepted: () => void): () => void {
    this.waiting = onAccepted;
    return () => {
      if (this.waiting === onAccepted) this.waiting = undefined;
    };
  }

  observe(event: SessionEvent): void {
    if (event.type !== "agent_start" || !this.waiting) return;
    const accepted = this.waiting;
    this.waiting = undefined;
    accepted();
  }
}
