// pi-ai's event stream classes: an async queue of events that also resolves to a final result. A module of its
// own, without pith's providers, so a stream can be handed back at once while the call's code is still loading.
import type { AssistantMessage, AssistantMessageEvent } from "../../../../kernel/index.js";

/** An async queue of events that also resolves to a final result (pi-ai's `EventStream`). */
export class EventStream<T, R = T> implements AsyncIterable<T> {
  private readonly queue: T[] = [];
  private readonly waiting: ((result: IteratorResult<T>) => void)[] = [];
  private finished = false;
  private readonly final: Promise<R>;
  private resolveFinal!: (value: R) => void;

  constructor(
    private readonly isComplete: (event: T) => boolean,
    private readonly extractResult: (event: T) => R,
  ) {
    this.final = new Promise<R>((resolve) => (this.resolveFinal = resolve));
  }

  push(event: T): void {
    if (this.finished) return;
    if (this.isComplete(event)) {
      this.finished = true;
      this.resolveFinal(this.extractResult(event));
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value: event, done: false });
    else this.queue.push(event);
    if (this.finished) this.releaseWaiting();
  }

  end(result?: R): void {
    this.finished = true;
    if (result !== undefined) this.resolveFinal(result);
    this.releaseWaiting();
  }

  result(): Promise<R> {
    return this.final;
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        const queued = this.queue.shift();
        if (queued !== undefined) return Promise.resolve({ value: queued, done: false });
        if (this.finished) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => this.waiting.push(resolve));
      },
    };
  }

  private releaseWaiting(): void {
    if (this.queue.length > 0) return;
    for (const waiter of this.waiting.splice(0)) waiter({ value: undefined, done: true });
  }
}

/**
 * pi-ai's stream of one reply. It times the reply, as pi-ai does: the final message gets `durationMs` from the
 * stream's creation, unless it has one already or started before the stream (a deferred reply fetched later).
 */
export class AssistantMessageEventStream extends EventStream<AssistantMessageEvent, AssistantMessage> {
  readonly #startedAt = Date.now();
  readonly #startedAtMonotonic = performance.now();
  #timed = false;

  constructor() {
    super(
      (event) => event.type === "done" || event.type === "error",
      (event) => (event.type === "done" ? event.message : event.type === "error" ? event.error : (undefined as never)),
    );
  }

  override push(event: AssistantMessageEvent): void {
    if (event.type === "done") this.#time(event.message);
    else if (event.type === "error") this.#time(event.error);
    super.push(event);
  }

  override end(result?: AssistantMessage): void {
    if (result !== undefined) this.#time(result);
    super.end(result);
  }

  #time(message: AssistantMessage): void {
    if (this.#timed) return;
    this.#timed = true;
    if (message.durationMs !== undefined || message.timestamp < this.#startedAt) return;
    message.durationMs = Math.max(0, Math.round(performance.now() - this.#startedAtMonotonic));
  }
}

export function createAssistantMessageEventStream(): AssistantMessageEventStream {
  return new AssistantMessageEventStream();
}
