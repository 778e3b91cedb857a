// Every kernel hook, declared once, typed, with its kind and its failure policy.
// Order of handlers = registration order (plugins load in a documented order), adjustable with the tap options
// `stage` and `before`. A handler's error is handled by its hook's policy (see `HOOK_POLICIES`), never by a
// hand-written loop at the call site.
import { AsyncSeriesBailHook, AsyncSeriesHook, AsyncSeriesWaterfallHook, SyncHook } from "tapable";
import type { AgentMessage, AssistantMessage, CustomMessage, ImageContent, TextContent, ToolResultMessage } from "./messages.js";
import type { Model, ThinkingLevel } from "./model.js";
import type { ProviderResponseInfo } from "./provider.js";
import type { SessionEvent } from "./events.js";
import type { ToolDefinition } from "./tool.js";

export type InputSource = "interactive" | "rpc" | "extension" | "print" | "sdk";

export interface InputState {
  text: string;
  images?: ImageContent[];
  source: InputSource;
  /** Set by a handler that consumed the input; later handlers are skipped and the prompt is dropped. */
  handled?: boolean;
}

export interface ExpandState {
  text: string;
  images?: ImageContent[];
  source: InputSource;
  /** false for `sendUserMessage`-style input, which is never expanded */
  expand: boolean;
}

export interface CommandInvocation {
  name: string;
  args: string;
  text: string;
  source: InputSource;
  signal: AbortSignal;
}

export interface BeforePromptContext {
  model: Model;
  /** the prompt about to be sent (after expansion), so a check can count it */
  text: string;
  images?: ImageContent[];
  signal: AbortSignal;
}

export interface BeforeAgentStartState {
  prompt: string;
  images?: ImageContent[];
  systemPrompt: string;
  /** messages to send right after the user message (pi's `before_agent_start` `message`) */
  messages: CustomMessage[];
}

export interface ContextState {
  messages: AgentMessage[];
  signal: AbortSignal;
}

export interface ProviderRequestState {
  payload: unknown;
  model: Model;
}

/** How a model call is made, apart from its content: settings such as `retry.provider.timeoutMs` reach it here. */
export interface StreamOptionsState {
  model: Model;
  idleTimeoutMs?: number;
}

export interface ToolCallEvent {
  toolCallId: string;
  toolName: string;
  /** validated arguments; handlers may change them in place, later handlers and the tool see the change */
  input: Record<string, unknown>;
  signal: AbortSignal;
}

/** Seen by the final gate: a deep-frozen copy of exactly what the tool will receive. */
export interface ToolGateEvent {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: Readonly<Record<string, unknown>>;
}

export interface ToolBlock {
  block: true;
  reason?: string;
}

export interface ToolResultState {
  toolCallId: string;
  toolName: string;
  input: Record<string, unknown>;
  content: (TextContent | ImageContent)[];
  details: unknown;
  isError: boolean;
  terminate?: boolean;
}

export interface MessageEndState {
  message: AgentMessage;
}

export interface RunEndContext {
  /** messages this run added */
  messages: AgentMessage[];
  lastAssistant: AssistantMessage | undefined;
  /** the session's abort signal for this prompt; a waiting handler must stop when it fires */
  signal: AbortSignal;
}

/** Returned by an `after_run` handler that wants the loop to run again on the current context. */
export interface RunContinuation {
  continue: true;
  reason: string;
}

export interface ResolveAuthRequest {
  model: Model;
  signal: AbortSignal;
}

export interface ResolvedAuth {
  apiKey?: string;
  headers?: Record<string, string>;
}

export interface SystemPromptState {
  prompt: string;
  cwd: string;
  tools: readonly ToolDefinition[];
}

export interface ModelSelectEvent {
  model: Model;
  previousModel: Model | undefined;
  source: "set" | "cycle" | "restore";
}

export interface ThinkingLevelSelectEvent {
  level: ThinkingLevel;
  previousLevel: ThinkingLevel;
}

export interface TurnEndEvent {
  message: AgentMessage;
  toolResults: ToolResultMessage[];
  turnIndex: number;
}

