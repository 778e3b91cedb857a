// pi's extension contract as extensions see it: the `pi` object, the `ctx` object, the events and what their
// handlers may return. Shapes follow pi 0.73.1's `ExtensionAPI` so extensions written for pi type-check and run.
import type { AgentMessage, CustomMessage, ImageContent, TextContent, Model, ThinkingLevel, AssistantMessageEvent, Usage } from "../../../kernel/index.js";
import type { RegisteredMcpServer } from "../../mcp/servers-change-hook.js";
import type { ModelRegistryView } from "../context/model-registry-view.js";
import type { NativeProvider } from "../registrations/native-provider.js";
import type { ModelRoute, ModelRouteRequest, VirtualModelDefinition } from "../../models/virtual-models.js";
import type { ReadonlySessionView } from "../context/session-view.js";
import type { ExtensionUIContext } from "../context/ui-context.js";
import type { BashOperations, BashResult } from "../../session-services/user-bash.js";
import type { Pi1xEventMap, ProjectTrustContext, ProjectTrustEvent, ProjectTrustEventResult } from "./event-types.js";
export type { ProjectTrustContext, ProjectTrustEvent, ProjectTrustEventResult };

// ---- sources ---------------------------------------------------------------------------------------------

export type ExtensionScope = "user" | "project" | "temporary";

/** pi's `SourceInfo`: where a tool, command or extension came from. */
export interface SourceInfo {
  path: string;
  source: string;
  scope: ExtensionScope;
  origin: "package" | "top-level";
  baseDir?: string;
}

// ---- events ----------------------------------------------------------------------------------------------

export type PiInputSource = "interactive" | "rpc" | "extension";

