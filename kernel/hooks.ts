// Every hook pith fires, declared once (`HOOK_CATALOGUE`): its kind, its failure policy and its owner, the one
// that fires it. The kernel's own hooks exist with the session; a plugin's hooks (compaction, session moves ...)
// are created when first asked for, by their owner or by a plugin tapping them, so a plugin loaded before the
// owner taps them like any other. Their payload types come from the owner, by declaration merging on
// `HookSignatures`. Order of handlers = registration order (plugins load in a documented order), adjustable
// with the tap options `stage` and `before`. A handler's error is handled by its hook's policy, never by a
// hand-written loop at the call site.
import type { AsyncSeriesBailHook, AsyncSeriesHook, AsyncSeriesWaterfallHook, SyncHook } from "tapable";
import type { AgentMessage, AssistantMessage, CustomMessage, ImageContent, TextContent, ToolResultMessage, ToolSpec } from "./messages.js";
import type { Model, ThinkingLevel } from "./model.js";
import type { ProviderResponseInfo, StreamRequest } from "./provider.js";
import type { SessionEvent } from "./events.js";
import type { ToolDefinition, ToolResult } from "./tool.js";

/**
 * Where a prompt came from. The kernel names only its default, "sdk"; each mode or plugin that prompts adds its own
 * name by declaration merging: `declare module "pith/kernel" { interface InputSources { rpc: true } }`.
 */
export interface InputSources {
  sdk: true;
}

export type InputSource = keyof InputSources & string;

export interface InputState {
  text: string;
  images?: ImageContent[];
  source: InputSource;
  /** how the text will be queued when it arrives while the agent works (pi's `streamingBehavior`) */
  streamingBehavior?: "steer" | "followUp";
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
  /** what opens the run: the user's prompt (`prompt`, `images`), or a custom message (`message`; `prompt` is "") */
  messageType: "user" | "custom";
  prompt: string;
  images?: ImageContent[];
  message?: CustomMessage;
  systemPrompt: string;
  /** messages to send right after the user message (pi's `before_agent_start` `message`) */
  messages: CustomMessage[];
}

export interface ContextState {
  messages: AgentMessage[];
  signal: AbortSignal;
}

/**
 * The whole request after every `context` handler: the conversation, the system prompt and the tools the model is
 * offered. A handler may replace any of them; the request is sent as the last handler left it.
 */
export interface ContextWithSystemState {
  messages: AgentMessage[];
  systemPrompt: string;
  tools: ToolSpec[];
  model: Model;
  signal: AbortSignal;
}

/** The headers a model call adds to the provider's own; handlers change `headers` in place, `null` removes one. */
export interface ProviderHeadersEvent {
  headers: Record<string, string | null>;
  model: Model;
}

/** One event of the provider's stream as the wire delivered it (parsed), before the provider turns it into pith's. */
export interface ProviderStreamEventInfo {
  model: Model;
  data: unknown;
}

export interface ProviderRequestState {
  payload: unknown;
  model: Model;
}

/** How a model call is made, apart from its content: settings such as `retry.provider.timeoutMs` reach it here. */
export interface StreamOptionsState extends Pick<StreamRequest, "idleTimeoutMs" | "transport" | "thinkingBudgets" | "attribution"> {
  model: Model;
}

