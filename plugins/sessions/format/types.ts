// The session file format (pi's version 3), field for field, plus the shapes the manager hands out.
import type { AgentMessage, ImageContent, TextContent, Usage } from "../../../kernel/index.js";
import type { SystemMessage } from "../../../lib/transcript/system-messages.js";

export const CURRENT_SESSION_VERSION = 3;

export interface SessionHeader {
  type: "session";
  /** absent in version 1 files */
  version?: number;
  id: string;
  timestamp: string;
  cwd: string;
  parentSession?: string;
}

export interface SessionEntryBase {
  type: string;
  /** 8 hex chars (a full UUID after 100 collisions) */
  id: string;
  parentId: string | null;
  timestamp: string;
}

export interface SessionMessageEntry extends SessionEntryBase {
  type: "message";
  message: AgentMessage;
}

export interface ThinkingLevelChangeEntry extends SessionEntryBase {
  type: "thinking_level_change";
  thinkingLevel: string;
}

export interface ModelChangeEntry extends SessionEntryBase {
  type: "model_change";
  provider: string;
  modelId: string;
}

export interface CompactionEntry<TDetails = unknown> extends SessionEntryBase {
  type: "compaction";
  summary: string;
  firstKeptEntryId: string;
  tokensBefore: number;
  details?: TDetails;
  fromHook?: boolean;
  /** pi 1.6.0: the prompt and tools as of the compaction; leads the compacted context */
  systemMessage?: SystemMessage;
  /** what generating the summary cost */
  usage?: Usage;
}

export interface BranchSummaryEntry<TDetails = unknown> extends SessionEntryBase {
  type: "branch_summary";
  /** the leaf the navigation left, or "root" (pi 1.6.0; 0.73.1 stored the branch point) */
  fromId: string;
  summary: string;
  details?: TDetails;
  fromHook?: boolean;
  usage?: Usage;
}

/** Model usage that is no message (e.g. pi's `cache_warm`): counted in the totals, never in the context. */
export interface UsageEntry extends SessionEntryBase {
  type: "usage";
  /** any string; unknown kinds are ordinary usage */
  kind: string;
  provider: string;
  model: string;
  usage: Usage;
  note?: string;
}

/**
 * Hides (`replacement: null`) or replaces the content of an earlier user, assistant, tool-result or custom-message
 * entry in the model's context only; the latest edit of a target on the branch wins.
 */
export interface ContextEditEntry extends SessionEntryBase {
  type: "context_edit";
  targetId: string;
  replacement: null | { content: string | (TextContent | ImageContent)[] };
}

/** Plugin state kept in the session; never part of the model's context. */
export interface CustomEntry<TData = unknown> extends SessionEntryBase {
  type: "custom";
  customType: string;
  data?: TData;
}

/** A message a plugin injects; part of the context as a user message. */
export interface CustomMessageEntry<TDetails = unknown> extends SessionEntryBase {
  type: "custom_message";
  customType: string;
  content: string | (TextContent | ImageContent)[];
  display: boolean;
  details?: TDetails;
}

export interface LabelEntry extends SessionEntryBase {
  type: "label";
  targetId: string;
  /** undefined or empty clears the label */
  label: string | undefined;
}

export interface SessionInfoEntry extends SessionEntryBase {
  type: "session_info";
  name?: string;
}

/**
 * One of the eleven entry types (pi 1.6.0). A file written by a newer version may hold other types: they are kept
 * (and copied by forks) but take no part in the context.
 */
export type SessionEntry =
  | SessionMessageEntry
  | ThinkingLevelChangeEntry
  | ModelChangeEntry
  | CompactionEntry
  | BranchSummaryEntry
  | CustomEntry
  | CustomMessageEntry
  | LabelEntry
  | SessionInfoEntry
  | UsageEntry
  | ContextEditEntry;

export type SessionEntryType = SessionEntry["type"];

export const ENTRY_TYPES: ReadonlySet<string> = new Set<SessionEntryType>([
  "message",
  "thinking_level_change",
  "model_change",
  "compaction",
  "branch_summary",
  "custom",
  "custom_message",
  "label",
  "session_info",
  "usage",
  "context_edit",
]);

/** A line of a session file: the header or an entry. */
export type FileEntry = SessionHeader | SessionEntry;

export interface SessionTreeNode {
  entry: SessionEntry;
  children: SessionTreeNode[];
  label?: string;
  /** when the current label was set */
  labelTimestamp?: string;
}

export interface SessionContext {
  messages: AgentMessage[];
  thinkingLevel: string;
  model: { provider: string; modelId: string } | null;
}

/** What listings show of a session, read without loading it whole. */
export interface SessionInfo {
  /** the store's location: a file path for the JSONL store */
  path: string;
  id: string;
  /** "" for sessions whose header has no cwd */
  cwd: string;
  name?: string;
  parentSessionPath?: string;
  created: Date;
  /** last user or assistant message, else the header time, else the file time */
  modified: Date;
  /** when the stored session last changed (the file's mtime); `continueRecent` picks the newest */
  changed: Date;
  messageCount: number;
  /** false when `messageCount` (and possibly `name`) were estimated from a part of the file */
  exact: boolean;
  /** first user message text, or "(no messages)" */
  firstMessage: string;
}

/** Something wrong in a stored session that loading worked around. */
export interface SessionWarning {
  code:
    | "invalid_json"
    | "torn_line"
    | "line_too_long"
    | "not_an_object"
    | "unknown_type"
    | "missing_id"
    | "malformed_entry"
    | "duplicate_id"
    | "unknown_parent"
    | "forward_parent"
    | "bad_header"
    | "newer_version"
    | "migrated"
    | "repaired"
    | "relocated"
    | "malformed_content";
  /** `<location>:<line>: what happened and what was done` */
  message: string;
  location: string;
  line?: number;
}

export function warning(
  code: SessionWarning["code"],
  location: string,
  line: number | undefined,
  text: string,
): SessionWarning {
  return { code, location, line, message: line === undefined ? `${location}: ${text}` : `${location}:${line}: ${text}` };
}
