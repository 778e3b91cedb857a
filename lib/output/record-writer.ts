// The one writer of JSON-lines output (`--mode json`, RPC). Every record is one whole line, and everything a mode
// prints goes through here, so no record can ever be written into the middle of another. Lines gathered within
// one tick leave in one write (a streaming reply emits many small events), and back-pressure is respected.

/** Where the lines go: the real stdout (not the guarded `process.stdout.write`), or any stream in tests. */
export interface RecordSink {
  write(chunk: string): boolean;
  once(event: "drain", listener: () => void): unknown;
}

export class RecordWriter {
  private buffer: string[] = [];
  private scheduled = false;
  private draining: Promise<void> = Promise.resolve();
  private readonly waitingForDrain = new Set<() => void>();
  private closed = false;

  constructor(private readonly sink: RecordSink) {}

  /** A record as `JSON.stringify(record) + "\n"`. */
  write(record: object): void {
    this.writeLine(JSON.stringify(record));
  }

  /** A record serialised by the caller (events are serialised at the moment they are emitted). */
  writeLine(json: string): void {
    if (this.closed) return;
    this.buffer.push(json, "\n");
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flushNow());
  }

  /** Resolves once every line written so far has been handed to the sink. */
  async flush(): Promise<void> {
    this.flushNow();
    await this.draining;
  }

  /** The reader on the other end is gone: later records are dropped, and no flush waits for it any more. */
  close(): void {
    this.closed = true;
    this.buffer = [];
    for (const release of this.waitingForDrain) release();
  }

  private flushNow(): void {
    this.scheduled = false;
    if (this.buffer.length === 0 || this.closed) return;
    const chunk = this.buffer.join("");
    this.buffer = [];
    if (this.sink.write(chunk)) return;
    // Listen now: a write that completed synchronously emits "drain" on the next tick, before any promise callback.
    const drained = new Promise<void>((resolve) => {
      const release = () => {
        this.waitingForDrain.delete(release);
        resolve();
      };
      this.waitingForDrain.add(release);
      this.sink.once("drain", release);
    });
    this.draining = this.draining.then(() => drained);
  }
}
