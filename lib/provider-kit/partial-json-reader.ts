// Tool-call arguments read as their JSON streams in, fragment by fragment, each character once: after every fragment
// the value is what parsePartialJson (./partial-json.ts, whose rules are this reader's spec) gives for the whole text
// so far, without reading that text again, so a long argument (a whole file for `write`) costs time in proportion
// to its length. Text the reader cannot follow (not JSON, or more text after the object ends) goes back to
// parsePartialJson, read again only once it has grown by a quarter, so even that stays linear.
import { JsonEscape, plainRun, TRIMMED } from "../json/json-string-characters.js";
import { parsePartialJson } from "./partial-json.js";

type Arguments = Record<string, unknown>;
interface ObjectFrame {
  kind: "object";
  members: Arguments;
  /** what comes next: the first key or "}", a key, ":", a value, "," or "}" */
  phase: "firstKey" | "key" | "colon" | "value" | "next";
  key: string;
  /** the key's text holds an escaped quote, which parsePartialJson cannot drop while the key waits for its value */
  keyHasQuote: boolean;
}
interface ArrayFrame {
  kind: "array";
  items: unknown[];
  phase: "firstItem" | "item" | "next";
}
type Frame = ObjectFrame | ArrayFrame;
type Mode = "start" | "between" | "string" | "number" | "literal" | "closed" | "notObject" | "fallback";
type NumberPart = "sign" | "zero" | "integer" | "point" | "fraction" | "exponentMark" | "exponentSign" | "exponent";

const JSON_SPACE = new Set([" ", "\t", "\n", "\r"]);
const ENDS_SCALAR = new Set([...JSON_SPACE, ",", "}", "]"]);
const LITERALS = new Map<string, [string, boolean | null]>([
  ["t", ["true", true]],
  ["f", ["false", false]],
  ["n", ["null", null]],
]);
const COMPLETE_NUMBER = new Set<NumberPart>(["zero", "integer", "fraction", "exponent"]);
/** a value cut short where parsePartialJson gives no arguments at all */
const UNREADABLE = Symbol("unreadable");

export class PartialJsonReader {
  #text = "";
  #mode: Mode = "start";
  readonly #stack: Frame[] = [];
  #root: Arguments | undefined;
  // the string being read: its text up to the last character that is not raw white space, then that white space
  // (a prefix's trailing white space is trimmed away), an escape begun, and whether it is a key
  #settled = "";
  #spaces = "";
  #escape: JsonEscape | undefined;
  #stringIsKey = false;
  #hasQuote = false;
  // the number or literal being read
  #scalar = "";
  #numberPart: NumberPart = "sign";
  #literal: [string, boolean | null] = ["null", null];
  #snapshot: Arguments | undefined;
  #stale = false;
  #parsedLength = 0;

  /** all the text appended so far */
  get text(): string {
    return this.#text;
  }

