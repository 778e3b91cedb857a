// What a client asks about the session (state, statistics, the last answer, fork points) and its name, in the
// shapes of pi's RPC answers. Parts that need a stored session come from the "sessions" service.
import { PithError, isAssistantMessage, messageText, type Model, type ThinkingLevel, type QueueMode, type SessionEvent, type SessionApi } from "../../kernel/index.js";
import type { SessionsService } from "../sessions/sessions-service.js";
import type { SessionEntry, SessionTreeNode } from "../sessions/format/types.js";
import type { CompactionService } from "../compaction/compaction-events.js";
import { contextUsage, type ContextUsage } from "../compaction/tokens/context-usage.js";
import { EntryTally, tallyOfMessages } from "./session-tally.js";
import { cacheMisses, usageBreakdown, type CacheReadPrice, type CacheWaste, type UsageShare } from "./cache-misses.js";

/** pi's `RpcSessionState`; undefined fields are left out of the JSON. */
export interface SessionStateReport {
  model?: Model;
  thinkingLevel: ThinkingLevel;
  isStreaming: boolean;
  isCompacting: boolean;
  steeringMode: QueueMode;
  followUpMode: QueueMode;
  sessionFile?: string;
  sessionId: string;
  sessionName?: string;
  autoCompactionEnabled: boolean;
  messageCount: number;
  pendingMessageCount: number;
}

export type { ContextUsage };

/** pi's `SessionStats`, computed over the conversation as the model sees it. */
export interface SessionStatsReport {
  sessionFile: string | undefined;
  sessionId: string;
  userMessages: number;
  assistantMessages: number;
  toolCalls: number;
  toolResults: number;
  totalMessages: number;
  tokens: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
  cost: number;
  contextUsage?: ContextUsage;
}

export interface SessionSpending {
  breakdown: UsageShare[];
  cacheWaste: CacheWaste;
}

export interface ForkPoint {
  entryId: string;
  text: string;
}

/** pi's `get_entries` answer: entries in append order (no header) and the current leaf. */
export interface EntriesReport {
  entries: SessionEntry[];
  leafId: string | null;
}

/** pi's `get_tree` answer. */
export interface TreeReport {
  tree: SessionTreeNode[];
  leafId: string | null;
}

export interface SessionInfoService {
  state(): SessionStateReport;
  stats(): SessionStatsReport;
  /** the text of the last assistant reply (an aborted empty one is skipped), trimmed; undefined when none */
  lastAssistantText(): string | undefined;
  /** what the session's usage went to per model, and what its prompt caches missed (pi 1.6.0's `/session`) */
  spending(): SessionSpending;
  /** every user message of the session file, in file order (all branches), as pi lists them */
  forkPoints(): ForkPoint[];
  /** trimmed; an empty name is refused */
  setName(name: string): void;
  /** every entry, or only those appended after `since` (an entry id: a cursor that survives restarts) */
  entries(since?: string): EntriesReport;
  tree(): TreeReport;
}

declare module "../../kernel/index.js" {
  interface PithServices {
    sessionInfo: SessionInfoService;
  }
  interface SessionEventMap {
    /** the session was named (`/name`, RPC `set_session_name`, an extension's `pi.setSessionName`) */
    session_info_changed: { type: "session_info_changed"; name: string | undefined };
  }
}

export interface SessionInfoConfig {
  session: Pick<SessionApi, "getState" | "sessionId" | "messages" | "model">;
  sessions(): SessionsService | undefined;
  compaction(): CompactionService | undefined;
  /** the model whose context window applies: under a virtual selection, the one that answered last */
  limitsModel(): Model | undefined;
  autoCompactionEnabled(): boolean;
  cacheReadPrice: CacheReadPrice;
  emit(event: SessionEvent): void;
}

export class SessionInfo implements SessionInfoService {
  private readonly entryTally = new EntryTally();

  constructor(private readonly config: SessionInfoConfig) {}

