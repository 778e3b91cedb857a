// The ReadableStream a response of pith's HTTP client carries. The SDKs and FetchResponse only ever read a body
// with `for await`, so that path reads straight from a chunk queue; a real web ReadableStream is built over the same
// queue the first time anything else is asked of the body (getReader, tee, pipeTo). On Node 20 the web streams
// module costs ~4 ms to load and releasing its first reader ~3 ms more (it builds a vm context for an error
// message), which is most of a print run's streaming overhead.

/** How much of a body may wait unread before the connection is paused (what undici allows). */
const HIGH_WATER_MARK = 64 * 1024;

interface PendingRead {
  resolve(result: ReadableStreamReadResult<Uint8Array>): void;
  reject(reason: unknown): void;
}

/** What feeds a BodyStream: `pause`/`resume` apply backpressure to the producer, `cancel` tells it to stop. */
export interface BodyProducer {
  pause(): void;
  resume(): void;
  cancel(): void;
}

/** The chunks of one body, read in order by whichever reader the body has; errors and cancels as web streams do. */
export class BodyQueue {
  #chunks: Uint8Array[] = [];
  #queuedBytes = 0;
  #state: "open" | "closed" | "errored" = "open";
  #error: unknown;
  #pending: PendingRead[] = [];

  constructor(private readonly producer: BodyProducer) {}

  push(chunk: Uint8Array): void {
    if (this.#state !== "open") return;
    const waiting = this.#pending.shift();
    if (waiting) return waiting.resolve({ done: false, value: chunk });
    this.#chunks.push(chunk);
    this.#queuedBytes += chunk.byteLength;
    if (this.#queuedBytes >= HIGH_WATER_MARK) this.producer.pause();
  }

  close(): void {
    if (this.#state !== "open") return;
    this.#state = "closed";
    for (const waiting of this.#pending.splice(0)) waiting.resolve({ done: true, value: undefined });
  }

  /** Unread chunks are dropped: an errored web stream hands out nothing more. */
  error(reason: unknown): void {
    if (this.#state !== "open") return;
    this.#state = "errored";
    this.#error = reason;
    this.#chunks = [];
    for (const waiting of this.#pending.splice(0)) waiting.reject(reason);
  }

  cancel(): void {
    if (this.#state === "open") this.producer.cancel();
    this.#chunks = [];
    this.close();
  }

  read(): Promise<ReadableStreamReadResult<Uint8Array>> {
    const chunk = this.#chunks.shift();
    if (chunk) {
      this.#queuedBytes -= chunk.byteLength;
      if (this.#state === "open" && this.#queuedBytes < HIGH_WATER_MARK) this.producer.resume();
      return Promise.resolve({ done: false, value: chunk });
    }
    if (this.#state === "errored") return Promise.reject(this.#error);
    if (this.#state === "closed") return Promise.resolve({ done: true, value: undefined });
    this.producer.resume();
    return new Promise((resolve, reject) => this.#pending.push({ resolve, reject }));
  }
}

/** A ReadableStream of bytes over a BodyQueue (see the top of the file). */
export class BodyStream implements AsyncIterable<Uint8Array> {
  #queue: BodyQueue;
  #web: ReadableStream<Uint8Array> | undefined;
  #iterating = false;

  constructor(queue: BodyQueue) {
    this.#queue = queue;
  }

  get locked(): boolean {
    return this.#web ? this.#web.locked : this.#iterating;
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<Uint8Array> {
    return this.values();
  }

  /** The stream's async iterator: it locks the stream until it ends, fails or returns; returning cancels the body. */
  values(options: { preventCancel?: boolean } = {}): AsyncIterableIterator<Uint8Array> {
    if (this.#web) return this.#web.values(options);
    if (this.#iterating) throw new TypeError("ReadableStream is locked: it is already being read.");
    this.#iterating = true;
    const queue = this.#queue;
    let finished = false;
    const release = () => {
      finished = true;
      this.#iterating = false;
    };
    const next = async (): Promise<IteratorResult<Uint8Array>> => {
      if (finished) return { done: true, value: undefined };
      try {
        const result = await queue.read();
        if (result.done) release();
        return result.done ? { done: true, value: undefined } : { done: false, value: result.value };
      } catch (error) {
        release();
        throw error;
      }
    };
    const stop = async (value?: unknown): Promise<IteratorResult<Uint8Array>> => {
      if (!finished) {
        release();
        if (!options.preventCancel) queue.cancel();
      }
      return { done: true, value };
    };
    // Calls are answered in order, as a web stream's iterator answers them.
    let previous: Promise<unknown> = Promise.resolve();
    const iterator: AsyncIterableIterator<Uint8Array> = {
      next: () => (previous = previous.then(next, next)) as Promise<IteratorResult<Uint8Array>>,
      return: (value?: unknown) => (previous = previous.then(() => stop(value), () => stop(value))) as Promise<IteratorResult<Uint8Array>>,
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }

  getReader(): ReadableStreamDefaultReader<Uint8Array> {
    return this.#webStream().getReader();
  }

  cancel(reason?: unknown): Promise<void> {
    if (this.#web) return this.#web.cancel(reason);
    if (this.#iterating) return Promise.reject(new TypeError("ReadableStream is locked: cannot cancel a stream that is being read."));
    this.#queue.cancel();
    return Promise.resolve();
  }

  tee(): [ReadableStream<Uint8Array>, ReadableStream<Uint8Array>] {
    return this.#webStream().tee();
  }

  pipeTo(destination: WritableStream<Uint8Array>, options?: StreamPipeOptions): Promise<void> {
    return this.#webStream().pipeTo(destination, options);
  }

  pipeThrough<T>(transform: ReadableWritablePair<T, Uint8Array>, options?: StreamPipeOptions): ReadableStream<T> {
    return this.#webStream().pipeThrough(transform, options);
  }

  get [Symbol.toStringTag](): string {
    return "ReadableStream";
  }

  #webStream(): ReadableStream<Uint8Array> {
    if (this.#web) return this.#web;
    if (this.#iterating) throw new TypeError("ReadableStream is locked: it is already being read.");
    const queue = this.#queue;
    this.#web = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const result = await queue.read();
          if (result.done) controller.close();
          else controller.enqueue(result.value);
        },
        cancel() {
          queue.cancel();
        },
      },
      { highWaterMark: 0 },
    );
    return this.#web;
  }
}
