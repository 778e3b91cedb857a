// One serial queue for session events: each event is delivered to every consumer before the next one starts,
// so persistence and output see the loop's order exactly. A failing consumer is reported and skipped; it never
// stalls later events.
import type { SessionEvent } from "./events.js";

export type EventConsumer = (event: SessionEvent) => void | Promise<void>;
export type ConsumerErrorReporter = (error: unknown, event: SessionEvent) => void;

export class EventQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;
  private readonly consumers: EventConsumer[] = [];

  constructor(private readonly reportError: ConsumerErrorReporter) {}

  /** Consumers run in the order they were added. Returns a function that removes the consumer. */
  add(consumer: EventConsumer): () => void {
    this.consumers.push(consumer);
    return () => {
      const index = this.consumers.indexOf(consumer);
      if (index >= 0) this.consumers.splice(index, 1);
    };
  }

  push(event: SessionEvent): void {
    this.pending++;
    this.tail = this.tail.then(() => this.deliver(event));
  }

  /** Resolves once every event pushed so far has been delivered. */
  drain(): Promise<void> {
    return this.tail;
  }

  get size(): number {
    return this.pending;
  }

  private async deliver(event: SessionEvent): Promise<void> {
    try {
      for (const consumer of this.consumers.slice()) {
        try {
          const result = consumer(event);
          if (result !== undefined) await result;
        } catch (error) {
          this.reportError(error, event);
        }
      }
    } finally {
      this.pending--;
    }
  }
}