  state(): SessionStateReport {
    const state = this.config.session.getState();
    const manager = this.config.sessions()?.manager;
    return {
      model: state.model,
      thinkingLevel: state.thinkingLevel,
      isStreaming: state.isStreaming,
      isCompacting: this.config.compaction()?.isCompacting ?? false,
      steeringMode: state.steeringMode,
      followUpMode: state.followUpMode,
      sessionFile: manager?.getSessionFile(),
      sessionId: this.config.session.sessionId,
      sessionName: manager?.getSessionName(),
      autoCompactionEnabled: this.config.autoCompactionEnabled(),
      messageCount: state.messages.length,
      pendingMessageCount: state.pendingMessageCount,
    };
  }

  spending(): SessionSpending {
    const entries = this.config.sessions()?.manager.getEntries() ?? [];
    return { breakdown: usageBreakdown(entries), cacheWaste: cacheMisses(entries, this.config.cacheReadPrice).totals };
  }

  stats(): SessionStatsReport {
    const manager = this.config.sessions()?.manager;
    const tally = manager ? this.entryTally.of(manager.liveEntries()) : tallyOfMessages(this.config.session.messages);
    const { input, output, cacheRead, cacheWrite } = tally.tokens;
    const stats: SessionStatsReport = {
      sessionFile: manager?.getSessionFile(),
      sessionId: this.config.session.sessionId,
      userMessages: tally.userMessages,
      assistantMessages: tally.assistantMessages,
      toolCalls: tally.toolCalls,
      toolResults: tally.toolResults,
      totalMessages: tally.totalMessages,
      tokens: { ...tally.tokens, total: input + output + cacheRead + cacheWrite },
      cost: tally.cost,
    };
    const contextUsage = this.contextUsage();
    if (contextUsage) stats.contextUsage = contextUsage;
    return stats;
  }

  lastAssistantText(): string | undefined {
    const messages = this.config.session.messages;
    for (let index = messages.length - 1; index >= 0; index--) {
      const message = messages[index]!;
      if (!isAssistantMessage(message)) continue;
      if (message.stopReason === "aborted" && message.content.length === 0) continue;
      return messageText(message).trim() || undefined;
    }
    return undefined;
  }

  forkPoints(): ForkPoint[] {
    const points: ForkPoint[] = [];
    for (const entry of this.requireSessions("list fork points").manager.getEntries()) {
      if (entry.type !== "message" || entry.message.role !== "user") continue;
      const text = messageText(entry.message);
      if (text) points.push({ entryId: entry.id, text });
    }
    return points;
  }

  setName(name: string): void {
    const trimmed = name.trim();
    if (!trimmed) throw new PithError("SESSION_NAME_EMPTY", "Session name cannot be empty.");
    const manager = this.requireSessions("name the session").manager;
    manager.setSessionName(trimmed);
    this.config.emit({ type: "session_info_changed", name: manager.getSessionName() });
  }

  entries(since?: string): EntriesReport {
    const manager = this.requireSessions("list the session's entries").manager;
    const entries = manager.getEntries();
    if (since === undefined) return { entries, leafId: manager.getLeafId() };
    const cursor = entries.findIndex((entry) => entry.id === since);
    if (cursor === -1) {
      throw new PithError("ENTRY_NOT_FOUND", `No entry with id "${since}" in this session; call get_entries without "since" to read them all.`);
    }
    return { entries: entries.slice(cursor + 1), leafId: manager.getLeafId() };
  }

  tree(): TreeReport {
    const manager = this.requireSessions("read the session tree").manager;
    return { tree: manager.getTree(), leafId: manager.getLeafId() };
  }

  private contextUsage(): ContextUsage | undefined {
    return contextUsage(this.config.limitsModel()?.contextWindow ?? 0, this.config.session.messages, this.config.compaction());
  }

  private requireSessions(action: string): SessionsService {
    const sessions = this.config.sessions();
    if (sessions) return sessions;
    throw new PithError(
      "SESSIONS_UNAVAILABLE",
      `Cannot ${action}: no loaded plugin provides the "sessions" service (pith's sessions plugin stores sessions and their entries).`,
    );
  }
}

