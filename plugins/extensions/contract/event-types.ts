// The events pi 1.x added to the extension contract, with their payloads and what a handler may return
// (pi 1.6.0's `dist/core/extensions/types.d.ts`). `ExtensionEventMap` in types.ts includes this map.
import type { AgentMessage, ImageContent, Message, TextContent, ToolResultMessage, TurnEndState, Usage } from "../../../kernel/index.js";
import type { SessionEntry } from "../../sessions/format/types.js";
import type { ProjectTrustUI } from "../../trust/trust-hook.js";

export interface ContextWithSystemEvent {
  type: "context_with_system";
  /** the whole request: the system prompt and tools as the leading `role: "system"` message, then the conversation */
  messages: AgentMessage[];
}

/** what the handler returns is sent as it is */
export interface ContextWithSystemEventResult {
  messages?: AgentMessage[];
}

export interface BeforeProviderHeadersEvent {
  type: "before_provider_headers";
  /** change in place; `null` deletes the header */
  headers: Record<string, string | null>;
}

export interface ProviderStreamEvent {
  type: "provider_stream_event";
  provider: string;
  api: string;
  model: string;
  /** one parsed event of the provider's stream, before pith converts it */
  data: unknown;
}

export type UIPromptKind = "select" | "confirm" | "input" | "editor" | "custom";

export interface UIPromptStartEvent {
  type: "ui_prompt_start";
  reason: "ui_prompt";
  kind: UIPromptKind;
  title?: string;
}

export interface UIPromptEndEvent {
  type: "ui_prompt_end";
  reason: "ui_prompt";
  kind: UIPromptKind;
  title?: string;
}

export interface ProjectTrustEvent {
  type: "project_trust";
  cwd: string;
}

export interface ProjectTrustEventResult {
  trusted: "yes" | "no" | "undecided";
  /** save a yes/no in trust.json for later runs */
  remember?: boolean;
}

/** What a `project_trust` handler gets as `ctx`: nothing of the session, which does not exist yet. */
export interface ProjectTrustContext {
  cwd: string;
  mode: string;
  hasUI: boolean;
  ui: ProjectTrustUI;
}

/** An entry a boundary handler proposes (`turn_end`, `agent_before_settle`); appended after every handler ran. */
export type SessionBoundaryDraft =
  | { type: "custom"; customType: string; data?: unknown }
  | { type: "custom_message"; customType: string; content: string | (TextContent | ImageContent)[]; display: boolean; details?: unknown }
  | { type: "context_edit"; targetId: string; replacement: { content: string | (TextContent | ImageContent)[] } | null }
  /** `firstKeptEntryId: null` keeps nothing before the compaction */
  | { type: "compaction"; summary: string; firstKeptEntryId: string | null; details?: unknown; usage?: Usage };

/** What the model would see if the entries proposed so far were appended. */
export interface BoundaryContextPreview {
  /** the branch's entries with the proposed ones, each with the messages it adds to the context */
  contextEntries: { sourceEntry: SessionEntry; messages: AgentMessage[] }[];
  contextMessages: AgentMessage[];
  llmMessages: Message[];
  /** queued steering messages, then follow-ups (extension messages sent while the agent works among them) */
  pendingMessages: AgentMessage[];
  /** a continuation would have something to answer */
  canContinue: boolean;
}

export interface BoundaryState {
  /** proposed so far by earlier handlers */
  entries: SessionBoundaryDraft[];
  continue: boolean;
  context: BoundaryContextPreview;
  outcome: TurnEndState["outcome"];
}

/** Each field replaces the proposal's; an omitted one keeps it. */
export interface BoundaryResult {
  entries?: SessionBoundaryDraft[];
  continue?: boolean;
}

export interface TurnEndEvent extends BoundaryState {
  type: "turn_end";
  turnIndex: number;
  message: AgentMessage;
  toolResults: ToolResultMessage[];
  messageEntryId: string;
  toolResultEntryIds: string[];
}

export interface AgentBeforeSettleEvent extends BoundaryState {
  type: "agent_before_settle";
}

/** Before each prompt-cache refresh, with pith's estimates and decision; everything else is on the context. */
export interface CacheWarmingDecisionEvent {
  type: "cache_warming_decision";
  /** dollars: the price of this refresh */
  warmCost: number;
  /** dollars the next request costs more if the cache entry is lost */
  missCost: number;
  /** the estimated chance that a request arrives before the entry expires */
  continuationProbability: number;
  /** pith's decision */
  action: "warm" | "stop";
}

/** Overrides the decision; the last handler that returns an action wins. "stop" ends warming until the next request. */
export interface CacheWarmingDecisionEventResult {
  action?: "warm" | "stop";
}

export interface Pi1xEventMap {
  cache_warming_decision: [CacheWarmingDecisionEvent, CacheWarmingDecisionEventResult];
  turn_end: [TurnEndEvent, BoundaryResult];
  agent_before_settle: [AgentBeforeSettleEvent, BoundaryResult];
  context_with_system: [ContextWithSystemEvent, ContextWithSystemEventResult];
  before_provider_headers: [BeforeProviderHeadersEvent, void];
  provider_stream_event: [ProviderStreamEvent, void];
  ui_prompt_start: [UIPromptStartEvent, void];
  ui_prompt_end: [UIPromptEndEvent, void];
  /** `ctx` is a ProjectTrustContext, not the session's context */
  project_trust: [ProjectTrustEvent, ProjectTrustEventResult];
}

/** What `turn_end` / `agent_before_settle` handlers have proposed so far in the boundary being run. */
export interface BoundaryProposal {
  entries: SessionBoundaryDraft[];
  /** the last proposal could be previewed; an invalid one is dropped whole */
  valid: boolean;
  context?: BoundaryContextPreview;
}