export interface ResourcesDiscoverEvent {
  type: "resources_discover";
  cwd: string;
  reason: "startup" | "reload";
}
export interface SessionStartEvent {
  type: "session_start";
  reason: string;
  previousSessionFile?: string;
}
export interface SessionShutdownEvent {
  type: "session_shutdown";
  reason: string;
  targetSessionFile?: string;
}
export interface SessionBeforeSwitchEvent {
  type: "session_before_switch";
  reason: "new" | "resume";
  targetSessionFile?: string;
}
export interface SessionBeforeForkEvent {
  type: "session_before_fork";
  entryId: string;
  position: "before" | "at";
}
export interface SessionBeforeCompactEvent {
  type: "session_before_compact";
  preparation: unknown;
  branchEntries: readonly unknown[];
  customInstructions?: string;
  reason: "manual" | "threshold" | "overflow";
  /** the turn that overflowed is sent again after this compaction */
  willRetry: boolean;
  signal: AbortSignal;
}
export interface SessionCompactEvent {
  type: "session_compact";
  compactionEntry: unknown;
  fromExtension: boolean;
  reason: "manual" | "threshold" | "overflow";
  willRetry: boolean;
}
export interface SessionBeforeTreeEvent {
  type: "session_before_tree";
  preparation: unknown;
  signal: AbortSignal;
}
export interface SessionTreeEvent {
  type: "session_tree";
  newLeafId: string | null;
  oldLeafId: string | null;
  summaryEntry?: unknown;
  fromExtension?: boolean;
}
export interface ContextEvent {
  type: "context";
  messages: AgentMessage[];
}
export interface BeforeProviderRequestEvent {
  type: "before_provider_request";
  payload: unknown;
}
export interface AfterProviderResponseEvent {
  type: "after_provider_response";
  status: number;
  headers: Record<string, string>;
}
interface BeforeAgentStartEventBase {
  type: "before_agent_start";
  systemPrompt: string;
  systemPromptOptions: SystemPromptOptionsView;
}
/** A run opened by a prompt (typed, RPC, `pi.sendUserMessage()`). */
export interface BeforeAgentStartUserEvent extends BeforeAgentStartEventBase {
  messageType: "user";
  prompt: string;
  images?: ImageContent[];
}
/** A run opened by `pi.sendMessage(..., {triggerTurn: true})` while idle. */
export interface BeforeAgentStartCustomEvent extends BeforeAgentStartEventBase {
  messageType: "custom";
  message: CustomMessage;
}
export type BeforeAgentStartEvent = BeforeAgentStartUserEvent | BeforeAgentStartCustomEvent;
/** What the system prompt is built from (pi's normalised `BuildSystemPromptOptions`); a description, read-only in effect. */
export interface SystemPromptOptionsView {
  cwd: string;
  /** SYSTEM.md or --system-prompt */
  customPrompt?: string;
  forceSystemPrompt?: string;
  selectedTools: string[];
  hiddenTools: string[];
  toolSnippets: Record<string, string>;
  toolGuidelines: Record<string, string[]>;
  promptGuidelines: string[];
  /** APPEND_SYSTEM.md and every --append-system-prompt */
  appendSystemPrompt: string;
  /** the prompt's sections beyond the built-in ones (preamble, tools, rules, docs, addendum, project_context, skills, cwd) */
  sections: Record<string, string>;
  contextFiles: { path: string; content: string }[];
  skills: unknown[];
}
export interface AgentStartEvent {
  type: "agent_start";
}
export interface AgentEndEvent {
  type: "agent_end";
  messages: AgentMessage[];
}
export interface TurnStartEvent {
  type: "turn_start";
  turnIndex: number;
  timestamp: number;
}
export interface MessageStartEvent {
  type: "message_start";
  message: AgentMessage;
}
export interface MessageUpdateEvent {
  type: "message_update";
  message: AgentMessage;
  assistantMessageEvent: AssistantMessageEvent;
}
export interface MessageEndEvent {
  type: "message_end";
  message: AgentMessage;
}
export interface ToolExecutionStartEvent {
  type: "tool_execution_start";
  toolCallId: string;
  toolName: string;
  args: unknown;
}
export interface ToolExecutionUpdateEvent {
  type: "tool_execution_update";
  toolCallId: string;
  toolName: string;
  args: unknown;
  partialResult: unknown;
}
export interface ToolExecutionEndEvent {
  type: "tool_execution_end";
  toolCallId: string;
  toolName: string;
  result: unknown;
  isError: boolean;
}
export interface ModelSelectEvent {
  type: "model_select";
  model: Model;
  previousModel: Model | undefined;
  source: "set" | "cycle" | "restore";
}
export interface ThinkingLevelSelectEvent {
  type: "thinking_level_select";
  level: ThinkingLevel;
  previousLevel: ThinkingLevel;
}
export interface UserBashEvent {
  type: "user_bash";
  command: string;
  excludeFromContext: boolean;
  cwd: string;
}
export interface InputEvent {
  type: "input";
  text: string;
  images?: ImageContent[];
  source: PiInputSource;
  /** how the text will be queued: set only when it arrives while the agent works */
  streamingBehavior?: "steer" | "followUp";
}
export interface ToolCallEvent {
  type: "tool_call";
  toolCallId: string;
  toolName: string;
  /** mutable: changes in place reach later handlers and the tool */
  input: Record<string, unknown>;
}
/** pith's final read-only gate: a deep-frozen copy of exactly what the tool will receive. */
export interface ToolGateEvent {
  type: "tool_gate";
  toolCallId: string;
  toolName: string;
  input: Readonly<Record<string, unknown>>;
}
export interface ToolResultEvent {
  type: "tool_result";
  toolCallId: string;
  toolName: string;
  input: Record<string, unknown>;
  content: (TextContent | ImageContent)[];
  details: unknown;
  /** the tool's machine-readable output, when it gave one */
  structuredContent?: unknown;
  usage?: Usage;
  isError: boolean;
}

// ---- results ---------------------------------------------------------------------------------------------

