// pi-ai 1.6.0's `StreamingJsonParser`: JSON text read piece by piece, a snapshot of the value read so far, and the
// changes each piece made (`set` when a member, an element or a finished value appears, a new string with its text
// so far and a container empty; `append` when an open string grew). The value is the one the served
// `parseStreamingJson`'s reader gives for the text so far; the changes are what differs between the values before
// and after the piece, where a number or literal still open at the end of the text counts only once it ends. The
// text is read incrementally (./streaming-json-reader.ts), each character once; text that reader cannot follow is
// read again as a whole (./streaming-json-rereader.ts), only as often as keeps the cost linear.
import type { JsonChange, JsonValue } from "./json-change-journal.js";
import { StreamingJsonReader } from "./streaming-json-reader.js";
import { StreamingJsonRereader } from "./streaming-json-rereader.js";
import { extendShape, type TextShape } from "./streaming-json-shape.js";

export type { JsonChange, JsonPath } from "./json-change-journal.js";

/** pi-ai shows an open number this long only once it ends */
const LONGEST_OPEN_SCALAR = 64;

/** How many characters a parser has read, its own scan of each piece included (for tests of the cost). */
export let charactersRead: (parser: StreamingJsonParser) => number;

export class StreamingJsonParser {
  #text = "";
  #shape: TextShape = { openScalar: 0, closers: 0, scan: { inString: false, escaped: false } };
  #reader: StreamingJsonReader | undefined = new StreamingJsonReader();
  #rereader: StreamingJsonRereader | undefined;
  /** how many pieces left a readable value: the value without the open token is a new object each time */
  #readings = 0;
  #settled: { readings: number; value: JsonValue | undefined } | undefined;
  /** whether the text read since the last snapshot changed the value or its containers (a new snapshot is due) */
  #dirty = false;
  #snapshot: JsonValue | undefined;
  /** characters this parser's own scan read, and the reader it dropped */
  #read = 0;

  static {
    charactersRead = (parser) => parser.#read + (parser.#reader?.examined ?? 0) + (parser.#rereader?.examined ?? 0);
  }

  /** Reads the next piece of text; the changes it made, in the order of the value's keys. */
  append(text: string): readonly JsonChange[] {
    this.#text += text;
    this.#read += text.length;
    const shape = extendShape(this.#shape, text);
    const changes = this.#settle(text, shape);
    const scalarGrew = shape.openScalar > 0 && shape.openScalar !== this.#shape.openScalar;
    if (changes.length > 0 || scalarGrew || shape.closers !== this.#shape.closers) this.#dirty = true;
    this.#shape = shape;
    return changes;
  }

  /** The value of the text read so far (undefined before a value starts); a new object only when the text changed it. */
  snapshot(): JsonValue | undefined {
    if (!this.#dirty) return this.#snapshot;
    const { openScalar } = this.#shape;
    // without an open number or literal the value without it is the whole text's
    const whole = openScalar === 0 || openScalar > LONGEST_OPEN_SCALAR ? undefined : this.#whole();
    this.#snapshot = whole ?? this.#settledValue();
    this.#dirty = false;
    return this.#snapshot;
  }

  #settle(piece: string, shape: TextShape): JsonChange[] {
    if (this.#reader !== undefined) {
      const read = this.#reader.append(piece);
      if (read !== undefined) {
        // a value of null reads, but as no value: pi-ai's parser was compared with one that kept none and set it again
        if (read.readable && this.#reader.root === null) return [{ kind: "set", path: [], value: null }];
        if (read.readable) this.#readings++;
        return read.changes;
      }
      this.#rereader = new StreamingJsonRereader(this.#settledValue());
      this.#read += this.#reader.examined;
      this.#reader = undefined;
    }
    return this.#rereader!.settle(this.#text, shape.openScalar);
  }

  #whole(): JsonValue | undefined {
    return this.#reader !== undefined ? this.#reader.whole() : this.#rereader!.whole(this.#text);
  }

  /** The value without the open token: the same object until a piece reads again. */
  #settledValue(): JsonValue | undefined {
    if (this.#rereader !== undefined) return this.#rereader.settled;
    if (this.#settled?.readings !== this.#readings) this.#settled = { readings: this.#readings, value: this.#reader!.settled() ?? undefined };
    return this.#settled.value;
  }
}
