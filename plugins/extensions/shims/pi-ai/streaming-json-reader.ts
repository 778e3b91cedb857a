// The served StreamingJsonParser's value read incrementally: each piece of text is read once, from where the last
// one stopped (a stack of open containers, the open string or token), and the value kept between pieces is what
// the parser's reader (./partial-json-value.ts, PARSER_RULES) gives for the text so far without its open token.
// The reader follows JSON and the ways that reader reads cut-off or broken text that it can tell in advance (a
// token that never parses, text after the value); at anything else `append` gives up, the piece undone, and the
// parser reads the text the old way from then on.
import { ChangeJournal, copyOf, type JsonChange, type JsonContainer, type JsonValue, type SlotKey } from "./json-change-journal.js";
import { ENDS_DIGITS, finishedToken, openTokenValue, overrunsWord } from "./streaming-json-tokens.js";
import { JsonEscape, plainRun, TRIMMED } from "../../../../lib/json/json-string-characters.js";

interface Frame {
  readonly container: JsonContainer;
  /** where the container sits in the one around it */
  readonly parent: JsonContainer;
  readonly slot: SlotKey;
  readonly rank: number;
  /** an object's key whose value comes next, and each key's place in insertion order */
  key: string;
  readonly ranks: Map<string, number>;
  /** the last piece whose write inside the container the journal holds the container's own slot for */
  notedIn: number;
}
type Mode =
  | "start"
  /** a value comes next; `closable` when a closer may come instead */
  | "value"
  | "key"
  | "colon"
  | "afterValue"
  /** a number ended by blank space: only blank space, `,` or a closer may follow */
  | "numberTail"
  | "string"
  | "token"
  /** the reader takes what follows for a number's digits until `,`, `]` or `}`, where the text stops reading */
  | "dead"
  /** the text no longer reads, whatever follows */
  | "frozen"
  /** the value ended; what follows is ignored */
  | "done";

const BLANK = new Set([" ", "\t", "\n", "\r"]);
const DELIMITERS = new Set([...BLANK, ",", ":", "{", "}", "[", "]", '"']);
/** `append` gives up */
const LOST = -1;
/** deeper than this the changes are left to the rereader, whose reader runs out of stack as the old parser's did */
const DEEPEST = 1000;

export interface PieceRead {
  readonly changes: JsonChange[];
  /** whether the text without its open token reads at all (the parser keeps its last value when it does not) */
  readonly readable: boolean;
}

export class StreamingJsonReader {
  readonly #holder: JsonValue[] = [];
  readonly #stack: Frame[] = [];
  readonly #journal = new ChangeJournal();
  #mode: Mode = "start";
  #closable = false;
  #piece = 0;
  #token = "";
  #stringIsKey = false;
  #key = "";
  #escape: JsonEscape | undefined;
  /** where the open string value sits */
  #stringSlot: [JsonContainer, SlotKey, number] = [this.#holder, 0, 0];
  /** characters read, for tests of the cost */
  examined = 0;

  /** the value read so far (undefined before it starts) */
  get root(): JsonValue | undefined {
    return this.#holder[0];
  }

