// Rebuilds what the model sees from the entries on the path to a leaf (pi's `buildSessionContext`).
import type { AgentMessage, AssistantMessage, CustomMessage } from "../../../kernel/index.js";
import type { BranchSummaryMessage, CompactionSummaryMessage } from "../../../lib/transcript/pi-messages.js";
import { EntryIndex } from "./entry-index.js";
import { messageRole } from "../reading/lazy-entry.js";
import type { CompactionEntry, ContextEditEntry, SessionContext, SessionEntry } from "../format/types.js";

/**
 * `context_edit` entries on the path hide or replace the content of their targets (the latest edit wins).
 * `leafId === null`: nothing (navigated before the first entry). An unknown or absent leaf: the last entry.
 * Settings come from the whole path; with compactions only the latest counts: its summary first, then the
 * path from its `firstKeptEntryId` (which may lie before earlier compactions; nothing is kept when it is not
 * on the path), then everything after it.
 */
export function buildSessionContext(
  entries: readonly SessionEntry[],
  leafId?: string | null,
  index: EntryIndex = new EntryIndex(entries),
): SessionContext {
  if (leafId === null) return emptyContext();
  const leaf = (leafId ? index.get(leafId) : undefined) ?? index.last;
  if (!leaf) return emptyContext();
  const path = index.path(leaf.id);
  const { thinkingLevel, model } = branchSettings(path);
  let compactionAt = -1;
  path.forEach((entry, position) => {
    if (entry.type === "compaction") compactionAt = position;
  });

  const edits = contextEdits(path);
  const messages: AgentMessage[] = [];
  const push = (entry: SessionEntry, keepSystem = true) => pushMessage(messages, entry, edits, keepSystem);
  if (compactionAt < 0) {
    for (const entry of path) push(entry);
    return { messages, thinkingLevel, model };
  }
  const compaction = path[compactionAt] as CompactionEntry;
  // pi 1.6.0's checkpoint of prompt and tools leads; the system messages it folded in are not replayed again
  if (compaction.systemMessage) messages.push(compaction.systemMessage);
  messages.push(compactionSummaryMessage(compaction));
  const firstKept = path.findIndex((entry, position) => position < compactionAt && entry.id === compaction.firstKeptEntryId);
  if (firstKept >= 0) for (let i = firstKept; i < compactionAt; i++) push(path[i]!, !compaction.systemMessage);
  for (let i = compactionAt + 1; i < path.length; i++) push(path[i]!);
  return { messages, thinkingLevel, model };
}

export interface BranchSettings {
  /** the last recorded level, "off" when none is */
  thinkingLevel: string;
  /** whether the branch records a thinking level at all */
  thinkingLevelRecorded: boolean;
  model: SessionContext["model"];
}

/** The thinking level and model a branch (root to leaf) last recorded, without building its messages. */
export function branchSettings(path: readonly SessionEntry[]): BranchSettings {
  let thinkingLevel = "off";
  let thinkingLevelRecorded = false;
  for (const entry of path) {
    if (entry.type !== "thinking_level_change") continue;
    thinkingLevel = entry.thinkingLevel;
    thinkingLevelRecorded = true;
  }
  return { thinkingLevel, thinkingLevelRecorded, model: lastModel(path) };
}

type Replacement = ContextEditEntry["replacement"];

/** The latest edit of each edited entry on a path, by target id (`null` hides the target). */
export type ContextEdits = ReadonlyMap<string, Replacement>;

/** The latest `context_edit` of each target on the path (edits are branch-relative). */
export function contextEdits(path: readonly SessionEntry[]): Map<string, Replacement> {
  const edits = new Map<string, Replacement>();
  for (const entry of path) if (entry.type === "context_edit") edits.set(entry.targetId, entry.replacement);
  return edits;
}

/** The message with its content replaced; assistant and tool-result content stays a block array. */
function edited<T extends { role: string; content?: unknown }>(message: T, replacement: NonNullable<Replacement>): T {
  const blocksOnly = message.role === "assistant" || message.role === "toolResult";
  const content = blocksOnly && typeof replacement.content === "string" ? [{ type: "text", text: replacement.content }] : replacement.content;
  return { ...message, content };
}

/** from the end, so that only one (possibly big, lazily parsed) assistant message is read */
function lastModel(path: readonly SessionEntry[]): SessionContext["model"] {
  for (let i = path.length - 1; i >= 0; i--) {
    const entry = path[i]!;
    if (entry.type === "model_change") return { provider: entry.provider, modelId: entry.modelId };
    if (entry.type === "message" && messageRole(entry) === "assistant") {
      const reply = entry.message as AssistantMessage;
      return { provider: reply.provider, modelId: reply.model };
    }
  }
  return null;
}

function emptyContext(): SessionContext {
  return { messages: [], thinkingLevel: "off", model: null };
}

function pushMessage(messages: AgentMessage[], entry: SessionEntry, edits: ContextEdits, keepSystem: boolean): void {
  if (entry.type === "compaction") return;
  if (entry.type === "message" && !keepSystem && messageRole(entry) === "system") return;
  const message = projectedMessage(entry, edits);
  if (message) messages.push(message);
}

