// Rebuilds what the model sees from the entries on the path to a leaf (pi's `buildSessionContext`).
import type { AgentMessage, AssistantMessage, BranchSummaryMessage, CompactionSummaryMessage, CustomMessage } from "../../kernel/index.js";
import { EntryIndex } from "./entry-index.js";
import { messageRole } from "./lazy-entry.js";
import type { CompactionEntry, SessionContext, SessionEntry } from "./types.js";

/**
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
  const leaf = (leafId ? index.byId.get(leafId) : undefined) ?? index.last;
  if (!leaf) return emptyContext();
  const path = index.path(leaf.id);

  let thinkingLevel = "off";
  let compactionAt = -1;
  path.forEach((entry, position) => {
    if (entry.type === "thinking_level_change") thinkingLevel = entry.thinkingLevel;
    else if (entry.type === "compaction") compactionAt = position;
  });
  const model = lastModel(path);

  const messages: AgentMessage[] = [];
  if (compactionAt < 0) {
    for (const entry of path) pushMessage(messages, entry);
    return { messages, thinkingLevel, model };
  }
  const compaction = path[compactionAt] as CompactionEntry;
  messages.push(compactionSummaryMessage(compaction));
  const firstKept = path.findIndex((entry, position) => position < compactionAt && entry.id === compaction.firstKeptEntryId);
  if (firstKept >= 0) for (let i = firstKept; i < compactionAt; i++) pushMessage(messages, path[i]!);
  for (let i = compactionAt + 1; i < path.length; i++) pushMessage(messages, path[i]!);
  return { messages, thinkingLevel, model };
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

function pushMessage(messages: AgentMessage[], entry: SessionEntry): void {
  if (entry.type === "message") messages.push(entry.message);
  else if (entry.type === "custom_message") messages.push(customMessage(entry));
  else if (entry.type === "branch_summary" && entry.summary) {
    const message: BranchSummaryMessage = {
      role: "branchSummary",
      summary: entry.summary,
      fromId: entry.fromId,
      timestamp: Date.parse(entry.timestamp),
    };
    messages.push(message);
  }
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