export interface ResourcesDiscoverResult {
  skillPaths?: string[];
  promptPaths?: string[];
  themePaths?: string[];
}
export type InputEventResult = { action: "continue" } | { action: "transform"; text: string; images?: ImageContent[] } | { action: "handled" };
export interface BeforeAgentStartEventResult {
  message?: PiCustomMessageInput;
  systemPrompt?: string;
}
export interface ContextEventResult {
  messages?: AgentMessage[];
}
export interface ToolCallEventResult {
  block?: boolean;
  reason?: string;
  /** a blocked call's result ends the run when every result of its batch does (as a tool's `terminate`) */
  terminate?: boolean;
}
export interface ToolResultEventResult {
  /** replacing `content` without `structuredContent` drops the old structured content (it may no longer match) */
  content?: (TextContent | ImageContent)[];
  details?: unknown;
  structuredContent?: unknown;
  usage?: Usage;
  isError?: boolean;
}
export interface MessageEndEventResult {
  message?: AgentMessage;
}
export interface SessionBeforeSwitchResult {
  cancel?: boolean;
}
export interface SessionBeforeForkResult {
  cancel?: boolean;
  skipConversationRestore?: boolean;
}
export interface SessionBeforeCompactResult {
  cancel?: boolean;
  /** `usage`: what making the summary cost, counted in the session's totals */
  compaction?: { summary: string; firstKeptEntryId: string; tokensBefore: number; details?: unknown; usage?: Usage };
}
export interface SessionBeforeTreeResult {
  cancel?: boolean;
  summary?: { summary: string; details?: unknown; usage?: Usage };
  customInstructions?: string;
  replaceInstructions?: boolean;
  label?: string;
}
/** pi's `BashResult`, as user bash (plugins/session-services/user-bash.ts) produces it */
export type { BashOperations, BashResult };
export interface UserBashEventResult {
  operations?: BashOperations;
  result?: BashResult;
}

/** Every event an extension may subscribe to, with its payload and what a handler may return. */
export interface ExtensionEventMap extends Pi1xEventMap {
  resources_discover: [ResourcesDiscoverEvent, ResourcesDiscoverResult];
  session_start: [SessionStartEvent, void];
  session_shutdown: [SessionShutdownEvent, void];
  session_before_switch: [SessionBeforeSwitchEvent, SessionBeforeSwitchResult];
  session_before_fork: [SessionBeforeForkEvent, SessionBeforeForkResult];
  session_before_compact: [SessionBeforeCompactEvent, SessionBeforeCompactResult];
  session_compact: [SessionCompactEvent, void];
  session_before_tree: [SessionBeforeTreeEvent, SessionBeforeTreeResult];
  session_tree: [SessionTreeEvent, void];
  context: [ContextEvent, ContextEventResult];
  before_provider_request: [BeforeProviderRequestEvent, unknown];
  after_provider_response: [AfterProviderResponseEvent, void];
  before_agent_start: [BeforeAgentStartEvent, BeforeAgentStartEventResult];
  agent_start: [AgentStartEvent, void];
  agent_end: [AgentEndEvent, void];
  turn_start: [TurnStartEvent, void];
  message_start: [MessageStartEvent, void];
  message_update: [MessageUpdateEvent, void];
  message_end: [MessageEndEvent, MessageEndEventResult];
  tool_execution_start: [ToolExecutionStartEvent, void];
  tool_execution_update: [ToolExecutionUpdateEvent, void];
  tool_execution_end: [ToolExecutionEndEvent, void];
  model_select: [ModelSelectEvent, void];
  thinking_level_select: [ThinkingLevelSelectEvent, void];
  user_bash: [UserBashEvent, UserBashEventResult];
  input: [InputEvent, InputEventResult];
  tool_call: [ToolCallEvent, ToolCallEventResult];
  tool_gate: [ToolGateEvent, ToolCallEventResult];
  tool_result: [ToolResultEvent, ToolResultEventResult];
  agent_settled: [AgentSettledEvent, void];
  session_compact_failed: [SessionCompactFailedEvent, void];
  session_info_changed: [SessionInfoChangedEvent, void];
  mcp_servers_change: [McpServersChangeEvent, void];
}

