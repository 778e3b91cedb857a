// Buffered writes to a stream: lines gathered within one tick go out in one write, so a flood of small
// events costs one syscall per tick instead of one per event. Back-pressure is respected.
import type { Writable } from "node:stream";

export class LineWriter {
  private buffer: string[] = [];
  private scheduled = false;
  private draining: Promise<void> = Promise.resolve();

  constructor(private readonly stream: Writable) {}

  write(line: string): void {
    this.buffer.push(line);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flushNow());
  }

  /** Resolves once everything written so far has been handed to the operating system. */
  async flush(): Promise<void> {
    this.flushNow();
    await this.draining;
  }

  private flushNow(): void {
    this.scheduled = false;
    if (this.buffer.length === 0) return;
    const chunk = this.buffer.join("");
    this.buffer = [];
    if (!this.stream.write(chunk)) {
      // Listen now: a write that completes at once emits "drain" before a chained callback could subscribe.
      const drained = new Promise<void>((resolve) => this.stream.once("drain", resolve));
      this.draining = this.draining.then(() => drained);
    }
  }
}