  /** Reads a piece; undefined when the reader cannot follow it (the value is then as it was before the piece). */
  append(piece: string): PieceRead | undefined {
    this.#piece++;
    for (let at = 0; at < piece.length; ) {
      const next = this.#step(piece, at);
      if (next === LOST) {
        this.#journal.undo();
        // the value stays as it was before the piece, for good
        this.#mode = "frozen";
        return undefined;
      }
      this.examined += next - at;
      at = next;
    }
    if (this.#mode === "frozen") {
      // the piece that stopped the text reading changed nothing: the parser keeps the value from before it
      this.#journal.undo();
      return { changes: [], readable: false };
    }
    const changes = this.#journal.changes(this.#holder);
    this.#journal.clear();
    return { changes, readable: this.#holder[0] !== undefined };
  }

  /** A copy of the value without the open token; once the text stopped reading, the value it had (never changed after). */
  settled(): JsonValue | undefined {
    return this.#mode === "frozen" ? this.#holder[0] : this.#copy(undefined);
  }

  /** A copy of the value of the whole text, the open token included; undefined when the text does not read. */
  whole(): JsonValue | undefined {
    if (this.#mode === "frozen") return undefined;
    if (this.#mode !== "token") return this.#copy(undefined);
    const token = openTokenValue(this.#token);
    if (this.#stack.length === 0) return token?.value;
    return this.#copy(token);
  }

  #copy(token: { value: JsonValue } | undefined): JsonValue | undefined {
    const stack = this.#stack;
    if (stack.length === 0) return copyOf(this.#holder[0]);
    let child: JsonValue | undefined;
    for (let depth = stack.length - 1; depth >= 0; depth--) {
      const frame = stack[depth]!;
      const copy = copyOf(frame.container) as JsonContainer;
      const inner = stack[depth + 1];
      if (inner !== undefined) (copy as Record<SlotKey, JsonValue>)[inner.slot] = child!;
      else if (token !== undefined) (copy as Record<SlotKey, JsonValue>)[Array.isArray(copy) ? copy.length : frame.key] = token.value;
      child = copy;
    }
    return child;
  }

  /** Reads from `at`; where to read on, or LOST. */
  #step(text: string, at: number): number {
    switch (this.#mode) {
      case "string":
        return this.#stringStep(text, at);
      case "token":
        return this.#tokenStep(text, at);
      case "done":
      case "frozen":
        return text.length;
      case "dead":
        for (; at < text.length; at++) {
          if (!ENDS_DIGITS.has(text[at]!)) continue;
          this.#mode = "frozen";
          return at + 1;
        }
        return at;
      default:
        return this.#structural(text[at]!) ? at + 1 : LOST;
    }
  }

  /** A character between values; whether the reader follows it. */
  #structural(char: string): boolean {
    const mode = this.#mode;
    if (BLANK.has(char) || (mode === "start" && TRIMMED.test(char))) return true;
    const frame = this.#stack.at(-1);
    const closer = frame === undefined ? "" : Array.isArray(frame.container) ? "]" : "}";
    if (mode === "start" || mode === "value") {
      if (char === closer && this.#closable) return this.#close();
      if (char === "{" || char === "[") return this.#open(char === "{" ? {} : []);
      if (char === '"') return this.#startString(false);
      if (DELIMITERS.has(char)) return false;
      this.#token = char;
      this.#mode = "token";
      return true;
    }
    if (mode === "key") {
      if (char === "}") return this.#close();
      return char === '"' && this.#startString(true);
    }
    if (mode === "colon") {
      this.#mode = "value";
      this.#closable = false;
      return char === ":";
    }
    if (frame === undefined) {
      // after a number that is the whole value: the reader stops at `,`, `]` or `}` (blank space was read above)
      this.#mode = "done";
      return ENDS_DIGITS.has(char);
    }
    if (char === closer) return this.#close();
    if (char !== ",") return false;
    this.#mode = Array.isArray(frame.container) ? "value" : "key";
    this.#closable = true;
    return true;
  }

  #open(container: JsonContainer): boolean {
    if (this.#stack.length >= DEEPEST) return false;
    const [parent, slot, rank] = this.#place(container);
    this.#stack.push({ container, parent, slot, rank, key: "", ranks: new Map(), notedIn: this.#piece });
    this.#mode = Array.isArray(container) ? "value" : "key";
    this.#closable = true;
    return true;
  }

  #close(): boolean {
    this.#stack.pop();
    this.#mode = this.#stack.length === 0 ? "done" : "afterValue";
    return true;
  }

  #startString(isKey: boolean): boolean {
    this.#stringIsKey = isKey;
    this.#key = "";
    if (!isKey) this.#stringSlot = this.#place("");
    this.#mode = "string";
    return true;
  }

  /** Reads string characters from `at`: a run that stands for itself, or one character of an escape. */
  #stringStep(text: string, at: number): number {
    const char = text[at]!;
    if (this.#escape !== undefined) {
      // a broken escape makes the reader's JSON.parse refuse the string
      const decoded = this.#escape.read(char);
      if (decoded === undefined) return LOST;
      if (decoded !== "") {
        this.#escape = undefined;
        this.#addToString(decoded);
      }
      return at + 1;
    }
    const run = plainRun(text, at);
    if (run !== undefined) {
      this.#addToString(run);
      return at + run.length;
    }
    if (char === "\\") this.#escape = new JsonEscape();
    else if (char !== '"' || !this.#endString()) return LOST;
    return at + 1;
  }

  #addToString(text: string): void {
    if (this.#stringIsKey) {
      this.#key += text;
      return;
    }
    const [container, key, rank] = this.#stringSlot;
    this.#write(container, key, rank, text);
    (container as Record<SlotKey, JsonValue>)[key] += text;
  }

  /** Whether the reader follows the string's end (not for a raw control character, which JSON.parse refuses). */
  #endString(): boolean {
    const frame = this.#stack.at(-1);
    if (!this.#stringIsKey) {
      this.#mode = frame === undefined ? "done" : "afterValue";
      return true;
    }
    frame!.key = this.#key;
    this.#mode = "colon";
    // the reader's `object[key] = value` sets the prototype there, which no change or copy shows
    return this.#key !== "__proto__";
  }

  /** Reads token characters from `at` up to a delimiter, which ends the token and is read next. */
  #tokenStep(text: string, at: number): number {
    let end = at;
    while (end < text.length && !DELIMITERS.has(text[end]!)) end++;
    this.#token += text.slice(at, end);
    if (overrunsWord(this.#token)) return LOST;
    if (end === text.length) return end;
    const delimiter = text[end]!;
    const finished = finishedToken(this.#token, delimiter);
    if (finished === "unknown") return LOST;
    const atRoot = this.#stack.length === 0;
    if (typeof finished === "string") this.#mode = atRoot || finished === "fails" ? "frozen" : "dead";
    else {
      this.#place(finished.value);
      const numberTail = typeof finished.value === "number" && BLANK.has(delimiter);
      this.#mode = numberTail ? "numberTail" : atRoot ? "done" : "afterValue";
    }
    return end;
  }

  /** Puts `value` where the next value goes; that slot. */
  #place(value: JsonValue): [JsonContainer, SlotKey, number] {
    const frame = this.#stack.at(-1);
    let slot: [JsonContainer, SlotKey, number];
    if (frame === undefined) slot = [this.#holder, 0, 0];
    else if (Array.isArray(frame.container)) slot = [frame.container, frame.container.length, frame.container.length];
    else {
      let rank = frame.ranks.get(frame.key);
      if (rank === undefined) frame.ranks.set(frame.key, (rank = frame.ranks.size));
      slot = [frame.container, frame.key, rank];
    }
    this.#write(...slot);
    (slot[0] as Record<SlotKey, JsonValue>)[slot[1]] = value;
    return slot;
  }

  /** Notes a write in the journal, and the slots of the open containers around it, so the changes reach it. */
  #write(container: JsonContainer, key: SlotKey, rank: number, appended?: string): void {
    this.#journal.write(container, key, rank, appended);
    for (let depth = this.#stack.length - 1; depth >= 0; depth--) {
      const frame = this.#stack[depth]!;
      if (frame.notedIn === this.#piece) break;
      frame.notedIn = this.#piece;
      this.#journal.write(frame.parent, frame.slot, frame.rank);
    }
  }
}