/** pi 1.6: the session is idle and will not go on by itself (after retries, compaction, queued messages). */
export interface AgentSettledEvent {
  type: "agent_settled";
  /** the last run ended because it was aborted */
  aborted: boolean;
}

/** pi 1.6: a compaction failed, was cancelled or aborted. */
export interface SessionCompactFailedEvent {
  type: "session_compact_failed";
  reason: "manual" | "threshold" | "overflow";
  errorMessage?: string;
  aborted: boolean;
  willRetry: boolean;
  fromExtension: boolean;
}

/** pi 1.6: the session's name was set (`name`) or cleared (undefined). */
export interface SessionInfoChangedEvent {
  type: "session_info_changed";
  name: string | undefined;
}

/** Extensions registered or unregistered MCP servers; handling it means this extension connects them itself. */
export interface McpServersChangeEvent {
  type: "mcp_servers_change";
  /** every registered server after the change */
  servers: RegisteredMcpServer[];
}

export type ExtensionEventName = keyof ExtensionEventMap;

export type ExtensionHandler<E, R> = (event: E, ctx: ExtensionContext) => R | void | undefined | Promise<R | void | undefined>;

export type HandlerFor<K extends ExtensionEventName> = K extends "project_trust"
  ? (event: ProjectTrustEvent, ctx: ProjectTrustContext) => ProjectTrustEventResult | Promise<ProjectTrustEventResult>
  : ExtensionHandler<ExtensionEventMap[K][0], ExtensionEventMap[K][1]>;

// ---- ctx -------------------------------------------------------------------------------------------------

export interface ContextUsage {
  tokens: number | null;
  contextWindow: number;
  percent: number | null;
}

export interface CompactOptions {
  customInstructions?: string;
  onComplete?: (result: unknown) => void;
  onError?: (error: Error) => void;
}

/** How pith runs: pi's `ctx.mode` (pith has no terminal UI yet, so never "tui" for now). */
export type ExtensionMode = "tui" | "rpc" | "json" | "print";

export interface ExtensionContext {
  readonly ui: ExtensionUIContext;
  readonly hasUI: boolean;
  readonly cwd: string;
  readonly mode: ExtensionMode;
  /** the session's thinking level */
  readonly thinkingLevel: ThinkingLevel;
  /** whether this project's own resources (`.pi/extensions`, ...) are trusted to load */
  isProjectTrusted(): boolean;
  readonly sessionManager: ReadonlySessionView;
  readonly modelRegistry: ModelRegistryView;
  readonly model: Model | undefined;
  /** `--models` / `enabledModels` resolved against the models with a key; empty when nothing is scoped */
  readonly scopedModels: readonly { model: Model; thinkingLevel?: ThinkingLevel }[];
  /** the running turn's abort signal; undefined while idle */
  readonly signal: AbortSignal | undefined;
  isIdle(): boolean;
  abort(): void;
  hasPendingMessages(): boolean;
  shutdown(): void;
  getContextUsage(): ContextUsage | undefined;
  compact(options?: CompactOptions): void;
  getSystemPrompt(): string;
}

export interface SessionChangeResult {
  cancelled: boolean;
}

export interface ExtensionCommandContext extends ExtensionContext {
  /** what the system prompt is built from now */
  getSystemPromptOptions(): SystemPromptOptionsView;
  waitForIdle(): Promise<void>;
  newSession(options?: {
    parentSession?: string;
    setup?: (sessionManager: unknown) => Promise<void>;
    withSession?: (ctx: ReplacedSessionContext) => Promise<void>;
  }): Promise<SessionChangeResult>;
  fork(entryId: string, options?: { position?: "before" | "at"; withSession?: (ctx: ReplacedSessionContext) => Promise<void> }): Promise<SessionChangeResult>;
  navigateTree(
    targetId: string,
    options?: { summarize?: boolean; customInstructions?: string; replaceInstructions?: boolean; label?: string },
  ): Promise<SessionChangeResult>;
  switchSession(sessionPath: string, options?: { withSession?: (ctx: ReplacedSessionContext) => Promise<void> }): Promise<SessionChangeResult>;
  reload(): Promise<void>;
}

