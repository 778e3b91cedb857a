// The characters of JSON text that incremental readers (lib/provider-kit/partial-json-reader.ts, the served
// StreamingJsonParser's reader) tell apart one by one: an escape read a character at a time, the run of string
// characters that stand for themselves, and the blank space `trim` removes.

/** what the character after a backslash stands for, `u` aside */
const ESCAPES: ReadonlyMap<string, string> = new Map([
  ['"', '"'],
  ["\\", "\\"],
  ["/", "/"],
  ["b", "\b"],
  ["f", "\f"],
  ["n", "\n"],
  ["r", "\r"],
  ["t", "\t"],
]);
const HEX_DIGIT = /^[0-9a-fA-F]$/;
/** The run of string characters from `at` that stand for themselves (not a quote, a backslash or a control character). */
export function plainRun(text: string, at: number): string | undefined {
  let end = at;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    if (code === 0x22 || code === 0x5c || code < 0x20) break;
    end++;
  }
  return end > at ? text.slice(at, end) : undefined;
}
/** the characters String.prototype.trim removes */
export const TRIMMED = /^\s$/;

/** An escape in a JSON string, read from the character after its backslash; what to do with a broken one is the reader's. */
export class JsonEscape {
  #text = "\\";

  /** the escape's text so far, its backslash included */
  get text(): string {
    return this.#text;
  }

  /** Reads the next character: what the escape stands for once complete, "" while it goes on, undefined when `char` does not continue it. */
  read(char: string): string | undefined {
    if (this.#text === "\\") {
      if (char !== "u") return ESCAPES.get(char);
      this.#text = "\\u";
      return "";
    }
    if (!HEX_DIGIT.test(char)) return undefined;
    this.#text += char;
    return this.#text.length < 6 ? "" : String.fromCharCode(Number.parseInt(this.#text.slice(2), 16));
  }
}
