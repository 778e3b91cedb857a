// JSON text kept as it was read from a session file, so that a request can send it again without parsing and
// serializing it. A resumed session's big tool outputs are most of its first request: sent as read, they cost a
// check instead of a parse, a copy in memory and a serialization.
import { isUtf8 } from "node:buffer";

/** Node 20 has it; the TypeScript library pith compiles against does not name it yet */
type WellFormedCheck = string & { isWellFormed(): boolean };

/**
 * JSON bytes as stored: in memory, or still in the session file (`bytes` then reads them, and throws when the file
 * can no longer give them).
 */
export interface StoredJson {
  readonly byteLength: number;
  /** whether `bytes` costs no read */
  readonly resident: boolean;
  /** the bytes from `from` to `to` (default: all of them) */
  bytes(from?: number, to?: number): Buffer;
  /** whether `{"` may occur at or after `from` (false only when it surely does not), answered without a read */
  mayHaveObjectFrom(from: number): boolean;
}

/** the JSON of a message's `content` while nobody has read it */
const unreadContent = new WeakMap<object, StoredJson>();
/** until a session stores some, every message is read and asking the weak maps would cost a look-up per message */
let anyUnread = false;

/** The sessions store says where an unread message's `content` is stored (until it is read). */
export function setUnreadContentJson(message: object, json: StoredJson): void {
  anyUnread = true;
  unreadContent.set(message, json);
}

export function clearUnreadContentJson(message: object): void {
  unreadContent.delete(message);
  shapes.delete(message);
}

/** The size of a message's stored `content` JSON while it is unread (an estimate that does not read it); else undefined. */
export function unreadContentByteLength(message: object): number | undefined {
  return anyUnread ? unreadContent.get(message)?.byteLength : undefined;
}

// pith and pi write a text block's `type` first, then its `text`
const SINGLE_TEXT_HEAD = Buffer.from('[{"type":"text","text":"');
const SINGLE_TEXT_TAIL = Buffer.from('"}]');

/**
 * The text of a message whose `content` is unread and stored as exactly one text block, as its stored JSON
 * string; undefined for any other message (reading `content` then gives the value as usual).
 */
export function storedSingleText(message: object, fallback: () => string): StoredJsonString | undefined {
  if (!anyUnread) return undefined;
  const known = shapes.get(message);
  if (known !== undefined) return known ? new StoredJsonString(known, fallback) : undefined;
  const literal = singleTextLiteral(unreadContent.get(message));
  if (unreadContent.has(message)) shapes.set(message, literal ?? false);
  return literal ? new StoredJsonString(literal, fallback) : undefined;
}

/** what the bytes of each unread content were found to be: its one text's literal, or false */
const shapes = new WeakMap<object, StoredLiteral | false>();

/** the JSON string literal at `from`..`to` of stored JSON */
interface StoredLiteral {
  json: StoredJson;
  from: number;
  to: number;
}

function singleTextLiteral(json: StoredJson | undefined): StoredLiteral | undefined {
  const length = json?.byteLength ?? 0;
  if (!json || length < SINGLE_TEXT_HEAD.length + SINGLE_TEXT_TAIL.length + 1) return undefined;
  try {
    if (!json.bytes(0, SINGLE_TEXT_HEAD.length).equals(SINGLE_TEXT_HEAD)) return undefined;
    if (!json.bytes(length - SINGLE_TEXT_TAIL.length).equals(SINGLE_TEXT_TAIL)) return undefined;
  } catch {
    return undefined;
  }
  // Inside a JSON string every quote is escaped, so a `{"` after the head can only start another block. Another
  // member of this block would make the literal fail its parse when sent, and the text goes the usual way.
  if (json.mayHaveObjectFrom(SINGLE_TEXT_HEAD.length)) return undefined;
  return { json, from: SINGLE_TEXT_HEAD.length - 1, to: length - SINGLE_TEXT_TAIL.length + 1 };
}

/**
 * A string value as its stored JSON literal. `JSON.stringify` sees the value itself (`toJSON`, parsed anew each
 * time, never kept); a streamed request body (lib/http/json-body-stream.ts) sends the stored bytes when they are a
 * well-formed JSON string of valid UTF-8 without lone surrogates, else `fallback()`, the value as usual.
 */
export class StoredJsonString {
  constructor(
    private readonly literal: StoredLiteral,
    private readonly fallback: () => string,
  ) {}

