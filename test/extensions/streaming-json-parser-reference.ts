// The reference for streaming-json-parser-linear.test.ts: the served StreamingJsonParser as it was before it read
// incrementally, kept only for tests. It reads the whole text so far on every piece with the served reader and
// compares the value with the one before, which costs the square of the text's length but is plainly right by
// construction; it was checked against pi-ai 1.6.0's parser (served-pi-ai-models.test.ts).
import { readStreamingValue } from "../../plugins/extensions/shims/pi-ai/partial-json-value.js";
import { extendShape, type TextShape } from "../../plugins/extensions/shims/pi-ai/streaming-json-shape.js";

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
type JsonPath = readonly (string | number)[];
export type ReferenceChange = { readonly kind: "set"; readonly path: JsonPath; readonly value: JsonValue } | { readonly kind: "append"; readonly path: JsonPath; readonly text: string };

const LONGEST_OPEN_SCALAR = 64;

export class ReferenceStreamingJsonParser {
  #text = "";
  #settled: JsonValue | undefined;
  #shape: TextShape = { openScalar: 0, closers: 0, scan: { inString: false, escaped: false } };
  #dirty = false;
  #snapshot: JsonValue | undefined;

  append(text: string): readonly ReferenceChange[] {
    this.#text += text;
    const shape = extendShape(this.#shape, text);
    const settled = read(this.#text.slice(0, this.#text.length - shape.openScalar));
    const changes: ReferenceChange[] = [];
    if (settled !== undefined) compare(this.#settled, settled, [], changes);
    this.#settled = settled ?? this.#settled;
    const scalarGrew = shape.openScalar > 0 && shape.openScalar !== this.#shape.openScalar;
    if (changes.length > 0 || scalarGrew || shape.closers !== this.#shape.closers) this.#dirty = true;
    this.#shape = shape;
    return changes;
  }

  snapshot(): JsonValue | undefined {
    if (!this.#dirty) return this.#snapshot;
    const { openScalar } = this.#shape;
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

const isContainer = (value: JsonValue | undefined): value is JsonValue[] | { [key: string]: JsonValue } => typeof value === "object" && value !== null;

function compare(before: JsonValue | undefined, after: JsonValue, path: JsonPath, changes: ReferenceChange[]): void {
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
