// The changes one piece of streamed JSON made, told as pi-ai's StreamingJsonParser tells them: what differs between
// the value before the piece and after it, walked in the order of the value's keys (`set` for what is new or
// different, a new container as an empty one followed by its members; `append` for a string that grew). The
// journal records each slot the piece wrote before its first write, so the walk visits only those slots (and the
// containers the piece made) instead of the whole value, and so the piece can be undone.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonPath = readonly (string | number)[];
export type JsonChange = { readonly kind: "set"; readonly path: JsonPath; readonly value: JsonValue } | { readonly kind: "append"; readonly path: JsonPath; readonly text: string };
export type JsonContainer = JsonValue[] | { [key: string]: JsonValue };
export type SlotKey = string | number;

/** a slot the piece created */
const ABSENT = Symbol("absent");

interface SlotRecord {
  readonly before: JsonValue | typeof ABSENT;
  /** what the piece appended to the string there, while it gave the slot no new value (undefined once it did) */
  appended: string | undefined;
  /** the key's place among the object's keys in insertion order */
  readonly rank: number;
}

const EMPTY_RECORDS: ReadonlyMap<SlotKey, SlotRecord> = new Map();
/** the keys an object lists first, in ascending order, whatever order they came in */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;
const isArrayIndex = (key: SlotKey): boolean => typeof key === "string" && ARRAY_INDEX.test(key) && Number(key) < 4294967295;
/** A new object with the same members (a container), or the value itself. */
export const copyOf = (value: JsonValue | undefined): JsonValue | undefined => (Array.isArray(value) ? value.slice() : isContainer(value) ? { ...value } : value);
export const isContainer = (value: JsonValue | undefined): value is JsonContainer => typeof value === "object" && value !== null;

export class ChangeJournal {
  readonly #records = new Map<object, Map<SlotKey, SlotRecord>>();
  readonly #written: [JsonContainer, SlotKey][] = [];

  /** Notes that the piece writes `container[key]`: a new value, or `appended` added to the string there. */
  write(container: JsonContainer, key: SlotKey, rank: number, appended?: string): void {
    let slots = this.#records.get(container);
    if (slots === undefined) this.#records.set(container, (slots = new Map()));
    const record = slots.get(key);
    if (record === undefined) {
      const before = Object.hasOwn(container, key) ? (container as Record<SlotKey, JsonValue>)[key]! : ABSENT;
      slots.set(key, { before, appended, rank });
      this.#written.push([container, key]);
    } else if (appended === undefined) record.appended = undefined;
    else if (record.appended !== undefined) record.appended += appended;
  }

  /** Puts back every slot the piece wrote. */
  undo(): void {
    for (const [container, key] of this.#written.reverse()) {
      const { before } = this.#records.get(container)!.get(key)!;
      if (before !== ABSENT) (container as Record<SlotKey, JsonValue>)[key] = before;
      else if (Array.isArray(container)) container.length = key as number;
      else delete container[key];
    }
    this.clear();
  }

  clear(): void {
    this.#records.clear();
    this.#written.length = 0;
  }

  /** The changes that turn what `holder[0]` held before the piece into what it holds now. */
  changes(holder: JsonValue[]): JsonChange[] {
    const changes: JsonChange[] = [];
    const after = holder[0];
    if (after !== undefined) this.#diff(this.#before(holder, 0), after, this.#records.get(holder)?.get(0), [], changes);
    return changes;
  }

  /** `container[key]` as it was before the piece. */
  #before(container: JsonContainer, key: SlotKey): JsonValue | undefined {
    const record = this.#records.get(container)?.get(key);
    if (record !== undefined) return record.before === ABSENT ? undefined : record.before;
    return Object.hasOwn(container, key) ? (container as Record<SlotKey, JsonValue>)[key] : undefined;
  }

  #diff(before: JsonValue | undefined, after: JsonValue, record: SlotRecord | undefined, path: SlotKey[], changes: JsonChange[]): void {
    // (a string that only grew is not compared: reading a long string whole on every piece would cost its square)
    const appended = record?.appended;
    if (appended !== undefined && appended !== "") changes.push({ kind: "append", path: path.slice(), text: appended });
    if (appended !== undefined) return;
    if (typeof before === "string" && typeof after === "string" && after.startsWith(before)) {
      if (after.length > before.length) changes.push({ kind: "append", path: path.slice(), text: after.slice(before.length) });
      return;
    }
    if (!isContainer(after)) {
      if (before !== after) changes.push({ kind: "set", path: path.slice(), value: after });
      return;
    }
    const sameKind = isContainer(before) && Array.isArray(before) === Array.isArray(after);
    if (!sameKind) changes.push({ kind: "set", path: path.slice(), value: Array.isArray(after) ? [] : {} });
    // a container the piece found in place changed only where the piece wrote
    const inPlace = after === before;
    const keys = inPlace ? this.#writtenKeys(after) : Object.keys(after);
    for (const key of keys) {
      const at = Array.isArray(after) ? Number(key) : key;
      path.push(at);
      const old = sameKind ? this.#before(before, at) : undefined;
      this.#diff(old, (after as Record<SlotKey, JsonValue>)[at]!, inPlace ? this.#records.get(after)?.get(at) : undefined, path, changes);
      path.pop();
    }
  }

  /** The keys the piece wrote in `container`, in the order of its keys. */
  #writtenKeys(container: JsonContainer): SlotKey[] {
    const slots = this.#records.get(container) ?? EMPTY_RECORDS;
    const keys = [...slots.keys()];
    if (keys.length < 2) return keys;
    if (Array.isArray(container)) return keys.sort((a, b) => (a as number) - (b as number));
    const order = (key: SlotKey): [number, number] => (isArrayIndex(key) ? [0, Number(key)] : [1, slots.get(key)!.rank]);
    return keys.sort((a, b) => {
      const [groupA, placeA] = order(a);
      const [groupB, placeB] = order(b);
      return groupA - groupB || placeA - placeB;
    });
  }
}

/** The changes that turn `before` into `after`, the whole of both compared. */
export function compareValues(before: JsonValue | undefined, after: JsonValue): JsonChange[] {
  const journal = new ChangeJournal();
  const holder: JsonValue[] = before === undefined ? [] : [before];
  journal.write(holder, 0, 0);
  holder[0] = after;
  return journal.changes(holder);
}
