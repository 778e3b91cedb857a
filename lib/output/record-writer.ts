// The one writer of JSON-lines output (`--mode json`, RPC). Every record is one whole line, and everything a mode
// prints goes through here, so no record can ever be written into the middle of another. Lines gathered within
// one tick leave in one write (a streaming reply emits many small events). Back-pressure: while the sink is full,
// `whenWritable` makes the session's event queue wait (see `holdEventsWhileFull`), and a streaming reply waits for
// that queue, so memory stays bounded however slowly the reader reads.
import type { PluginContext } from "../../kernel/index.js";

/** Where the lines go: the real stdout (not the guarded `process.stdout.write`), or any stream in tests. */
export interface RecordSink {
  write(chunk: string): boolean;
  once(event: "drain", listener: () => void): unknown;
}

export class RecordWriter {
  private buffer: string[] = [];
  private scheduled = false;
  /** set while the sink said it is full; one "drain" listener serves every write made meanwhile */
  private full: Promise<void> | undefined;
  private releaseFull: (() => void) | undefined;
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

  /** Resolves once every line written so far has been handed to the sink and the sink has room again. */
  async flush(): Promise<void> {
    this.flushNow();
    while (this.full) await this.full;
  }

  /** Resolves at once, or when the sink has room again. */
  whenWritable(): Promise<void> {
    return this.full ?? Promise.resolve();
  }

  /** The reader on the other end is gone: later records are dropped, and no flush waits for it any more. */
  close(): void {
    this.closed = true;
    this.buffer = [];
    this.releaseFull?.();
  }

  private flushNow(): void {
    this.scheduled = false;
    if (this.buffer.length === 0 || this.closed) return;
    const chunk = this.buffer.join("");
    this.buffer = [];
    if (this.sink.write(chunk) || this.full) return;
    // Listen now: a write that completed synchronously emits "drain" on the next tick, before any promise callback.
    this.full = new Promise<void>((resolve) => {
      this.releaseFull = () => {
        this.full = undefined;
        this.releaseFull = undefined;
        resolve();
      };
      this.sink.once("drain", () => this.releaseFull?.());
    });
  }
}

/** Makes the session's event queue wait while the writer's sink is full (the reader is slower than the session). */
export function holdEventsWhileFull(context: PluginContext, writer: RecordWriter): void {
  context.on("event", () => writer.whenWritable());
}