export interface ReplacedSessionContext extends ExtensionCommandContext {
  sendMessage(message: PiCustomMessageInput, options?: SendMessageOptions): Promise<void>;
  sendUserMessage(content: string | (TextContent | ImageContent)[], options?: { deliverAs?: "steer" | "followUp"; expandPromptTemplates?: boolean }): Promise<void>;
}

// ---- registrations ---------------------------------------------------------------------------------------

export interface PiToolResult {
  content: (TextContent | ImageContent)[];
  details?: unknown;
  terminate?: boolean;
}

export type PiToolUpdate = (partial: PiToolResult) => void;

/** pi's `ToolDefinition` (TypeBox or plain JSON Schema parameters). */
export interface PiToolDefinition {
  name: string;
  label?: string;
  description: string;
  promptSnippet?: string;
  promptGuidelines?: string[];
  parameters?: object;
  prepareArguments?: (args: unknown) => unknown;
  executionMode?: "sequential" | "parallel";
  renderShell?: "default" | "self";
  execute(
    toolCallId: string,
    params: Record<string, unknown>,
    signal: AbortSignal | undefined,
    onUpdate: PiToolUpdate | undefined,
    ctx: ExtensionContext,
  ): Promise<PiToolResult>;
  renderCall?: (...args: never[]) => unknown;
  renderResult?: (...args: never[]) => unknown;
  // pi 1.6.0's fields. pith sends every active tool to the model directly (it has no code mode), so `exposure`
  // decides whether the tool starts active and which tools `ctx.executeTool()` reaches; the others are kept for
  // `getAllTools()`.
  /** `direct` and `model-only` tools start active (unless `defaultActive: false`); the others start inactive */
  exposure?: "direct" | "model-only" | "codemode" | "deferred" | "hidden";
  defaultActive?: boolean;
  namespace?: { name: string; aliases?: string[]; description?: string; instructions?: string };
  annotations?: Record<string, unknown>;
  outputSchema?: object;
  reachesTools?: (input: Record<string, unknown>) => unknown;
  prepareLoadout?: (...args: never[]) => unknown;
  constrainedSampling?: unknown;
}

export interface PiCommandOptions {
  description?: string;
  getArgumentCompletions?: (prefix: string) => unknown;
  handler(args: string, ctx: ExtensionCommandContext): Promise<void> | void;
}

export interface PiFlagOptions {
  description?: string;
  type: "boolean" | "string";
  default?: boolean | string;
}

export interface PiShortcutOptions {
  description?: string;
  handler(ctx: ExtensionContext): Promise<void> | void;
}

export interface PiCustomMessageInput {
  customType: string;
  content: CustomMessage["content"];
  display: boolean;
  details?: unknown;
}

export interface SendMessageOptions {
  triggerTurn?: boolean;
  deliverAs?: "steer" | "followUp" | "nextTurn";
}

export interface ExecOptions {
  signal?: AbortSignal;
  /** milliseconds */
  timeout?: number;
  cwd?: string;
  /** bytes of stdout and stderr together; more stops the program (default 256 MiB) */
  maxBuffer?: number;
}

export interface ExecResult {
  stdout: string;
  stderr: string;
  /** 128 + the signal's number for a program a signal ended */
  code: number;
  /** pith stopped the program: timeout, abort or maxBuffer */
  killed: boolean;
  /** the output went past maxBuffer and was cut there */
  truncated: boolean;
}

export interface ToolInfo {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  promptGuidelines: string[];
  exposure: NonNullable<PiToolDefinition["exposure"]>;
  namespace?: PiToolDefinition["namespace"];
  annotations?: Record<string, unknown>;
  reachesTools?: PiToolDefinition["reachesTools"];
  sourceInfo: SourceInfo;
}

