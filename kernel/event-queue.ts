// One serial queue for session events: each event is delivered to every consumer before the next one starts,
// so persistence and output see the loop's order exactly. A failing consumer is reported and skipped; it never
// stalls later events. A consumer that waits (output whose reader is slow) holds the queue; a producer that can wait
// (a streaming reply) asks `whenCaughtUp` before it adds more, so events never pile up without bound.
import type { SessionEvent } from "./events.js";

export type EventConsumer = (event: SessionEvent) => void | Promise<void>;
export type ConsumerErrorReporter = (error: unknown, event: SessionEvent) => void;

/** Events waiting for delivery above which a producer that can wait should (`whenCaughtUp`). */
export const EVENT_BACKLOG_LIMIT = 512;

export class EventQueue {
  private tail: Promise<void> = Promise.resolve();
  private readonly consumers: EventConsumer[] = [];
  private pending = 0;

  constructor(private readonly reportError: ConsumerErrorReporter) {}

  /** Consumers run in the order they were added. */
  add(consumer: EventConsumer): void {
    this.consumers.push(consumer);
  }

  push(event: SessionEvent): void {
    this.pending++;
    this.tail = this.tail.then(() => this.deliver(event)).finally(() => this.pending--);
  }

  /** Undefined while the backlog is small; otherwise resolves once every event pushed so far was delivered. */
  whenCaughtUp(): Promise<void> | undefined {
    return this.pending > EVENT_BACKLOG_LIMIT ? this.tail : undefined;
  }

  /** Resolves once every event pushed so far has been delivered. */
  drain(): Promise<void> {
    return this.tail;
  }

  private async deliver(event: SessionEvent): Promise<void> {
    for (const consumer of this.consumers) {
      try {
        const result = consumer(event);
        if (result !== undefined) await result;
      } catch (error) {
        this.reportError(error, event);
      }
    }
  }
}