  append(fragment: string): void {
    if (fragment === "") return;
    this.#text += fragment;
    if (this.#mode !== "fallback") this.#readFragment(fragment);
    if (this.#mode === "fallback" && this.#text.length - this.#parsedLength >= this.#parsedLength / 4) this.#readWholeText();
  }

  #readFragment(fragment: string): void {
    this.#stale = true;
    for (let at = 0; at < fragment.length && this.#following(); ) at = this.#step(fragment, at);
  }

  /** whether the characters still change what the reader shows */
  #following(): boolean {
    return this.#mode !== "notObject" && this.#mode !== "fallback";
  }

  /** parsePartialJson of the text so far; a new object only when text arrived since the last look */
  get value(): Arguments | undefined {
    if (this.#mode === "start") return {};
    if (this.#mode === "notObject") return undefined;
    if (this.#mode === "closed") return this.#root;
    if (this.#stale) {
      this.#snapshot = this.#read();
      this.#stale = false;
    }
    return this.#snapshot;
  }

  #readWholeText(): void {
    this.#parsedLength = this.#text.length;
    this.#snapshot = parsePartialJson(this.#text);
    this.#stale = false;
  }

  /** Reads the character at `at` (a run of them inside a string); where to go on. */
  #step(text: string, at: number): number {
    const char = text[at]!;
    switch (this.#mode) {
      case "string":
        return this.#stringStep(text, at);
      case "number":
        return this.#numberStep(char) ? at + 1 : at;
      case "literal":
        this.#literalStep(char);
        return at + 1;
      case "between":
        this.#structural(char);
        return at + 1;
      case "start":
        if (char === "{") this.#open({ kind: "object", members: {}, phase: "firstKey", key: "", keyHasQuote: false });
        else if (!TRIMMED.test(char)) this.#mode = "notObject";
        return at + 1;
      default:
        if (!JSON_SPACE.has(char)) this.#mode = "fallback";
        return at + 1;
    }
  }

  #structural(char: string): void {
    if (JSON_SPACE.has(char)) return;
    const frame = this.#stack[this.#stack.length - 1]!;
    const phase = frame.phase;
    if (phase === "firstKey" || phase === "key") {
      if (char === '"') return this.#startString(true);
      if (char === "}" && phase === "firstKey") return this.#close();
    } else if (phase === "colon") {
      if (char === ":") {
        frame.phase = "value";
        return;
      }
    } else if (phase === "next") {
      if (char === ",") {
        frame.phase = frame.kind === "object" ? "key" : "item";
        return;
      }
      if (char === (frame.kind === "object" ? "}" : "]")) return this.#close();
    } else {
      if (this.#startValue(char)) return;
      if (char === "]" && phase === "firstItem") return this.#close();
    }
    this.#mode = "fallback";
  }

  #startValue(char: string): boolean {
    if (char === "{") this.#open({ kind: "object", members: {}, phase: "firstKey", key: "", keyHasQuote: false });
    else if (char === "[") this.#open({ kind: "array", items: [], phase: "firstItem" });
    else if (char === '"') this.#startString(false);
    else if (char === "-" || (char >= "0" && char <= "9")) {
      this.#mode = "number";
      this.#scalar = char;
      this.#numberPart = char === "-" ? "sign" : char === "0" ? "zero" : "integer";
    } else {
      const literal = LITERALS.get(char);
      if (!literal) return false;
      this.#mode = "literal";
      this.#scalar = char;
      this.#literal = literal;
    }
    return true;
  }

  #open(frame: Frame): void {
    this.#stack.push(frame);
    this.#mode = "between";
  }

  #close(): void {
    const frame = this.#stack.pop()!;
    const value = frame.kind === "object" ? frame.members : frame.items;
    if (this.#stack.length > 0) return this.#addValue(value);
    this.#root = value as Arguments;
    this.#mode = "closed";
  }

