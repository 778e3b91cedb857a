// pi-ai 1.6.0's `StreamingJsonParser`: JSON text read piece by piece, a snapshot of the value read so far, and the
// changes each piece made (`set` when a member, an element or a finished value appears, a new string with its text
// so far and a container empty; `append` when an open string grew). The value is read by the served
// `parseStreamingJson`'s reader; the changes are what differs between the values before and after the piece, where
// a number or literal still open at the end of the text counts only once it ends.
import { forEachStructuralCharacter, type ScanState } from "../../../../lib/json/structural-characters.js";
import { readStreamingValue } from "./partial-json-value.js";

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonPath = readonly (string | number)[];
export type JsonChange = { readonly kind: "set"; readonly path: JsonPath; readonly value: JsonValue } | { readonly kind: "append"; readonly path: JsonPath; readonly text: string };

/** pi-ai shows an open number this long only once it ends */
const LONGEST_OPEN_SCALAR = 64;
const DELIMITERS = new Set([" ", "\t", "\n", "\r", ",", ":", "{", "}", "[", "]", '"']);

export class StreamingJsonParser {
  #text = "";
  /** the value without an open number or literal at the end: what the changes are told from */
  #settled: JsonValue | undefined;
  #shape: TextShape = { openScalar: 0, closers: 0, scan: { inString: false, escaped: false } };
  /** whether the text read since the last snapshot changed the value or its containers (a new snapshot is due) */
  #dirty = false;
  #snapshot: JsonValue | undefined;

  /** Reads the next piece of text; the changes it made, in the order of the text. */
  append(text: string): readonly JsonChange[] {
    this.#text += text;
    const shape = extendShape(this.#shape, text);
    const settled = read(this.#text.slice(0, this.#text.length - shape.openScalar));
    const changes: JsonChange[] = [];
    if (settled !== undefined) compare(this.#settled, settled, [], changes);
    this.#settled = settled ?? this.#settled;
    const scalarGrew = shape.openScalar > 0 && shape.openScalar !== this.#shape.openScalar;
    if (changes.length > 0 || scalarGrew || shape.closers !== this.#shape.closers) this.#dirty = true;
    this.#shape = shape;
    return changes;
  }

  /** The value of the text read so far (undefined before a value starts); a new object only when the text changed it. */
  snapshot(): JsonValue | undefined {
    if (!this.#dirty) return this.#snapshot;
    const { openScalar } = this.#shape;
    // without an open number or literal the settled value is the whole text's (read once, never changed after)
    this.#snapshot = openScalar === 0 || openScalar > LONGEST_OPEN_SCALAR ? this.#settled : (read(this.#text) ?? this.#settled);
    this.#dirty = false;
    return this.#snapshot;
  }
}

function read(text: string): JsonValue | undefined {
  if (text.trim() === "") return undefined;
  try {
    return readStreamingValue(text) as JsonValue;
  } catch {
    return undefined;
  }
}

interface TextShape {
  /** how many characters at the end are a number or literal that may still go on (0 inside a string) */
  openScalar: number;
  /** how many containers were closed */
  closers: number;
  /** where the scan of the text stopped */
  scan: ScanState;
}

/** The shape of the text so far once `piece` is added to it. */
function extendShape(before: TextShape, piece: string): TextShape {
  // the run of scalar characters at the end, which the piece may continue
  let run = before.scan.inString ? 0 : before.openScalar;
  let closers = before.closers;
  const scan = forEachStructuralCharacter(
    piece,
    (char) => {
      if (char === "}" || char === "]") closers++;
      run = DELIMITERS.has(char) ? 0 : run + 1;
    },
    before.scan,
  );
  return { openScalar: scan.inString ? 0 : run, closers, scan };
}

const isContainer = (value: JsonValue | undefined): value is JsonValue[] | { [key: string]: JsonValue } => typeof value === "object" && value !== null;

/** The changes that turn `before` into `after` at `path`. */
function compare(before: JsonValue | undefined, after: JsonValue, path: JsonPath, changes: JsonChange[]): void {
  if (typeof before === "string" && typeof after === "string" && after.startsWith(before)) {
    if (after.length > before.length) changes.push({ kind: "append", path, text: after.slice(before.length) });
    return;
  }
  if (isContainer(after)) {
    const sameKind = isContainer(before) && Array.isArray(before) === Array.isArray(after);
    const previous = sameKind ? before : Array.isArray(after) ? [] : {};
    if (!sameKind) changes.push({ kind: "set", path, value: Array.isArray(after) ? [] : {} });
    for (const [key, value] of Object.entries(after)) {
      const at = Array.isArray(after) ? Number(key) : key;
      const old = Object.hasOwn(previous, key) ? (previous as Record<string, JsonValue>)[key] : undefined;
      compare(old, value, [...path, at], changes);
    }
    return;
  }
  if (before !== after) changes.push({ kind: "set", path, value: after });
}
