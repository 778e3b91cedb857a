// One serial queue for session events: each event is delivered to every consumer before the next one starts,
// so persistence and output see the loop's order exactly. A failing consumer is reported and skipped; it never
// stalls later events.
import type { SessionEvent } from "./events.js";

export type EventConsumer = (event: SessionEvent) => void | Promise<void>;
export type ConsumerErrorReporter = (error: unknown, event: SessionEvent) => void;

export class EventQueue {
  private tail: Promise<void> = Promise.resolve();
  private readonly consumers: EventConsumer[] = [];

  constructor(private readonly reportError: ConsumerErrorReporter) {}

  /** Consumers run in the order they were added. */
  add(consumer: EventConsumer): void {
    this.consumers.push(consumer);
  }

  push(event: SessionEvent): void {
    this.tail = this.tail.then(() => this.deliver(event));
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