  #addValue(value: unknown): void {
    const frame = this.#stack[this.#stack.length - 1]!;
    if (frame.kind === "object") setMember(frame.members, frame.key, value);
    else frame.items.push(value);
    frame.phase = "next";
    this.#mode = "between";
  }

  #startString(isKey: boolean): void {
    this.#mode = "string";
    this.#stringIsKey = isKey;
    this.#hasQuote = false;
    this.#settled = "";
    this.#spaces = "";
  }

  /** Strings are read as repairJson reads them: raw control characters kept, a backslash that starts no escape kept. */
  #stringStep(text: string, at: number): number {
    const char = text[at]!;
    const escape = this.#escape;
    if (escape !== undefined) {
      const decoded = escape.read(char);
      if (decoded === "") return at + 1;
      this.#escape = undefined;
      if (decoded === undefined) {
        this.#addDecoded(escape.text);
        return at;
      }
      if (char === '"') this.#hasQuote = true;
      this.#addDecoded(decoded);
      return at + 1;
    }
    const run = plainRun(text, at);
    if (run !== undefined) {
      this.#addRaw(run);
      return at + run.length;
    }
    if (char === '"') this.#endString();
    else if (char === "\\") this.#escape = new JsonEscape();
    else this.#addRaw(char);
    return at + 1;
  }

  #addRaw(raw: string): void {
    let end = raw.length;
    while (end > 0 && TRIMMED.test(raw[end - 1]!)) end--;
    if (end === 0) {
      this.#spaces += raw;
      return;
    }
    this.#settled += this.#spaces + (end === raw.length ? raw : raw.slice(0, end));
    this.#spaces = end === raw.length ? "" : raw.slice(end);
  }

  #addDecoded(decoded: string): void {
    this.#settled += this.#spaces + decoded;
    this.#spaces = "";
  }

  #endString(): void {
    const text = this.#settled + this.#spaces;
    this.#settled = this.#spaces = "";
    if (!this.#stringIsKey) return this.#addValue(text);
    const frame = this.#stack[this.#stack.length - 1] as ObjectFrame;
    frame.key = text;
    frame.keyHasQuote = this.#hasQuote;
    frame.phase = "colon";
    this.#mode = "between";
  }

  /** Whether `char` belongs to the number; a character that ends a finished number is read next as structure. */
  #numberStep(char: string): boolean {
    const part = nextNumberPart(this.#numberPart, char);
    if (part) {
      this.#numberPart = part;
      this.#scalar += char;
      return true;
    }
    if (ENDS_SCALAR.has(char) && COMPLETE_NUMBER.has(this.#numberPart)) this.#addValue(Number(this.#scalar));
    else this.#mode = "fallback";
    return false;
  }

  #literalStep(char: string): void {
    const [word, value] = this.#literal;
    if (word[this.#scalar.length] !== char) {
      this.#mode = "fallback";
      return;
    }
    this.#scalar += char;
    if (this.#scalar === word) this.#addValue(value);
  }

  /** The arguments as the text so far stands: open containers closed, the value in progress as parsePartialJson shows it. */
  #read(): Arguments | undefined {
    const top = this.#stack[this.#stack.length - 1]!;
    let tail: unknown = UNREADABLE;
    let hasTail = true;
    if (this.#mode === "string") {
      if (this.#stringIsKey) return undefined;
      tail = this.#escape === undefined ? this.#settled : `${this.#settled}${this.#spaces}${this.#escape.text}`;
    } else if (this.#mode === "number" || this.#mode === "literal") {
      tail = this.#openScalar(top.kind === "object");
      if (tail === UNREADABLE) return undefined;
    } else {
      // a key without its value is dropped, but only while nothing stands between its colon and the end
      if (top.kind === "object" && (top.phase === "colon" || (top.phase === "value" && top.keyHasQuote))) return undefined;
      hasTail = false;
    }
    let child = copyFrame(top, hasTail, tail);
    for (let depth = this.#stack.length - 2; depth >= 0; depth--) child = copyFrame(this.#stack[depth]!, true, child);
    return child as Arguments;
  }

  /** A number or literal still open: complete ones as they are; cut short, null in an object (as parsePartialJson's tail rule). */
  #openScalar(inObject: boolean): unknown {
    if (this.#mode === "number") {
      if (COMPLETE_NUMBER.has(this.#numberPart)) return Number(this.#scalar);
      const nullable = this.#numberPart === "sign" || (this.#numberPart === "point" && !this.#scalar.startsWith("-"));
      return inObject && nullable ? null : UNREADABLE;
    }
    return inObject ? null : UNREADABLE;
  }
}

function copyFrame(frame: Frame, hasTail: boolean, tail: unknown): unknown {
  if (frame.kind === "array") return hasTail ? [...frame.items, tail] : frame.items.slice();
  const copy = { ...frame.members };
  if (hasTail) setMember(copy, frame.key, tail);
  return copy;
}

/** `object[key] = value`, and for "__proto__" an own member as JSON.parse makes it, not a new prototype */
function setMember(object: Arguments, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}

function nextNumberPart(part: NumberPart, char: string): NumberPart | undefined {
  const digit = char >= "0" && char <= "9";
  const exponent = char === "e" || char === "E";
  switch (part) {
    case "sign":
      return char === "0" ? "zero" : digit ? "integer" : undefined;
    case "zero":
      return char === "." ? "point" : exponent ? "exponentMark" : undefined;
    case "integer":
      return digit ? "integer" : char === "." ? "point" : exponent ? "exponentMark" : undefined;
    case "point":
      return digit ? "fraction" : undefined;
    case "fraction":
      return digit ? "fraction" : exponent ? "exponentMark" : undefined;
    case "exponentMark":
      return char === "+" || char === "-" ? "exponentSign" : digit ? "exponent" : undefined;
    default:
      return digit ? "exponent" : undefined;
  }
}
