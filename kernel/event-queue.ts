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
  /** a set, so a consumer removed while an event is delivered does not get it, and one added meanwhile does */
  private readonly consumers = new Set<EventConsumer>();
  private pending = 0;

  constructor(private readonly reportError: ConsumerErrorReporter) {}

  /** Consumers run in the order they were added; the returned function removes this one. */
  add(consumer: EventConsumer): () => void {
    this.consumers.add(consumer);
    return () => void this.consumers.delete(consumer);
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
