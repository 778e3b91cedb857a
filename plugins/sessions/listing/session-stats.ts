// What a listing needs from a session's lines, gathered line by line so a listing can feed it only the
// parts of a file it read.
import { messageRole } from "../reading/lazy-entry.js";
import type { SessionHeader, SessionInfo } from "../format/types.js";

/** a pasted novel as first prompt would bloat every listing */
export const FIRST_MESSAGE_MAX_CHARS = 2000;

export interface SessionStats {
  messageCount: number;
  firstMessage?: string;
  /** set once any session_info line was seen; `name` is then the last one's (undefined = cleared) */
  nameSeen: boolean;
  name?: string;
  /** newest user/assistant message time, ms */
  lastActivity?: number;
}

export function emptyStats(): SessionStats {
  return { messageCount: 0, nameSeen: false };
}

export function addLine(stats: SessionStats, line: unknown): void {
  if (countLine(stats, line)) noteConversation(stats, line as Record<string, unknown>);
}

/**
 * The same figures for a whole session without reading every message: counts come from the lines' types,
 * the first message from the first user line, the last activity from the last user or assistant line.
 */
export function statsOfLines(lines: readonly unknown[]): SessionStats {
  const stats = emptyStats();
  const users: number[] = [];
  let last = -1;
  lines.forEach((line, i) => {
    if (!countLine(stats, line)) return;
    if (messageRole(line as object) === "user") users.push(i);
    last = i;
  });
  // the first user message with text (an image-only prompt has none)
  for (const i of users) {
    if (stats.firstMessage !== undefined) break;
    noteConversation(stats, lines[i] as Record<string, unknown>);
  }
  if (last !== -1) noteConversation(stats, lines[last] as Record<string, unknown>);
  return stats;
}

/** counts the line; true for a user or assistant message line (whose content is then worth a look) */
function countLine(stats: SessionStats, line: unknown): boolean {
  if (typeof line !== "object" || line === null) return false;
  const entry = line as Record<string, unknown>;
  if (entry.type === "session_info") {
    stats.nameSeen = true;
    stats.name = typeof entry.name === "string" && entry.name.trim() ? entry.name.trim() : undefined;
    return false;
  }
  if (entry.type !== "message") return false;
  stats.messageCount++;
  const role = messageRole(entry);
  return role === "user" || role === "assistant"; // tool results, often huge, stay unparsed
}

function noteConversation(stats: SessionStats, entry: Record<string, unknown>): void {
  const message = entry.message as Record<string, unknown> | undefined;
  if (!message || (message.role !== "user" && message.role !== "assistant") || !("content" in message)) return;
  const time = typeof message.timestamp === "number" ? message.timestamp : Date.parse(String(entry.timestamp));
  if (!Number.isNaN(time)) stats.lastActivity = Math.max(stats.lastActivity ?? 0, time);
  if (stats.firstMessage === undefined && message.role === "user") {
    const text = contentText(message.content);
    if (text) stats.firstMessage = text.slice(0, FIRST_MESSAGE_MAX_CHARS);
  }
}

/** `later` describes lines that follow the ones `earlier` saw */
export function mergeStats(earlier: SessionStats, later: SessionStats): SessionStats {
  return {
    messageCount: earlier.messageCount + later.messageCount,
    firstMessage: earlier.firstMessage ?? later.firstMessage,
    nameSeen: earlier.nameSeen || later.nameSeen,
    name: later.nameSeen ? later.name : earlier.name,
    lastActivity: maxDefined(earlier.lastActivity, later.lastActivity),
  };
}

export function toSessionInfo(
  path: string,
  header: SessionHeader,
  stats: SessionStats,
  changed: Date,
  exact: boolean,
): SessionInfo {
  const headerTime = Date.parse(header.timestamp);
  const modified =
    stats.lastActivity !== undefined && stats.lastActivity > 0
      ? new Date(stats.lastActivity)
      : Number.isNaN(headerTime)
        ? changed
        : new Date(headerTime);
  return {
    path,
    id: header.id,
    cwd: typeof header.cwd === "string" ? header.cwd : "",
    name: stats.name,
    parentSessionPath: header.parentSession,
    created: new Date(header.timestamp),
    modified,
    changed,
    messageCount: stats.messageCount,
    exact,
    firstMessage: stats.firstMessage ?? "(no messages)",
  };
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((block): block is { type: "text"; text: string } => block?.type === "text" && typeof block.text === "string")
    .map((block) => block.text)
    .join(" ");
}

function maxDefined(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.max(a, b);
}