/** An MCP server a pi extension registered for the session (pi's `RegisteredMcpServer`). */
export interface RegisteredMcpServer {
  name: string;
  /** an `mcpServers` entry, as given */
  config: Record<string, unknown>;
  /** the extension that registered it */
  extensionPath: string;
}

/** Extensions registered or unregistered MCP servers; `servers` is every registered server after the change. */
export interface McpServersChangeEvent {
  servers: RegisteredMcpServer[];
}

/** Asked before a project's own resources load: may they? (pi's `project_trust`) */
export interface ProjectTrustEvent {
  /** the project folder */
  cwd: string;
  /** how pith runs: "tui" | "rpc" | "json" | "print" | "sdk" */
  mode: string;
  /** whether `ui` can ask the user */
  hasUI: boolean;
  /** dialogs a handler may use to ask the user; without a UI they answer as if dismissed */
  ui: ProjectTrustUI;
}

export interface ProjectTrustUI {
  select(title: string, options: string[]): Promise<string | undefined>;
  confirm(title: string, message: string): Promise<boolean>;
  input(title: string, placeholder?: string): Promise<string | undefined>;
  notify(message: string, type?: "info" | "warning" | "error"): void;
}

/** A handler's decision; a handler without one returns undefined and the next one is asked. */
export interface ProjectTrustDecision {
  trusted: boolean;
  /** save the decision in trust.json for later runs; otherwise it holds for this process only */
  remember?: boolean;
}

export interface SessionLifecycleEvent {
  reason: string;
  previousSessionFile?: string;
  targetSessionFile?: string;
}

/** How a hook treats a throwing handler. */
export type FailurePolicy =
  /** report (with plugin and hook) and go on as if the handler returned nothing */
  | "report"
  /** the call is refused: `tool_call` and the gate fail closed */
  | "block"
  /** the tool result becomes an error result carrying the message (a failed redaction must not leak) */
  | "error_result"
  /** the error propagates to the caller (commands the user asked for) */
  | "propagate";

