// pi-ai 1.6.0's `parseStreamingJson`: any JSON value, read as far as it has arrived. Complete text is parsed
// (repaired where a string holds raw control characters or a stray backslash); cut-off text keeps what was read: an
// open string its characters so far, an open container the members and elements read so far (a member whose value
// has not started is left out), a literal that is a prefix of `true`, `false`, `null`, `NaN` or `Infinity` that
// value, a number its digits so far. Text after the first value is ignored; what cannot be read at all is `{}`.
import { parseJsonWithRepair, repairJson } from "../../../../lib/json/repair-json.js";

/** the text ended inside a value: the container being read keeps what it has */
class CutShort extends Error {}

const LITERALS: readonly [string, unknown][] = [
  ["null", null],
  ["true", true],
  ["false", false],
  ["NaN", Number.NaN],
  ["Infinity", Number.POSITIVE_INFINITY],
  ["-Infinity", Number.NEGATIVE_INFINITY],
];

/** How a reader differs: parseStreamingJson's takes `NaN` and `Infinity` and a cut-off `e` exponent only (as the
 * partial-JSON reader under pi-ai's); StreamingJsonParser's takes JSON's own words and a cut-off `e` or `E`. */
interface ReaderRules {
  words: readonly [string, unknown][];
  exponent: RegExp;
}

const STREAMING_JSON_RULES: ReaderRules = { words: LITERALS, exponent: /e[+-]?$/ };
const PARSER_RULES: ReaderRules = { words: LITERALS.slice(0, 3), exponent: /[eE][+-]?$/ };

class PartialReader {
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly rules = STREAMING_JSON_RULES,
  ) {}

  value(): unknown {
    this.skipBlank();
    const char = this.text[this.at];
    if (char === undefined) throw new CutShort();
    if (char === '"') return this.string();
    if (char === "{") return this.object();
    if (char === "[") return this.array();
    const rest = this.text.slice(this.at);
    for (const [word, value] of this.rules.words) {
      if (rest.startsWith(word)) {
        this.at += word.length;
        return value;
      }
      // a word cut off at the end of the text
      if (word.startsWith(rest) && !(word === "-Infinity" && rest === "-")) {
        this.at = this.text.length;
        return value;
      }
    }
    return this.number();
  }

  private string(): string {
    const start = this.at++;
    let escaped = false;
    for (; this.at < this.text.length; this.at++) {
      const char = this.text[this.at];
      if (escaped) escaped = false;
      else if (char === "\\") escaped = true;
      else if (char === '"') return JSON.parse(this.text.slice(start, ++this.at)) as string;
    }
    // open: what was read, without a dangling escape
    const body = this.text.slice(start, this.text.length - (escaped ? 1 : 0));
    try {
      return JSON.parse(`${body}"`) as string;
    } catch {
      return JSON.parse(`${this.text.slice(start, this.text.lastIndexOf("\\"))}"`) as string;
    }
  }

  private object(): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    return this.container(object, "}", () => {
      const key = this.string();
      this.skipBlank();
      this.at++; // the colon
      object[key] = this.value();
    });
  }

  private array(): unknown[] {
    const array: unknown[] = [];
    return this.container(array, "]", () => array.push(this.value()));
  }

  /** reads members until `close`; cut off, the container keeps what was read */
  private container<T>(made: T, close: string, readMember: () => void): T {
    this.at++;
    try {
      for (this.skipBlank(); this.text[this.at] !== close; this.skipBlank()) {
        if (this.at >= this.text.length) return made;
        readMember();
        this.skipBlank();
        if (this.text[this.at] === ",") this.at++;
      }
    } catch (error) {
      if (error instanceof CutShort || this.at >= this.text.length) return made;
      throw error;
    }
    this.at++;
    return made;
  }

  private number(): number {
    const start = this.at;
    if (this.text[this.at] === "-") this.at++;
    while (this.at < this.text.length && !",]}".includes(this.text[this.at]!)) this.at++;
    const digits = this.text.slice(start, this.at);
    if (digits === "-") throw new CutShort();
    try {
      return JSON.parse(digits) as number;
    } catch (error) {
      // an exponent without its digits yet
      const exponent = digits.search(this.rules.exponent);
      if (exponent > 0) return JSON.parse(digits.slice(0, exponent)) as number;
      throw error;
    }
  }

  private skipBlank(): void {
    while (" \n\r\t".includes(this.text[this.at] ?? "x")) this.at++;
  }
}

function readPartial(text: string): unknown {
  return new PartialReader(text.trim()).value();
}

/**
 * The value of cut-off text as StreamingJsonParser shows it: blank space an open string ends with is kept, and
 * only JSON's own words are read. Throws when no value can be read yet.
 */
export function readStreamingValue(text: string): unknown {
  return new PartialReader(text.trimStart(), PARSER_RULES).value();
}

/** Complete text as it parses (`null` included); cut-off text as read so far, where nothing reads as `{}`. */
export function parseStreamingJson<T = Record<string, unknown>>(partial: string | undefined): T {
  if (!partial || partial.trim() === "") return {} as T;
  try {
    return parseJsonWithRepair(partial) as T;
  } catch {
    for (const attempt of [() => readPartial(partial), () => readPartial(repairJson(partial))]) {
      try {
        return (attempt() ?? {}) as T;
      } catch {
        // the next, more lenient reading
      }
    }
    return {} as T;
  }
}