/** The message an entry adds to the model's context once the path's context edits apply; none when one hides it. */
export function projectedMessage(entry: SessionEntry, edits: ContextEdits): AgentMessage | undefined {
  const edit = edits.get(entry.id);
  if (edit === null) return undefined;
  const message = entryMessage(entry);
  if (!message || !edit || entry.type === "branch_summary" || entry.type === "compaction") return message;
  return edited(message as AgentMessage & { role: string }, edit);
}

/** The message an entry holds as the model would read it, context edits aside; none for entries of other kinds. */
export function entryMessage(entry: SessionEntry): AgentMessage | undefined {
  if (entry.type === "message") return entry.message;
  if (entry.type === "custom_message") return customMessage(entry);
  if (entry.type === "compaction") return compactionSummaryMessage(entry);
  if (entry.type === "branch_summary" && entry.summary) {
    const message: BranchSummaryMessage = { role: "branchSummary", summary: entry.summary, fromId: entry.fromId, timestamp: Date.parse(entry.timestamp) };
    return message;
  }
  return undefined;
}

/**
 * The entries of `path` (root to leaf) that the context is built from (pi's `buildContextEntries`): all of them,
 * or, after a compaction, the latest compaction first, then the entries it kept (system messages aside: the
 * compaction's checkpoint stands for them), then everything after it.
 */
export function contextEntries(path: readonly SessionEntry[]): SessionEntry[] {
  let compactionAt = -1;
  path.forEach((entry, position) => {
    if (entry.type === "compaction") compactionAt = position;
  });
  if (compactionAt < 0) return [...path];
  const compaction = path[compactionAt] as CompactionEntry;
  const firstKept = path.findIndex((entry, position) => position < compactionAt && entry.id === compaction.firstKeptEntryId);
  const kept = firstKept >= 0 ? path.slice(firstKept, compactionAt).filter((entry) => !(entry.type === "message" && messageRole(entry) === "system")) : [];
  return [compaction, ...kept, ...path.slice(compactionAt + 1)];
}

/**
 * pi's `sessionEntryToContextMessages`: the messages one entry adds to the context, context edits aside. A compaction
 * adds its checkpoint of prompt and tools, then its summary; a message stored without content (an old or
 * hand-edited file) gets an empty one.
 */
export function entryContextMessages(entry: SessionEntry): AgentMessage[] {
  if (entry.type === "compaction") {
    const summary = compactionSummaryMessage(entry);
    return entry.systemMessage ? [entry.systemMessage, summary] : [summary];
  }
  const message = entryMessage(entry);
  if (!message) return [];
  const { role, content } = message as { role: string; content?: unknown };
  if (entry.type !== "message" || content != null) return [message];
  if (role === "system") return [{ ...message, content: "" } as AgentMessage];
  return BLOCK_CONTENT_ROLES.has(role) ? [{ ...message, content: [] } as AgentMessage] : [message];
}

const BLOCK_CONTENT_ROLES = new Set(["user", "assistant", "toolResult"]);
/** the roles a context edit replaces the content of */
const EDITABLE_ROLES = new Set([...BLOCK_CONTENT_ROLES, "custom"]);

function customMessage(entry: Extract<SessionEntry, { type: "custom_message" }>): CustomMessage {
  return {
    role: "custom",
    customType: entry.customType,
    content: entry.content ?? [],
    display: entry.display,
    details: entry.details,
    timestamp: Date.parse(entry.timestamp),
  };
}

function compactionSummaryMessage(entry: CompactionEntry): CompactionSummaryMessage {
  return {
    role: "compactionSummary",
    summary: entry.summary,
    tokensBefore: entry.tokensBefore,
    timestamp: Date.parse(entry.timestamp),
  };
}

/**
 * pi's `ProjectedSessionEntry`s of a path: each entry the context is built from, with the messages it adds after the
 * context edits among them. Only the latest compaction (first) speaks: an older one kept in its range adds nothing.
 */
export function projectedEntries(path: readonly SessionEntry[]): { sourceEntry: SessionEntry; messages: AgentMessage[] }[] {
  const entries = contextEntries(path);
  const edits = contextEdits(entries);
  return entries.map((sourceEntry, position) => ({
    sourceEntry,
    messages: sourceEntry.type === "compaction" && position > 0 ? [] : projectedMessages(sourceEntry, edits.get(sourceEntry.id)),
  }));
}

/** pi's `projectContextEntry`: an entry's messages once its latest edit applies (`null` hides them all). */
export function projectedMessages(entry: SessionEntry, edit: Replacement | undefined): AgentMessage[] {
  const messages = entryContextMessages(entry);
  if (edit === undefined) return messages;
  if (edit === null) return [];
  return messages.map((message) => (EDITABLE_ROLES.has(message.role) ? edited(message as AgentMessage & { role: string }, edit) : message));
}

/** pi's `SessionProjection` of a branch (root to leaf): its projected entries, their messages, its settings. */
export interface SessionProjection extends SessionContext {
  entries: { sourceEntry: SessionEntry; messages: AgentMessage[] }[];
}

export function sessionProjection(path: readonly SessionEntry[]): SessionProjection {
  const entries = projectedEntries(path);
  const { thinkingLevel, model } = branchSettings(path);
  return { entries, messages: entries.flatMap((entry) => entry.messages), thinkingLevel, model };
}
