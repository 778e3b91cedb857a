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
 * or, after a compaction, the latest compaction first, then the entries it kept, then everything after it.
 */
export function contextEntries(path: readonly SessionEntry[]): SessionEntry[] {
  let compactionAt = -1;
  path.forEach((entry, position) => {
    if (entry.type === "compaction") compactionAt = position;
  });
  if (compactionAt < 0) return [...path];
  const compaction = path[compactionAt] as CompactionEntry;
  const firstKept = path.findIndex((entry, position) => position < compactionAt && entry.id === compaction.firstKeptEntryId);
  return [compaction, ...(firstKept >= 0 ? path.slice(firstKept, compactionAt) : []), ...path.slice(compactionAt + 1)];
}

function customMessage(entry: Extract<SessionEntry, { type: "custom_message" }>): CustomMessage {
  return {
    role: "custom",
    customType: entry.customType,
    content: entry.content,
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

/** pi's `ProjectedSessionEntry`s of a path: each entry the context is built from, with the messages it adds after context edits. */
export function projectedEntries(path: readonly SessionEntry[]): { sourceEntry: SessionEntry; messages: AgentMessage[] }[] {
  const edits = contextEdits(path);
  return contextEntries(path).map((sourceEntry) => {
    const message = projectedMessage(sourceEntry, edits);
    return { sourceEntry, messages: message ? [message] : [] };
  });
}
