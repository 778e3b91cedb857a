// Collects a command's output with bounded memory: a rolling tail for the model and, once the output is
// over the limits, the complete raw bytes in a temp file the model can page through.
import { createWriteStream, type WriteStream } from "node:fs";
import { open } from "node:fs/promises";
import { newOutputLogPath } from "./output-logs.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, truncateTail, type TruncationResult } from "../truncate.js";

export interface OutputSnapshot {
  text: string;
  truncation: TruncationResult;
  fullOutputPath: string | undefined;
}

export class OutputCollector {
  private readonly maxLines: number;
  private readonly maxBytes: number;
  private readonly rollingBytes: number;
  private readonly tempFilePrefix: string;
  private readonly decoder = new TextDecoder();
  private pendingChunks: Buffer[] = [];
  private tail = "";
  private tailBytes = 0;
  private tailStartsAtLine = true;
  private rawBytes = 0;
  private decodedBytes = 0;
  private lines = 1;
  private currentLineBytes = 0;
  private tempPath: string | undefined;
  private tempStream: WriteStream | undefined;

  constructor(options: { tempFilePrefix: string; maxLines?: number; maxBytes?: number }) {
    this.maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.rollingBytes = this.maxBytes * 2;
    this.tempFilePrefix = options.tempFilePrefix;
  }

  append(chunk: Buffer): void {
    this.rawBytes += chunk.length;
    this.appendText(this.decoder.decode(chunk, { stream: true }));
    if (this.tempStream || this.overLimits()) {
      this.openTempFile();
      this.tempStream!.write(chunk);
    } else {
      this.pendingChunks.push(chunk);
    }
  }

  /** Flushes the decoder; call once, after the last chunk. */
  finish(): void {
    this.appendText(this.decoder.decode());
    if (this.overLimits()) this.openTempFile();
  }

  /** Bytes of the last (possibly unterminated) line. */
  get lastLineBytes(): number {
    return this.currentLineBytes;
  }

  snapshot(): OutputSnapshot {
    const visible = truncateTail(this.visibleTail(), { maxLines: this.maxLines, maxBytes: this.maxBytes });
    const truncated = this.lines > this.maxLines || this.decodedBytes > this.maxBytes;
    const truncation: TruncationResult = {
      ...visible,
      truncated,
      truncatedBy: truncated ? (visible.truncatedBy ?? (this.decodedBytes > this.maxBytes ? "bytes" : "lines")) : null,
      totalLines: this.lines,
      totalBytes: this.decodedBytes,
    };
    if (truncated) this.openTempFile();
    return { text: visible.content, truncation, fullOutputPath: this.tempPath };
  }

  async close(): Promise<void> {
    const stream = this.tempStream;
    if (!stream) return;
    this.tempStream = undefined;
    await new Promise<void>((resolve, reject) => {
      stream.once("error", reject);
      stream.end(resolve);
    });
  }

  /**
   * The whole output as text, for programs (bash's structured content); over `maxBytes`, its first and last
   * halves around a note of what was left out. Call after `close()`.
   */
  async fullOutput(maxBytes: number): Promise<{ content: string; truncated: boolean }> {
    if (!this.tempPath) return { content: new TextDecoder().decode(Buffer.concat(this.pendingChunks)), truncated: false };
    const file = await open(this.tempPath, "r");
    try {
      const size = (await file.stat()).size;
      if (size <= maxBytes) return { content: new TextDecoder().decode(await file.readFile()), truncated: false };
      const head = Buffer.alloc(Math.floor(maxBytes / 2));
      const tail = Buffer.alloc(maxBytes - head.length);
      await file.read(head, 0, head.length, 0);
      await file.read(tail, 0, tail.length, size - tail.length);
      // cut at character boundaries: the head's incomplete last character is held back, the tail's leading
      // continuation bytes are skipped
      let tailStart = 0;
      while (tailStart < tail.length && (tail[tailStart]! & 0xc0) === 0x80) tailStart++;
      const omitted = size - head.length - tail.length;
      const headText = new TextDecoder().decode(head, { stream: true });
      return { content: `${headText}\n\n[... ${omitted} bytes omitted ...]\n\n${new TextDecoder().decode(tail.subarray(tailStart))}`, truncated: true };
    } finally {
      await file.close();
    }
  }

  private overLimits(): boolean {
    return this.rawBytes > this.maxBytes || this.decodedBytes > this.maxBytes || this.lines > this.maxLines;
  }

  private openTempFile(): void {
    if (this.tempPath) return;
    this.tempPath = newOutputLogPath(this.tempFilePrefix);
    this.tempStream = createWriteStream(this.tempPath);
    for (const chunk of this.pendingChunks) this.tempStream.write(chunk);
    this.pendingChunks = [];
  }

  private appendText(text: string): void {
    if (!text) return;
    const bytes = Buffer.byteLength(text, "utf-8");
    this.decodedBytes += bytes;
    this.tail += text;
    this.tailBytes += bytes;
    // trim lazily (at twice the window) so long outputs are not re-sliced on every chunk
    if (this.tailBytes > this.rollingBytes * 2) this.trimTail();
    const lastNewline = text.lastIndexOf("\n");
    if (lastNewline === -1) {
      this.currentLineBytes += bytes;
      return;
    }
    for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) this.lines++;
    this.currentLineBytes = Buffer.byteLength(text.slice(lastNewline + 1), "utf-8");
  }

  private trimTail(): void {
    const buffer = Buffer.from(this.tail, "utf-8");
    let start = buffer.length - this.rollingBytes;
    while (start < buffer.length && (buffer[start]! & 0xc0) === 0x80) start++;
    this.tailStartsAtLine = buffer[start - 1] === 0x0a;
    this.tail = buffer.subarray(start).toString("utf-8");
    this.tailBytes = buffer.length - start;
  }

  /** The tail without a leading partial line, unless the tail is one single partial line. */
  private visibleTail(): string {
    if (this.tailStartsAtLine) return this.tail;
    const firstNewline = this.tail.indexOf("\n");
    return firstNewline === -1 ? this.tail : this.tail.slice(firstNewline + 1);
  }
}