  get byteLength(): number {
    return this.literal.to - this.literal.from;
  }

  /** the bytes to send as they are, or undefined when only the value may be sent */
  sendable(): Buffer | undefined {
    let bytes: Buffer;
    try {
      bytes = this.literal.json.bytes(this.literal.from, this.literal.to);
    } catch {
      return undefined;
    }
    if (bytes.length >= SCANNED_LITERAL_BYTES) return isSendableJsonString(bytes) ? bytes : undefined;
    let value: unknown;
    try {
      if (!isUtf8(bytes)) return undefined;
      value = JSON.parse(bytes.toString("latin1"));
    } catch {
      return undefined;
    }
    return typeof value === "string" && value !== "" && (value as WellFormedCheck).isWellFormed() ? bytes : undefined;
  }

  toJSON(): string {
    if (!collecting) return this.fallback();
    collecting.push(this);
    return `${TOKEN_MARK}${TOKEN_NONCE}${collecting.length - 1}${TOKEN_MARK}`;
  }
}

// While a value is serialized for a streamed body, each stored string is written as a token naming it; the
// token's private-use marks and this process's nonce keep a text from passing for one.
const TOKEN_MARK = "\uE000";
const TOKEN_NONCE = `pith${Math.random().toString(36).slice(2, 12)}-`;
const TOKEN = new RegExp(`"${TOKEN_MARK}${TOKEN_NONCE}(\\d+)${TOKEN_MARK}"`, "g");
let collecting: StoredJsonString[] | undefined;

/**
 * From this size a literal is checked by a scan of its bytes: parsing it would make a string as big, in memory
 * never touched before. A shorter one is parsed, which V8 does faster than the scan while the string stays small.
 */
const SCANNED_LITERAL_BYTES = 1024 * 1024;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** the bytes that may follow a backslash in a JSON string, `u` apart */
const SIMPLE_ESCAPES = new Uint8Array(128);
for (const character of '"\\/bfnrt') SIMPLE_ESCAPES[character.charCodeAt(0)] = 1;

/**
 * Whether `bytes` are a JSON string literal of valid UTF-8 holding a non-empty, well-formed string (no lone
 * surrogate, escaped or not): what JSON.parse would accept, checked without making the string.
 */
export function isSendableJsonString(bytes: Uint8Array): boolean {
  const last = bytes.length - 1;
  if (last < 2 || bytes[0] !== QUOTE || bytes[last] !== QUOTE || !isUtf8(bytes)) return false;
  // a high surrogate's escape seen just before: the next character must be its low half
  let pendingHigh = false;
  for (let i = 1; i < last; i++) {
    const byte = bytes[i]!;
    if (byte !== BACKSLASH) {
      if (byte < 0x20 || byte === QUOTE || pendingHigh) return false;
      continue;
    }
    const escaped = bytes[++i]!;
    if (escaped !== 0x75) {
      if (escaped >= 128 || SIMPLE_ESCAPES[escaped] !== 1 || pendingHigh || i >= last) return false;
      continue;
    }
    if (i + 4 >= last) return false;
    let unit = 0;
    for (let k = 1; k <= 4; k++) {
      const digit = hexValue(bytes[i + k]!);
      if (digit < 0) return false;
      unit = unit * 16 + digit;
    }
    i += 4;
    const high = unit >= 0xd800 && unit <= 0xdbff;
    const low = unit >= 0xdc00 && unit <= 0xdfff;
    if (low !== pendingHigh) return false;
    pendingHigh = high;
  }
  return !pendingHigh;
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** One piece of a value's JSON: text, or a stored string to send as its bytes (or its value). */
export type JsonPiece = string | StoredJsonString;

/** `JSON.stringify(value)`, with the stored strings inside it left as pieces of their own. */
export function stringifyKeepingStored(value: unknown): JsonPiece[] | undefined {
  collecting = [];
  let json: string | undefined;
  let stored: StoredJsonString[];
  try {
    json = JSON.stringify(value);
  } finally {
    stored = collecting;
    collecting = undefined;
  }
  if (json === undefined) return undefined;
  if (stored.length === 0) return [json];
  const pieces: JsonPiece[] = [];
  let from = 0;
  for (const match of json.matchAll(TOKEN)) {
    pieces.push(json.slice(from, match.index), stored[Number(match[1])]!);
    from = match.index + match[0].length;
  }
  pieces.push(json.slice(from));
  return pieces;
}
