// The served StreamingJsonParser's fallback for text its incremental reader cannot follow: the text so far read
// again with the parser's reader (./partial-json-value.ts) and compared with the value before, as the parser once
// did on every piece. To keep the cost in proportion to the text's length, the text is read again only once it has
// grown by a quarter since the last reading. A reading skipped in between counts as failed, which is what it gives
// for text that stopped reading for good (a token that never parses, a string holding a raw control character once
// it ends), and which batches the changes of broken text that still reads.
import { compareValues, type JsonChange, type JsonValue } from "./json-change-journal.js";
import { readStreamingValue } from "./partial-json-value.js";

export class StreamingJsonRereader {
  #settled: JsonValue | undefined;
  /** the length of text the last reading was granted for, and the length that grants the next */
  #grantedAt = -1;
  #nextAt = 0;
  /** characters read, for tests of the cost */
  examined = 0;

  /** `settled`: the value the parser had before the text it could not follow */
  constructor(settled: JsonValue | undefined) {
    this.#settled = settled;
  }

  /** the value of the text without its open token, as last read */
  get settled(): JsonValue | undefined {
    return this.#settled;
  }

  /** Reads `text` without its last `openScalar` characters; the changes from the value before. */
  settle(text: string, openScalar: number): JsonChange[] {
    const settled = this.#read(text, text.length - openScalar);
    const changes = settled === undefined ? [] : compareValues(this.#settled, settled);
    this.#settled = settled ?? this.#settled;
    return changes;
  }

  /** The value of the whole text, when it reads and a reading is granted. */
  whole(text: string): JsonValue | undefined {
    return this.#read(text, text.length);
  }

  #read(text: string, end: number): JsonValue | undefined {
    if (text.length !== this.#grantedAt) {
      if (text.length < this.#nextAt) return undefined;
      this.#grantedAt = text.length;
      this.#nextAt = text.length + Math.max(1, Math.floor(text.length / 4));
    }
    this.examined += end;
    const read = text.slice(0, end);
    if (read.trim() === "") return undefined;
    try {
      return readStreamingValue(read) as JsonValue;
    } catch {
      return undefined;
    }
  }
}