export function createHooks() {
  return {
    /** series bail · stage 1 · a `/name args` prompt; return true when a command handled it */
    command: new AsyncSeriesBailHook<[CommandInvocation], true | undefined>(["invocation"], "command"),
    /** waterfall · stage 2 · transform text/images, or set `handled` to drop the prompt */
    input: new AsyncSeriesWaterfallHook<[InputState]>(["input"], "input"),
    /** waterfall · stage 3 · skill and template expansion */
    expand_input: new AsyncSeriesWaterfallHook<[ExpandState]>(["state"], "expand_input"),
    /** series bail · stage 5 and before each model call · the key and headers for a model; throw to refuse */
    resolve_auth: new AsyncSeriesBailHook<[ResolveAuthRequest], ResolvedAuth | undefined>(["request"], "resolve_auth"),
    /** series · stage 6 · checks before the run (pre-prompt compaction) */
    before_prompt: new AsyncSeriesHook<[BeforePromptContext]>(["context"], "before_prompt"),
    /** waterfall · stage 8 · add messages, replace the system prompt for this prompt */
    before_agent_start: new AsyncSeriesWaterfallHook<[BeforeAgentStartState]>(["state"], "before_agent_start"),
    /** waterfall · before each model call · replace the messages sent (a copy; the session keeps its own) */
    context: new AsyncSeriesWaterfallHook<[ContextState]>(["state"], "context"),
    /** waterfall · before each model call · transport options of the request (idle timeout) */
    stream_options: new AsyncSeriesWaterfallHook<[StreamOptionsState]>(["state"], "stream_options"),
    /** waterfall · provider payload built · replace the payload */
    before_provider_request: new AsyncSeriesWaterfallHook<[ProviderRequestState]>(["state"], "before_provider_request"),
    /** series · response head received · observe status and headers */
    after_provider_response: new AsyncSeriesHook<[ProviderResponseInfo]>(["response"], "after_provider_response"),
    /** series bail · before a tool runs · change `input` in place, or return {block:true}; a throw blocks */
    tool_call: new AsyncSeriesBailHook<[ToolCallEvent], ToolBlock | undefined>(["event"], "tool_call"),
    /** series bail · after every tool_call handler · read-only: allow (undefined) or block; a throw blocks */
    tool_gate: new AsyncSeriesBailHook<[ToolGateEvent], ToolBlock | undefined>(["event"], "tool_gate"),
    /** waterfall · after a tool ran · patch content, details, isError */
    tool_result: new AsyncSeriesWaterfallHook<[ToolResultState]>(["state"], "tool_result"),
    /** waterfall · a message is final · replace it (same role) before it is stored and sent on */
    message_end: new AsyncSeriesWaterfallHook<[MessageEndState]>(["state"], "message_end"),
    /** series · a turn (model reply + its tool results) ended */
    turn_end: new AsyncSeriesHook<[TurnEndEvent]>(["event"], "turn_end"),
    /** series · one loop run ended (may be followed by a retry or compaction run) */
    agent_end: new AsyncSeriesHook<[{ messages: AgentMessage[] }]>(["event"], "agent_end"),
    /** series bail · stage 9 · after a run: return {continue:true} to run the loop again (retry, overflow) */
    after_run: new AsyncSeriesBailHook<[RunEndContext], RunContinuation | undefined>(["context"], "after_run"),
    /** series · prompt() is about to return: retries and compaction are done, the session is idle */
    agent_settled: new AsyncSeriesHook<[{ messages: AgentMessage[] }]>(["event"], "agent_settled"),
    /** series · every session event, in order, through the serial event queue */
    event: new AsyncSeriesHook<[SessionEvent]>(["event"], "event"),
    /** sync · every session event at the moment it is emitted, before queueing; keep handlers tiny */
    event_emitted: new SyncHook<[SessionEvent]>(["event"], "event_emitted"),
    /** waterfall · build the system prompt (on start, when tools change, on reload) */
    system_prompt: new AsyncSeriesWaterfallHook<[SystemPromptState]>(["state"], "system_prompt"),
    /** series · the model changed */
    model_select: new AsyncSeriesHook<[ModelSelectEvent]>(["event"], "model_select"),
    /** series · the thinking level changed */
    thinking_level_select: new AsyncSeriesHook<[ThinkingLevelSelectEvent]>(["event"], "thinking_level_select"),
    /** series · the session is ready (startup, reload, new, resume, fork) */
    session_start: new AsyncSeriesHook<[SessionLifecycleEvent]>(["event"], "session_start"),
    /** series bail · before a project's own resources load · the first handler that decides owns the decision */
    project_trust: new AsyncSeriesBailHook<[ProjectTrustEvent], ProjectTrustDecision | undefined>(["event"], "project_trust"),
    /** series bail · extensions registered or unregistered MCP servers · return {claimed:true} to connect them yourself */
    mcp_servers_change: new AsyncSeriesBailHook<[McpServersChangeEvent], { claimed: true } | undefined>(["event"], "mcp_servers_change"),
    /** series · the session ends (quit, reload, new, resume, fork) */
    session_shutdown: new AsyncSeriesHook<[SessionLifecycleEvent]>(["event"], "session_shutdown"),
  } as const;
}

export type KernelHooks = ReturnType<typeof createHooks>;
export type HookName = keyof KernelHooks;

export const HOOK_POLICIES: Readonly<Record<HookName, FailurePolicy>> = Object.freeze({
  command: "propagate",
  input: "report",
  expand_input: "report",
  resolve_auth: "propagate",
  before_prompt: "report",
  before_agent_start: "report",
  context: "report",
  stream_options: "report",
  before_provider_request: "report",
  after_provider_response: "report",
  tool_call: "block",
  tool_gate: "block",
  tool_result: "error_result",
  message_end: "report",
  turn_end: "report",
  agent_end: "report",
  after_run: "report",
  agent_settled: "report",
  event: "report",
  event_emitted: "report",
  system_prompt: "report",
  model_select: "report",
  thinking_level_select: "report",
  session_start: "report",
  project_trust: "report",
  mcp_servers_change: "report",
  session_shutdown: "report",
});

/**
 * Whether a handler is tapped on the hook. tapable's `isUsed()` also counts interceptors, and every kernel hook
 * carries the failure-policy interceptor, so it would always say yes (and, e.g., the conversation would be copied
 * for a `context` hook nobody listens to).
 */
export function isTapped(hook: { taps: readonly unknown[] }): boolean {
  return hook.taps.length > 0;
}
