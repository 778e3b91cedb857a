// Big message lines are parsed only when their message is first read. Loading a session then costs a scan
// for the tree fields, and a resume parses only what its context needs (after the latest compaction).
const ROLE = Symbol("pith.sessions.role");

/** lines at least this long are candidates for lazy parsing */
export const LAZY_LINE_BYTES = 4096;
const PREFIX_BYTES = 320;
// pith and pi both write message entries with these keys first, in this order
const MESSAGE_PREFIX =
  /^\{"type":"message","id":"([0-9A-Za-z_-]{1,64})","parentId":(?:null|"([0-9A-Za-z_-]{1,64})"),"timestamp":"([0-9A-Za-z:.+-]{10,40})","message":\{"role":"([A-Za-z]{1,32})"/;

export interface LazyParseFailure {
  (error: unknown): void;
}

/**
 * A message entry whose `message` is parsed from `line` on first access (an enumerable accessor, so
 * JSON.stringify and spreads see it). Undefined when the line does not start the usual way.
 */
export function lazyMessageEntry(line: Buffer, onFailure: LazyParseFailure): Record<string, unknown> | undefined {
  const match = MESSAGE_PREFIX.exec(line.toString("latin1", 0, Math.min(line.length, PREFIX_BYTES)));
  if (!match || line[line.length - 1] !== 0x7d) return undefined;
  const [, id, parentId, timestamp, role] = match as unknown as [string, string, string | undefined, string, string];
  const entry: Record<string, unknown> = { type: "message", id, parentId: parentId ?? null, timestamp };
  let message: unknown;
  let source: Buffer | undefined = line;
  Object.defineProperty(entry, "message", {
    enumerable: true,
    configurable: true,
    get() {
      if (source) {
        const bytes = source;
        source = undefined;
        try {
          message = (JSON.parse(bytes.toString("utf8")) as { message: unknown }).message;
        } catch (error) {
          // the line looked right but is damaged inside: keep the tree intact, say what was lost
          message = { role, content: [{ type: "text", text: "[this message could not be read from the session file]" }], timestamp: Date.parse(timestamp) };
          onFailure(error);
        }
      }
      return message;
    },
    set(value: unknown) {
      source = undefined;
      message = value;
    },
  });
  Object.defineProperty(entry, ROLE, { value: role });
  return entry;
}

/** The role of a message entry's message, read without parsing a lazy one. */
export function messageRole(entry: object): string | undefined {
  const hinted = (entry as { [ROLE]?: string })[ROLE];
  if (hinted !== undefined) return hinted;
  const message = (entry as { message?: unknown }).message;
  return typeof message === "object" && message !== null ? ((message as { role?: unknown }).role as string | undefined) : undefined;
}
