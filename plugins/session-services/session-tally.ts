// What a session holds and has cost, summed over its file's entries as pi 1.6.0 counts them (messages a compaction
// took out of the context still cost what they cost, and so do summaries and usage-only entries). The sums are kept
// and brought up to date with the entries appended since: the footer asks on every frame, and reading every entry
// each time cost a long session's frames in proportion to its length.
import { isAssistantMessage, type AgentMessage, type Usage } from "../../kernel/index.js";
import type { SessionEntry } from "../sessions/format/types.js";

export interface Tally {
  userMessages: number;
  assistantMessages: number;
  toolCalls: number;
  toolResults: number;
  totalMessages: number;
  tokens: { input: number; output: number; cacheRead: number; cacheWrite: number };
  cost: number;
}

const emptyTally = (): Tally => ({
  userMessages: 0,
  assistantMessages: 0,
  toolCalls: 0,
  toolResults: 0,
  totalMessages: 0,
  tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  cost: 0,
});

function addUsage(tally: Tally, usage: Usage | undefined): void {
  if (!usage) return;
  tally.tokens.input += usage.input;
  tally.tokens.output += usage.output;
  tally.tokens.cacheRead += usage.cacheRead;
  tally.tokens.cacheWrite += usage.cacheWrite;
  tally.cost += usage.cost.total;
}

function addMessage(tally: Tally, message: AgentMessage): void {
  tally.totalMessages++;
  const role = (message as { role?: string }).role;
  if (role === "user") tally.userMessages++;
  if (role === "toolResult") {
    tally.toolResults++;
    addUsage(tally, (message as { usage?: Usage }).usage);
  }
  if (!isAssistantMessage(message)) return;
  tally.assistantMessages++;
  tally.toolCalls += message.content.filter((block) => block.type === "toolCall").length;
  addUsage(tally, message.usage);
}

function addEntry(tally: Tally, entry: SessionEntry): void {
  if (entry.type === "message") addMessage(tally, entry.message);
  else if (entry.type === "usage" || entry.type === "compaction" || entry.type === "branch_summary") addUsage(tally, entry.usage);
}

/** The sums of messages that are not stored (a session without a file of entries). */
export function tallyOfMessages(messages: readonly AgentMessage[]): Tally {
  const tally = emptyTally();
  for (const message of messages) addMessage(tally, message);
  return tally;
}

/** The sums of a session's entries, read once each: entries are only ever appended to the list a session keeps. */
export class EntryTally {
  private list: readonly SessionEntry[] | undefined;
  private counted = 0;
  private sums = emptyTally();

  of(entries: readonly SessionEntry[]): Tally {
    // another session's list (new, resumed, forked), or one that shrank: counted afresh
    if (entries !== this.list || entries.length < this.counted) {
      this.list = entries;
      this.counted = 0;
      this.sums = emptyTally();
    }
    for (; this.counted < entries.length; this.counted++) addEntry(this.sums, entries[this.counted]!);
    return { ...this.sums, tokens: { ...this.sums.tokens } };
  }
}
