// Big message lines are parsed only as far as they are read. Loading a session costs a scan for the tree
// fields; reading an entry's `message` parses everything but its `content` array (usually the bulk: tool
// output), which is parsed when it is itself first read. A resume that compacts first therefore parses only
// the messages it keeps or summarises word for word.
import { clearUnreadContentJson, setUnreadContentJson } from "../../../lib/stored-json/stored-json.js";

const ROLE = Symbol("pith.sessions.role");

/** lines at least this long are candidates for lazy parsing */
export const LAZY_LINE_BYTES = 4096;
const PREFIX_BYTES = 320;
// pith and pi both write message entries with these keys first, in this order
const MESSAGE_PREFIX =
  /^\{"type":"message","id":"([0-9A-Za-z_-]{1,64})","parentId":(?:null|"([0-9A-Za-z_-]{1,64})"),"timestamp":"([0-9A-Za-z:.+-]{10,40})","message":\{"role":"([A-Za-z]{1,32})"/;
/** the message's plain members before its `content` array: strings without escapes, numbers, literals */
const MEMBERS_BEFORE_CONTENT =
  /(?:,"[A-Za-z_][A-Za-z0-9_]{0,63}":(?:"[^"\\]{0,512}"|-?[0-9]{1,20}(?:\.[0-9]{1,20})?(?:[eE][+-]?[0-9]{1,4})?|true|false|null))*,"content":\[/y;
const MEMBERS_WINDOW = 2048;
const CONTENT_HEAD_BYTES = 64;
const PLACEHOLDER = 0;
const DAMAGED_NOTE = "[this message could not be read from the session file]";

export interface LazyParseFailure {
  (error: unknown): void;
}

interface UnreadContent {
  line: Buffer;
  /** the bytes of the `content` array within `line` */
  start: number;
  end: number;
  onFailure: LazyParseFailure;
}

/** messages whose `content` has not been read yet */
const unread = new WeakMap<object, UnreadContent>();

/**
 * A message entry whose `message` is parsed from `line` on first access (an enumerable accessor, so
 * JSON.stringify and spreads see it; after that first access it is a plain property). Undefined when the
 * line does not start the usual way.
 */
export function lazyMessageEntry(line: Buffer, onFailure: LazyParseFailure): Record<string, unknown> | undefined {
  const match = MESSAGE_PREFIX.exec(line.toString("latin1", 0, Math.min(line.length, PREFIX_BYTES)));
  if (!match || line[line.length - 1] !== 0x7d) return undefined;
  const [prefix, id, parentId, timestamp, role] = match as unknown as [string, string, string | undefined, string, string];
  const entry: Record<string, unknown> = { type: "message", id, parentId: parentId ?? null, timestamp };
  const settle = (message: unknown) => {
    Object.defineProperty(entry, "message", { value: message, writable: true, enumerable: true, configurable: true });
    return message;
  };
  Object.defineProperty(entry, "message", {
    enumerable: true,
    configurable: true,
    get() {
      const shell = messageWithUnreadContent(line, prefix.length, onFailure);
      if (shell) return settle(shell);
      try {
        return settle((JSON.parse(line.toString("utf8")) as { message: unknown }).message);
      } catch (error) {
        // the line looked right but is damaged inside: keep the tree intact, say what was lost
        const message = settle({ role, content: damagedContent(), timestamp: Date.parse(timestamp) });
        onFailure(error);
        return message;
      }
    },
    set(value: unknown) {
      settle(value);
    },
  });
  Object.defineProperty(entry, ROLE, { value: role });
  return entry;
}

/**
 * The message with every member but `content` parsed, `content` an enumerable accessor that parses it on first
 * read and then becomes a plain property. Undefined when the line is not shaped so that the `content` array
 * can be told apart without parsing it: plain members before it, and after it only members the next `],"`
 * starts (or none).
 */
function messageWithUnreadContent(line: Buffer, roleEnd: number, onFailure: LazyParseFailure): Record<string, unknown> | undefined {
  MEMBERS_BEFORE_CONTENT.lastIndex = roleEnd;
  if (!MEMBERS_BEFORE_CONTENT.test(line.toString("latin1", 0, Math.min(line.length, MEMBERS_WINDOW)))) return undefined;
  const start = MEMBERS_BEFORE_CONTENT.lastIndex - 1;
  // JSON.stringify writes no spaces: the array ends at the first `]` followed by another member, or at the end
  let end = line.indexOf('],"', start) + 1;
  if (end === 0) {
    if (line.length < 3 || line[line.length - 3] !== 0x5d || line[line.length - 2] !== 0x7d) return undefined;
    end = line.length - 2;
  }
  // a second `content` member after the array would win over it in a full parse
  if (line.indexOf('"content":', end) !== -1) return undefined;
  let message: Record<string, unknown>;
  try {
    // a wrong guess at the end leaves brackets unbalanced, so the parse fails rather than misleads
    const rest = JSON.parse(`${line.toString("utf8", 0, start)}${PLACEHOLDER}${line.toString("utf8", end)}`) as { message?: unknown };
    message = rest.message as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof message !== "object" || message === null || message.content !== PLACEHOLDER) return undefined;
  const state: UnreadContent = { line, start, end, onFailure };
  unread.set(message, state);
  setUnreadContentJson(message, () => line.subarray(start, end));
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

function readContent(message: Record<string, unknown>, state: UnreadContent): unknown {
  // The line parsed with a plain value in place of these bytes (the shell) and they parse as a value of their own,
  // so the line as a whole is the shell with this value as its content: only the content needs parsing.
  let content: unknown;
  try {
    content = JSON.parse(state.line.toString("utf8", state.start, state.end));
  } catch (error) {
    return readWholeLine(message, state, error);
  }
  settleContent(message, content);
  return content;
}

/** The bytes taken for the content were not a value of their own: read the line whole, members in its order. */
function readWholeLine(message: Record<string, unknown>, state: UnreadContent, sliceError: unknown): unknown {
  let full: Record<string, unknown>;
  try {
    full = (JSON.parse(state.line.toString("utf8")) as { message: Record<string, unknown> }).message;
  } catch {
    settleContent(message, damagedContent());
    state.onFailure(sliceError);
    return message.content;
  }
  unread.delete(message);
  clearUnreadContentJson(message);
  for (const key of Object.keys(message)) delete message[key];
  Object.assign(message, full);
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
    return JSON.parse(state.line.toString("utf8", state.start, state.end));
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
  return state ? state.line.toString("latin1", state.start, Math.min(state.end, state.start + CONTENT_HEAD_BYTES)) : undefined;
}

/** Whether the entry came from a big line whose `message` may still be unparsed (reading it would parse it). */
export function isLazyMessageEntry(entry: object): boolean {
  return ROLE in entry;
}

/** The role of a message entry's message, read without parsing a lazy one. */
export function messageRole(entry: object): string | undefined {
  const hinted = (entry as { [ROLE]?: string })[ROLE];
  if (hinted !== undefined) return hinted;
  const message = (entry as { message?: unknown }).message;
  return typeof message === "object" && message !== null ? ((message as { role?: unknown }).role as string | undefined) : undefined;
}

/** A user or assistant message: what makes a new session worth storing (pi 1.6.0). */
export function isConversationRole(role: string | undefined): boolean {
  return role === "user" || role === "assistant";
}
