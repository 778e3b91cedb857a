// The fetch `Headers` class, in plain TypeScript. Node 20's own `Headers` lives in undici, and touching it loads
// all of undici (~30 ms of a print-mode run); the provider SDKs build every request's headers with it. The CLI
// bundle gives the SDKs this class instead (build.mjs `inject`); its behaviour follows the Fetch standard:
// case-insensitive names, values trimmed of HTTP whitespace, `get` joining repeated values with ", ",
// iteration sorted by lower-cased name with each `set-cookie` on its own.

type HeadersInitLike = Iterable<readonly [string, string]> | Record<string, string | readonly string[]> | FetchHeaders;

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const INVALID_VALUE = /[\0\r\n]/;
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

export class FetchHeaders {
  /** lower-cased name → values in the order they were added */
  readonly #values = new Map<string, string[]>();

  constructor(init?: HeadersInitLike | null) {
    if (init == null) return;
    if (typeof init !== "object") throw new TypeError("Headers constructor: the init argument must be an object or an iterable of pairs.");
    if (Symbol.iterator in init) {
      for (const pair of init as Iterable<readonly string[]>) {
        if (pair == null || typeof pair !== "object" || pair.length !== 2) {
          throw new TypeError("Headers constructor: each header in the init sequence must be a [name, value] pair.");
        }
        this.append(String(pair[0]), String(pair[1]));
      }
      return;
    }
    for (const [name, value] of Object.entries(init)) this.append(name, String(value));
  }

  append(name: string, value: string): void {
    const key = checkedName(name);
    const normalized = checkedValue(value, name);
    const existing = this.#values.get(key);
    if (existing) existing.push(normalized);
    else this.#values.set(key, [normalized]);
  }

  set(name: string, value: string): void {
    this.#values.set(checkedName(name), [checkedValue(value, name)]);
  }

  delete(name: string): void {
    this.#values.delete(checkedName(name));
  }

  get(name: string): string | null {
    return this.#values.get(checkedName(name))?.join(", ") ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(checkedName(name));
  }

  getSetCookie(): string[] {
    return [...(this.#values.get("set-cookie") ?? [])];
  }

  forEach(callback: (value: string, name: string, headers: FetchHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  *entries(): IterableIterator<[string, string]> {
    const names = [...this.#values.keys()].sort();
    for (const name of names) {
      const values = this.#values.get(name)!;
      if (name === "set-cookie") for (const value of values) yield [name, value];
      else yield [name, values.join(", ")];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return "Headers";
  }

  /** Node's own Headers objects count too: code that receives either only needs the shared interface. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return Object.prototype.toString.call(value) === "[object Headers]";
  }
}

function checkedName(name: string): string {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError(`Headers: "${text}" is an invalid header name.`);
  return text.toLowerCase();
}

function checkedValue(value: string, name: string): string {
  const normalized = String(value).replace(HTTP_WHITESPACE, "");
  if (INVALID_VALUE.test(normalized)) throw new TypeError(`Headers: the value of "${name}" contains a forbidden character.`);
  return normalized;
}
