// Strict JSONL input: a record ends at "\n" and nowhere else. Node's readline also splits on U+2028 and
// U+2029, which are legal inside JSON strings, so it cannot read this protocol.
import { StringDecoder } from "node:string_decoder";
import type { Readable } from "node:stream";

export interface JsonlReaderHandlers {
  /** one record, without its "\n" and without one trailing "\r" */
  onLine(line: string): void;
  /** the input ended (or failed); a last line without "\n" has been delivered first */
  onEnd(): void;
}

/** Reads `stream` line by line until it ends; returns a function that stops reading. */
export function readJsonlLines(stream: Readable, handlers: JsonlReaderHandlers): () => void {
  const decoder = new StringDecoder("utf8");
  // Pieces of the line being read: a 10 MB line arrives in many chunks, and each chunk is searched once.
  let pieces: string[] = [];
  let ended = false;

  const emit = (line: string) => handlers.onLine(line.endsWith("\r") ? line.slice(0, -1) : line);

  const onData = (chunk: Buffer | string) => {
    const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
    let start = 0;
    for (let newline = text.indexOf("\n"); newline !== -1; newline = text.indexOf("\n", start)) {
      pieces.push(text.slice(start, newline));
      const line = pieces.length === 1 ? pieces[0]! : pieces.join("");
      pieces = [];
      start = newline + 1;
      emit(line);
    }
    if (start < text.length) pieces.push(text.slice(start));
  };

  const onEnd = () => {
    if (ended) return;
    ended = true;
    const rest = decoder.end();
    if (rest) pieces.push(rest);
    if (pieces.length > 0) {
      const line = pieces.join("");
      pieces = [];
      emit(line);
    }
    handlers.onEnd();
  };

  stream.on("data", onData);
  stream.on("end", onEnd);
  stream.on("error", onEnd);
  return () => {
    stream.off("data", onData);
    stream.off("end", onEnd);
    stream.off("error", onEnd);
  };
}