export interface ToolCallEvent {
  toolCallId: string;
  toolName: string;
  /** set on a call another tool made */
  parentToolCallId?: string;
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

/** `terminate` (pi 1.6): the blocked call's result ends the run when every result of its batch does */
export interface ToolBlock { block: true; reason?: string; terminate?: boolean }

export interface ToolResultState {
  toolCallId: string;
  toolName: string;
  parentToolCallId?: string;
  input: Record<string, unknown>;
  content: (TextContent | ImageContent)[];
  details: unknown;
  structuredContent?: unknown;
  usage?: ToolResult["usage"];
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
  /** the endpoint this credential belongs to, replacing the model's `baseUrl` for the request (pi's `auth.baseUrl`) */
  baseUrl?: string;
}

/** The system prompt as named sections, in order (pi 1.6.0); its text is every section, blank-line separated. */
export interface SystemPromptState {
  sections: Record<string, string>;
  cwd: string;
  tools: readonly ToolDefinition[];
}

/** The messages a turn adds before its model call: the prompt's on the first turn, steering on later ones. */
export interface TurnPrepareState {
  messages: AgentMessage[];
  /** the conversation so far (read-only), the prompt's sections now, the tools the model may call in this turn */
  conversation: readonly AgentMessage[];
  sections: Readonly<Record<string, string>>;
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

/** `outcome`: the reply completed, was aborted or failed; `continue`: one more model request, even when nothing else brings one. */
export interface TurnEndState {
  message: AssistantMessage;
  toolResults: ToolResultMessage[];
  turnIndex: number;
  outcome: "completed" | "aborted" | "error";
  continue: boolean;
}

/** The run is about to settle (not after an abort); `continue` runs the loop once more on the current context. */
export type BeforeSettleState = RunEndContext & Pick<TurnEndState, "outcome" | "continue">;

export type SessionEndReason = "quit" | "reload" | "new" | "resume" | "fork";

export interface SessionStartEvent {
  reason: "startup" | Exclude<SessionEndReason, "quit">;
  previousSessionFile?: string;
}

/** The session leaves its conversation: for good (`quit`), or for a reload or another conversation. */
export interface SessionShutdownEvent {
  reason: SessionEndReason;
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

/**
 * How handlers are called. series: each in turn, results ignored; bail: each in turn until one returns a value;
 * waterfall: each gets what the previous returned; sync: each in turn, synchronously.
 */
export type HookKind = "series" | "bail" | "waterfall" | "sync";

/** The kernel owns the hooks it fires itself; a plugin's name owns the hooks that plugin fires. */
export const KERNEL_OWNER = "kernel";

/** A hook's one argument, and what a handler may return (waterfalls return the argument's type). */
export interface HookSignature<Arg, Result = void> {
  arg: Arg;
  result: Result;
}

/**
 * Argument and result of each plugin-owned hook: its owner adds them by declaration merging,
 * `declare module "pith/kernel" { interface HookSignatures { my_hook: HookSignature<MyEvent, MyResult> } }`.
 * The kernel's own hooks carry theirs in the catalogue.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface HookSignatures {}

/** A kernel hook: its kind, its failure policy and, as a type only, its signature. */
type KernelHookSpec<K extends HookKind, Arg, Result> = { kind: K; policy: FailurePolicy; owner: typeof KERNEL_OWNER; signature?: HookSignature<Arg, Result> };
const kernelHook = <K extends HookKind>(kind: K) => <Arg, Result = void>(policy: FailurePolicy = "report") =>
  ({ kind, policy, owner: KERNEL_OWNER }) as KernelHookSpec<K, Arg, Result>;
const series = kernelHook("series");
const bail = kernelHook("bail");
const sync = kernelHook("sync");
const waterfall = <Arg>(policy?: FailurePolicy) => kernelHook("waterfall")<Arg, Arg>(policy);
const hook = <K extends HookKind, O extends string>(kind: K, policy: FailurePolicy, owner: O) => ({ kind, policy, owner }) as const;

/**
 * Every hook pith fires. The documentation of each (when it fires, what a handler may do) is the table in
 * docs/architecture.md; a test keeps the two in step.
 */
export const HOOK_CATALOGUE = Object.freeze({
  command: bail<CommandInvocation, true | undefined>("propagate"),
  input: waterfall<InputState>(),
  expand_input: waterfall<ExpandState>(),
  resolve_auth: bail<ResolveAuthRequest, ResolvedAuth | undefined>("propagate"),
  before_prompt: series<BeforePromptContext>(),
  before_agent_start: waterfall<BeforeAgentStartState>(),
  turn_prepare: waterfall<TurnPrepareState>(),
  context: waterfall<ContextState>(),
  /** after `context`: the whole request (prompt and tools too), sent as the handlers leave it */
  context_with_system: waterfall<ContextWithSystemState>(),
  before_provider_headers: series<ProviderHeadersEvent>(),
  provider_stream_event: series<ProviderStreamEventInfo>(),
  stream_options: waterfall<StreamOptionsState>(),
  /** a model call goes to its provider, exactly as built (the cache-warming plugin replays it) */
  model_request: sync<{ request: StreamRequest }>(),
  before_provider_request: waterfall<ProviderRequestState>(),
  after_provider_response: series<ProviderResponseInfo>(),
  tool_call: bail<ToolCallEvent, ToolBlock | undefined>("block"),
  tool_gate: bail<ToolGateEvent, ToolBlock | undefined>("block"),
  tool_result: waterfall<ToolResultState>("error_result"),
  message_end: waterfall<MessageEndState>(),
  turn_end: waterfall<TurnEndState>(),
  /** a run ended: does an automatic retry follow? (`agent_end.willRetry`) */
  will_retry: bail<Omit<RunEndContext, "signal">, true | undefined>(),
  agent_end: series<{ messages: AgentMessage[] }>(),
  after_run: bail<RunEndContext, RunContinuation | undefined>(),
  agent_before_settle: waterfall<BeforeSettleState>(),
  agent_settled: series<{ messages: AgentMessage[] }>(),
  event: series<SessionEvent>(),
  event_emitted: sync<SessionEvent>(),
  system_prompt: waterfall<SystemPromptState>(),
  model_select: series<ModelSelectEvent>(),
  thinking_level_select: series<ThinkingLevelSelectEvent>(),
  session_start: series<SessionStartEvent>(),
  session_shutdown: series<SessionShutdownEvent>(),
  // session moves (the session-control plugin): any plugin may cancel a move
  session_before_switch: hook("bail", "report", "session-control"),
  session_before_fork: hook("bail", "report", "session-control"),
  session_before_tree: hook("bail", "report", "session-control"),
  session_tree: hook("series", "report", "session-control"),
  // compaction (the compaction plugin)
  session_before_compact: hook("bail", "report", "compaction"),
  session_compact: hook("series", "report", "compaction"),
  session_compact_failed: hook("series", "report", "compaction"),
  // a virtual model's request once its router chose the physical model (the models plugin)
  routed_request: hook("waterfall", "report", "models"),
  // the user's own shell commands (the userBash service of the session-control plugin); a handler that fails
  // stops the command rather than letting it run where the handler meant to keep it from running
  user_bash: hook("bail", "propagate", "session-control"),
  // extra skill, prompt and theme folders, asked after session_start (the extensions plugin)
  resources_discover: hook("waterfall", "report", "extensions"),
  // an extension's blocking dialog waits for the user (the extensions plugin)
  ui_prompt_start: hook("series", "report", "extensions"),
  ui_prompt_end: hook("series", "report", "extensions"),
  // before a project's own resources load (the project-trust plugin): the first handler that decides owns it
  project_trust: hook("bail", "report", "project-trust"),
  // extensions registered or unregistered MCP servers (the mcp plugin): a handler that claims them connects them
  mcp_servers_change: hook("bail", "report", "mcp"),
  // before each prompt-cache refresh (the cache-warming plugin): the last handler that sets an action wins
  cache_warming_decision: hook("waterfall", "report", "cache-warming"),
});

type Catalogue = typeof HOOK_CATALOGUE;
export type HookName = keyof Catalogue & string;
/** Hooks owned by `O`. */
export type HookNameOf<O extends string> = { [K in HookName]: Catalogue[K]["owner"] extends O ? K : never }[HookName];

type SignatureOf<K extends HookName> = K extends keyof HookSignatures
  ? HookSignatures[K]
  : Catalogue[K] extends { signature?: infer Declared extends HookSignature<unknown, unknown> } ? Declared : HookSignature<unknown, unknown>;
/** The argument a hook's handlers get. */
export type HookArg<K extends HookName> = SignatureOf<K>["arg"];
/** What a handler of the hook may return (`undefined`: no opinion). */
export type HookResult<K extends HookName> = SignatureOf<K>["result"];

type TapableOf<Kind extends HookKind, Arg, Result> = Kind extends "series"
  ? AsyncSeriesHook<[Arg]>
  : Kind extends "bail"
    ? AsyncSeriesBailHook<[Arg], Result>
    : Kind extends "waterfall"
      ? AsyncSeriesWaterfallHook<[Arg]>
      : SyncHook<[Arg]>;

/** The tapable hook behind a catalogue entry. */
export type HookOf<K extends HookName> = TapableOf<Catalogue[K]["kind"], HookArg<K>, HookResult<K>>;

/** The hooks one owner fires, by name. */
export type OwnedHooks<O extends string> = { readonly [K in HookNameOf<O>]: HookOf<K> };

/** The kernel's own hooks: `context.hooks`. */
export type KernelHooks = OwnedHooks<typeof KERNEL_OWNER>;

/**
 * Whether a handler is tapped on the hook. tapable's `isUsed()` also counts interceptors, and every hook
 * carries the failure-policy interceptor, so it would always say yes (and, e.g., the conversation would be copied
 * for a `context` hook nobody listens to).
 */
export function isTapped(hook: { taps: readonly unknown[] }): boolean {
  return hook.taps.length > 0;
}
