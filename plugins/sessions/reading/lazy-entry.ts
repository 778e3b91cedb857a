// Message lines are parsed only as far as they are read. Loading a session costs a scan for the tree fields;
// reading an entry's `message` parses its line (a big line: everything but its `content` array, usually the bulk:
// tool output, which is parsed when it is itself first read). A resume that compacts first therefore parses only
// the messages it keeps or summarises word for word.
import { clearUnreadContentJson, setUnreadContentJson, type StoredJson } from "../../../lib/stored-json/stored-json.js";
import { repairMessageContent, repairUsage } from "../format/repair-content.js";
import { FileLine } from "./file-pieces.js";

/** lines at least this long keep their `content` unparsed until it is read */
export const LAZY_LINE_BYTES = 4096;
/** enough to hold the prefix of any line MESSAGE_PREFIX matches */
export const PREFIX_BYTES = 320;
// pith and pi both write message entries with these keys first, in this order
const PREFIX_SOURCE =
  '\\{"type":"message","id":"([0-9A-Za-z_-]{1,64})","parentId":(?:null|"([0-9A-Za-z_-]{1,64})"),"timestamp":"([0-9A-Za-z:.+-]{10,40})","message":\\{"role":"([A-Za-z]{1,32})"';
const MESSAGE_PREFIX = new RegExp(`^${PREFIX_SOURCE}`);
const MESSAGE_PREFIX_AT = new RegExp(PREFIX_SOURCE, "y");
/** the message's plain members before its `content` array: strings without escapes, numbers, literals */
const MEMBERS_BEFORE_CONTENT =
  /(?:,"[A-Za-z_][A-Za-z0-9_]{0,63}":(?:"[^"\\]{0,512}"|-?[0-9]{1,20}(?:\.[0-9]{1,20})?(?:[eE][+-]?[0-9]{1,4})?|true|false|null))*,"content":\[/y;
const MEMBERS_WINDOW = 2048;
/** a big line's end as JSON.stringify writes it after the content array: `]`, plain members, the two closing braces */
const MEMBERS_AFTER_CONTENT =
  /\](?:,"[A-Za-z_][A-Za-z0-9_]{0,63}":(?:"[^"\\]{0,512}"|-?[0-9]{1,20}(?:\.[0-9]{1,20})?(?:[eE][+-]?[0-9]{1,4})?|true|false|null))*\}\}$/;
const CONTENT_HEAD_BYTES = 64;
const OBJECT_START = Buffer.from('{"');
const PLACEHOLDER = 0;
const DAMAGED_NOTE = "[this message could not be read from the session file]";

/** The tree fields of a message line, read from its first bytes without parsing it. */
export interface MessagePrefix {
  id: string;
  parentId: string | null;
  timestamp: string;
  role: string;
  /** characters (bytes: the prefix is ASCII) the prefix spans */
  length: number;
}

/** Told, when a lazily parsed line is read, what was wrong with it: a damaged line or a repaired content. */
export interface LazyReport {
  (code: "invalid_json" | "malformed_content", text: string): void;
}

/** The prefix of the line starting at `at` in `text` (a file decoded as latin1, one character per byte). */
export function messagePrefixAt(text: string, at: number): MessagePrefix | undefined {
  MESSAGE_PREFIX_AT.lastIndex = at;
  return prefixOf(MESSAGE_PREFIX_AT.exec(text));
}

function prefixOf(match: RegExpExecArray | null): MessagePrefix | undefined {
  if (!match) return undefined;
  return { id: match[1]!, parentId: match[2] ?? null, timestamp: match[3]!, role: match[4]!, length: match[0].length };
}

/** A big line: in memory, or left in the file (file-pieces.ts). */
export type BigLine = Buffer | FileLine;

function slice(line: BigLine, from: number, to = line.length): Buffer {
  return line instanceof FileLine ? line.bytes(from, to) : line.subarray(from, to);
}

interface UnreadContent {
  /** the `content` array's JSON */
  json: StoredJson;
  /** the whole line's text, for when `json` turns out not to be a value of its own */
  wholeLine(): string;
  report: LazyReport;
}

/** messages whose `content` has not been read yet */
const unread = new WeakMap<object, UnreadContent>();

/**
 * A big message line's entry: `message` is parsed on first access, its `content` only when that is read (see
 * `deferredMessageEntry`). Undefined when the line does not start the usual way.
 */
export function lazyMessageEntry(line: BigLine, report: LazyReport): Record<string, unknown> | undefined {
  const prefix = prefixOf(MESSAGE_PREFIX.exec(slice(line, 0, Math.min(line.length, PREFIX_BYTES)).toString("latin1")));
  if (!prefix || slice(line, line.length - 1)[0] !== 0x7d) return undefined;
  const source: StoredLines = {
    message: () => messageWithUnreadContent(line, prefix.length, report) ?? wholeLineMessage(slice(line, 0).toString("utf8"), report),
    report: (_line, code, text) => report(code, text),
  };
  return deferredMessageEntry(prefix, source, 0, 0, line.length);
}

/**
 * A message entry whose `message` is `read()` on first access: an enumerable accessor, so JSON.stringify and spreads
 * see it; after that first access it is a plain property. A line that fails to parse keeps its place in the tree,
 * its content replaced by a note, and is reported then. One class and one shared accessor: an accessor made per
 * entry (closures, a property descriptor each) costs about what parsing a small line does.
 */
class DeferredMessageEntry {
  readonly type = "message";
  readonly id: string;
  readonly parentId: string | null;
  readonly timestamp: string;
  readonly #role: string;
  readonly #source: StoredLines;
  readonly #line: number;
  readonly #start: number;
  readonly #end: number;

  constructor(prefix: MessagePrefix, source: StoredLines, line: number, start: number, end: number) {
    this.id = prefix.id;
    this.parentId = prefix.parentId;
    this.timestamp = prefix.timestamp;
    this.#role = prefix.role;
    this.#source = source;
    this.#line = line;
    this.#start = start;
    this.#end = end;
    Object.defineProperty(this, "message", MESSAGE_ACCESSOR);
  }

  static role(entry: DeferredMessageEntry): string {
    return entry.#role;
  }

  static read(entry: DeferredMessageEntry): unknown {
    try {
      return settle(entry, entry.#source.message(entry.#line, entry.#start, entry.#end));
    } catch {
      // the line looked right but is damaged inside: keep the tree intact, say what was lost
      const message = settle(entry, { role: entry.#role, content: damagedContent(), timestamp: Date.parse(entry.timestamp) });
      entry.#source.report(entry.#line, "invalid_json", "message line is damaged; its content was replaced by a note");
      return message;
    }
  }
}

const MESSAGE_ACCESSOR: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: DeferredMessageEntry) {
    return DeferredMessageEntry.read(this);
  },
  set(this: DeferredMessageEntry, value: unknown) {
    settle(this, value);
  },
};

function settle(entry: object, message: unknown): unknown {
  Object.defineProperty(entry, "message", { value: message, writable: true, enumerable: true, configurable: true });
  return message;
}

/**
 * Where deferred entries' lines are: one per file, so that an entry holds offsets, not closures of its own (a
 * resume after a compaction makes tens of thousands).
 */
export interface StoredLines {
  /** the message of the line `line` (bytes `start` to `end`); throws when the line does not parse */
  message(line: number, start: number, end: number): unknown;
  report(line: number, ...problem: Parameters<LazyReport>): void;
}

/** A message entry whose `message` is read from `source` on first access (see DeferredMessageEntry). */
export function deferredMessageEntry(prefix: MessagePrefix, source: StoredLines, line: number, start: number, end: number): Record<string, unknown> {
  return new DeferredMessageEntry(prefix, source, line, start, end) as unknown as Record<string, unknown>;
}

/** The message of a whole line's JSON, its content repaired when it has the wrong type; throws when it does not parse. */
export function wholeLineMessage(json: string, report: LazyReport): unknown {
  const message = (JSON.parse(json) as { message: unknown }).message;
  const repaired = repairMessageContent(message);
  if (repaired) report("malformed_content", `${repaired}; repaired`);
  return message;
}

/**
 * The message with every member but `content` parsed, `content` an enumerable accessor that parses it on first
 * read and then becomes a plain property. Undefined when the line is not shaped so that the `content` array
 * can be told apart without parsing it: plain members before it, and after it only members the next `],"`
 * starts (or none).
 */
function messageWithUnreadContent(line: BigLine, roleEnd: number, report: LazyReport): Record<string, unknown> | undefined {
  MEMBERS_BEFORE_CONTENT.lastIndex = roleEnd;
  const window = line instanceof FileLine ? line.head : slice(line, 0, Math.min(line.length, MEMBERS_WINDOW));
  if (!MEMBERS_BEFORE_CONTENT.test(window.toString("latin1"))) return undefined;
  const start = MEMBERS_BEFORE_CONTENT.lastIndex - 1;
  const end = line instanceof FileLine ? contentEndFromTail(line) : contentEnd(line, start);
  if (end <= start) return undefined;
  let message: Record<string, unknown>;
  try {
    // a wrong guess at the end leaves brackets unbalanced, so the parse fails rather than misleads
    const rest = JSON.parse(`${slice(line, 0, start).toString("utf8")}${PLACEHOLDER}${slice(line, end).toString("utf8")}`) as { message?: unknown };
    message = rest.message as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof message !== "object" || message === null || message.content !== PLACEHOLDER) return undefined;
  // the members read now are repaired now; the content when it is read
  const role = message.role;
  const usage = role === "assistant" || role === "toolResult" ? repairUsage(message, `the ${role} message`, role === "assistant") : undefined;
  if (usage) report("malformed_content", `${usage}; repaired`);
  const json: StoredJson = {
    byteLength: end - start,
    resident: !(line instanceof FileLine),
    bytes: (from = 0, to = end - start) => slice(line, start + from, start + to),
    mayHaveObjectFrom: (from) => {
      if (line instanceof FileLine) return line.mayHaveObjectFrom(start + from, end);
      const found = line.indexOf(OBJECT_START, start + from);
      return found !== -1 && found < end;
    },
  };
  const state: UnreadContent = { json, wholeLine: () => slice(line, 0).toString("utf8"), report };
  unread.set(message, state);
  setUnreadContentJson(message, json);
  Object.defineProperty(message, "content", {
    enumerable: true,
    configurable: true,
    get() {
      return readContent(message, state);
    },
    set(value: unknown) {
      settleContent(message, value);
    },
  });
  return message;
}

/** Where the `content` array starting at `start` ends (just after its `]`), found by a search; -1 when unclear. */
function contentEnd(line: Buffer, start: number): number {
  // JSON.stringify writes no spaces: the array ends at the first `]` followed by another member, or at the end
  let end = line.indexOf('],"', start) + 1;
  if (end === 0) {
    if (line.length < 3 || line[line.length - 3] !== 0x5d || line[line.length - 2] !== 0x7d) return -1;
    end = line.length - 2;
  }
  // a second `content` member after the array would win over it in a full parse
  return line.indexOf('"content":', end) === -1 ? end : -1;
}

/**
 * The same for a line left in the file, from its last bytes alone: the array is followed by plain members only.
 * Inside a JSON string a quote is always escaped, so `],"` never occurs there, and a `]` deeper in the line would
 * need more closing braces after it: only the content's own `]` can start that ending.
 */
function contentEndFromTail(line: FileLine): number {
  const text = line.tail.toString("latin1");
  const match = MEMBERS_AFTER_CONTENT.exec(text);
  if (!match || match[0].includes('"content":')) return -1;
  return line.length - line.tail.length + match.index + 1;
}

function readContent(message: Record<string, unknown>, state: UnreadContent): unknown {
  // The line parsed with a plain value in place of these bytes (the shell) and they parse as a value of their own,
  // so the line as a whole is the shell with this value as its content: only the content needs parsing.
  let content: unknown;
  try {
    content = JSON.parse(state.json.bytes().toString("utf8"));
  } catch {
    return readWholeLine(message, state);
  }
  settleContent(message, content);
  const repaired = repairMessageContent(message);
  if (repaired) state.report("malformed_content", `${repaired}; repaired`);
  return message.content;
}

/** The bytes taken for the content were not a value of their own: read the line whole, members in its order. */
function readWholeLine(message: Record<string, unknown>, state: UnreadContent): unknown {
  let full: Record<string, unknown>;
  try {
    full = (JSON.parse(state.wholeLine()) as { message: Record<string, unknown> }).message;
  } catch {
    settleContent(message, damagedContent());
    state.report("invalid_json", "message line is damaged; its content was replaced by a note");
    return message.content;
  }
  unread.delete(message);
  clearUnreadContentJson(message);
  for (const key of Object.keys(message)) delete message[key];
  Object.assign(message, full);
  const repaired = repairMessageContent(message);
  if (repaired) state.report("malformed_content", `${repaired}; repaired`);
  return message.content;
}

function settleContent(message: Record<string, unknown>, value: unknown): void {
  unread.delete(message);
  clearUnreadContentJson(message);
  Object.defineProperty(message, "content", { value, writable: true, enumerable: true, configurable: true });
}

function damagedContent(): unknown[] {
  return [{ type: "text", text: DAMAGED_NOTE }];
}

/**
 * The `content` of a message that has not read it yet, parsed for this one use and not kept (an estimate over a
 * whole old session should not keep it all in memory); undefined for any other message. A damaged line is
 * read the usual way, so its warning is given once.
 */
export function peekUnreadContent(message: object): unknown {
  const state = unread.get(message);
  if (!state) return undefined;
  try {
    return JSON.parse(state.json.bytes().toString("utf8"));
  } catch {
    return (message as { content: unknown }).content;
  }
}

/**
 * The first bytes of the stored JSON of a message's `content` array while it has not been read (pith and pi
 * write each block's `type` first), for questions such as "does it open with non-empty text" that need no parse.
 */
export function unreadContentHead(message: object): string | undefined {
  const state = unread.get(message);
  if (!state) return undefined;
  try {
    return state.json.bytes(0, Math.min(state.json.byteLength, CONTENT_HEAD_BYTES)).toString("latin1");
  } catch {
    return undefined;
  }
}

/** Whether the entry came from a big line whose `message` may still be unparsed (reading it would parse it). */
export function isLazyMessageEntry(entry: object): boolean {
  return entry instanceof DeferredMessageEntry;
}

/** The role of a message entry's message, read without parsing a lazy one. */
export function messageRole(entry: object): string | undefined {
  if (entry instanceof DeferredMessageEntry) return DeferredMessageEntry.role(entry);
  const message = (entry as { message?: unknown }).message;
  return typeof message === "object" && message !== null ? ((message as { role?: unknown }).role as string | undefined) : undefined;
}

/** A user or assistant message: what makes a new session worth storing (pi 1.6.0). */
export function isConversationRole(role: string | undefined): boolean {
  return role === "user" || role === "assistant";
}