export interface SlashCommandInfo {
  name: string;
  description?: string;
  source: "extension" | "prompt" | "skill";
  sourceInfo: SourceInfo;
}

export interface EventBus {
  on(channel: string, handler: (data: unknown) => void): () => void;
  emit(channel: string, data?: unknown): void;
}

/** The `pi` object an extension's default export receives. */
/** pi's `registerMarkdownTransformer` options: which message surfaces the transformer sees. */
export interface MarkdownTransformerOptions {
  messageTypes?: readonly ("user" | "assistant" | "assistant-thinking" | "custom" | "summary" | "changelog")[];
}

export interface ExtensionAPI {
  /** returns a function that removes this handler again */
  on<K extends ExtensionEventName>(event: K, handler: HandlerFor<K>): () => void;
  registerTool(tool: PiToolDefinition): void;
  registerCommand(name: string, options: PiCommandOptions): void;
  registerShortcut(shortcut: string, options: PiShortcutOptions): void;
  registerFlag(name: string, options: PiFlagOptions): void;
  getFlag(name: string): boolean | string | undefined;
  registerMessageRenderer(customType: string, renderer: (...args: never[]) => unknown): void;
  /** renders `custom` session entries of `customType` */
  registerEntryRenderer(customType: string, renderer: (...args: never[]) => unknown): void;
  /** renders any tool's call and result; a resolver may defer to the next with `next()` */
  registerToolRenderer(resolver: (...args: never[]) => unknown): void;
  registerMarkdownTransformer(transform: (...args: never[]) => unknown, options?: MarkdownTransformerOptions): void;
  /** the effective settings (global overlaid with project), a copy */
  getSettings(): Record<string, unknown>;
  sendMessage(message: PiCustomMessageInput, options?: SendMessageOptions): void;
  sendUserMessage(content: string | (TextContent | ImageContent)[], options?: { deliverAs?: "steer" | "followUp"; expandPromptTemplates?: boolean }): void;
  appendEntry(customType: string, data?: unknown): void;
  setSessionName(name: string): void;
  getSessionName(): string | undefined;
  setLabel(entryId: string, label: string | undefined): void;
  exec(command: string, args: string[], options?: ExecOptions): Promise<ExecResult>;
  getActiveTools(): string[];
  getAllTools(): ToolInfo[];
  setActiveTools(names: string[]): void;
  getCommands(): SlashCommandInfo[];
  setModel(model: Model): Promise<boolean>;
  getThinkingLevel(): ThinkingLevel;
  setThinkingLevel(level: ThinkingLevel): void;
  /** a name and config, or (pi 1.6) a whole pi-ai `Provider` object */
  registerProvider(name: string | NativeProvider, config?: Record<string, unknown>): void;
  unregisterProvider(name: string): void;
  /** pi's virtual model: listed like any model, `route(request, ctx)` picks the physical model of each request */
  registerVirtualModel(model: ExtensionVirtualModel): void;
  unregisterVirtualModel(provider: string, id: string): void;
  /** an MCP server for this session, an `mcpServers` entry; throws for an invalid entry or another extension's name */
  registerMcpServer(name: string, config: Record<string, unknown>): void;
  unregisterMcpServer(name: string): void;
  /** every MCP server extensions registered */
  getMcpServers(): RegisteredMcpServer[];
  readonly events: EventBus;
}

/** A pi extension: the default export of an extension file. */
export type ExtensionFactory = (pi: ExtensionAPI) => void | Promise<void>;

/** What `pi.registerVirtualModel` takes: pi's definition, its router also given the extension's ctx. */
export interface ExtensionVirtualModel extends Omit<VirtualModelDefinition, "route"> {
  route(request: ModelRouteRequest, ctx: ExtensionContext): ModelRoute | Promise<ModelRoute>;
}
