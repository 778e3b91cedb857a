// pi's extension events on pith's hooks: every handler an extension registers becomes one tap on the matching
// hook, named after the extension's file. Order is load order; the hook's failure policy applies (a throwing
// `tool_call` or `tool_gate` handler blocks the call, a throwing `tool_result` handler makes an error result, any
// other throw is reported with the file and event), and a hook no extension listens to stays untapped.
// Each tap translates pi's event and return value:
//   input                 transform chains, `handled` drops the prompt and skips later handlers
//   before_agent_start    every handler's `message` is added after the opening message; `systemPrompt` chains
//   context and the other model-request events: see request-taps.ts
//   tool_call             `input` changed in place; {block} blocks        tool_gate  read-only final gate
//   tool_result           `content`/`details`/`structuredContent`/`usage`/`isError` patches chain
//   message_end           `message` replaces (same role only)
//   turn_end, agent_before_settle   `{entries, continue}` proposals chain, appended after the last: see boundary.ts
//   session_before_*      `{cancel: true}` cancels the move or compaction; `session_before_tree` may also bring a
//                         summary, `session_before_compact` the compaction itself
//   user_bash             `{operations}` or `{result}`        resources_discover  paths join the skills and templates
//   cache_warming_decision  `{action}` overrides; each handler sees pith's own decision, the last action wins
//   everything else       observed
// agent_start, turn_start (with turnIndex), message_start/update and tool_execution_* come from the session's
// ordered event queue; hook-driven events wait for that queue first, so an extension sees everything in order.
import { PithError, type AgentMessage, type InputSource, type SessionEvent } from "../../../kernel/index.js";
import { createExtensionContext, whileSettling } from "../context/extension-context.js";
import type { AnyHandler, ExtensionRecord } from "../instance/extension-record.js";
import { tapBoundary } from "./boundary.js";
import { customMessage } from "./message-delivery.js";
import { REQUEST_TAPS } from "./request-taps.js";
import { catchUp, type Call, type Tap } from "./tap.js";
import { contribute } from "./resources-discover.js";
import { applyPromptOptionChanges, optionsSnapshot, watchPromptOptions } from "./prompt-option-edits.js";
import { tapProjectTrust } from "./trust-tap.js";
import type { ExtensionRuntime } from "../runtime.js";
import type { CacheWarmingDecisionEventResult } from "../contract/event-types.js";
import type {} from "../../cache-warming/decision-hook.js";
import type {
  BeforeAgentStartEventResult,
  ExtensionContext,
  ExtensionEventName,
  InputEventResult,
  MessageEndEventResult,
  PiInputSource,
  ResourcesDiscoverResult,
  SessionBeforeCompactResult,
  SessionBeforeForkResult,
  SessionBeforeSwitchResult,
  SessionBeforeTreeResult,
  UserBashEventResult,
  ToolCallEventResult,
  ToolResultEventResult,
} from "../contract/types.js";

/** Events delivered from the session's event queue. */
const QUEUE_EVENTS: ReadonlySet<ExtensionEventName> = new Set([
  "agent_start",
  "turn_start",
  "message_start",
  "message_update",
  "tool_execution_start",
  "tool_execution_update",
  "tool_execution_end",
  "session_info_changed",
]);


/** Every event an extension handler is bridged for. */
export function bridgedEvents(): ExtensionEventName[] {
  return [...new Set<ExtensionEventName>(["project_trust", ...QUEUE_EVENTS, ...(Object.keys(TAPS) as ExtensionEventName[]), ...(Object.keys(REQUEST_TAPS) as ExtensionEventName[])])];
}

/** Taps the hook of one handler. */
export function tapHandler(runtime: ExtensionRuntime, record: ExtensionRecord, event: ExtensionEventName, handler: AnyHandler): void {
  // its `ctx` is the limited trust context: the session it would describe is not there yet at start-up
  if (event === "project_trust") return tapProjectTrust(runtime, record, handler as Parameters<typeof tapProjectTrust>[2]);
  const invoke = handler as unknown as (event: object, ctx: ExtensionContext) => unknown;
  const call: Call = async <R>(payload: object, signal?: AbortSignal) => {
    // a retired instance hears nothing more, even before its taps are removed (pi's old runner is gone by then)
    if (record.generation !== runtime.generation) return undefined;
    return (await invoke(payload, createExtensionContext(runtime, record, signal))) as R | undefined;
  };
  const tap: Tap = { runtime, record, call };
  if (QUEUE_EVENTS.has(event)) return tapQueue(tap, event);
  (TAPS[event] ?? REQUEST_TAPS[event])?.(tap);
}

function piSource(source: InputSource): PiInputSource {
  return source === "rpc" || source === "extension" ? source : "interactive";
}

const roleOf = (message: AgentMessage) => (message as { role?: string }).role;

const TAPS: Partial<Record<ExtensionEventName, (tap: Tap) => void>> = {
  input: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("input", async (state) => {
      // as pi: the member is there, undefined while idle
      const result = await call<InputEventResult>({ type: "input", text: state.text, images: state.images, source: piSource(state.source), streamingBehavior: state.streamingBehavior });
      if (result?.action === "handled") return { ...state, handled: true };
      if (result?.action !== "transform") return undefined;
      return { ...state, text: typeof result.text === "string" ? result.text : state.text, images: result.images ?? state.images };
    }),

  before_agent_start: ({ runtime, record, call }) => {
    watchPromptOptions(runtime);
    runtime.pluginContextFor(record).on("before_agent_start", async (state) => {
      runtime.chainedSystemPrompt = state.systemPrompt;
      try {
        const run = runtime.promptOptionRun!;
        // pi 1.6: a union on messageType, "user" (a prompt) or "custom" (a triggered message opens the run)
        const opening = state.messageType === "custom" ? { messageType: "custom", message: state.message } : { messageType: "user", prompt: state.prompt, images: state.images };
        const event = { type: "before_agent_start", ...opening, systemPrompt: state.systemPrompt, systemPromptOptions: run.options };
        const replaced = state.systemPrompt !== runtime.session.systemPrompt;
        const before = optionsSnapshot(run.options);
        const result = await call<BeforeAgentStartEventResult>(event);
        const rebuilt = await applyPromptOptionChanges(runtime, run, before);
        if (typeof result?.systemPrompt === "string") run.options.forceSystemPrompt = result.systemPrompt;
        const forced = typeof run.options.forceSystemPrompt === "string" ? run.options.forceSystemPrompt : undefined;
        const systemPrompt = forced ?? (rebuilt !== undefined && !replaced ? rebuilt : state.systemPrompt);
        if (!result?.message && systemPrompt === state.systemPrompt) return undefined;
        return { ...state, messages: result?.message ? [...state.messages, customMessage(result.message)] : state.messages, systemPrompt };
      } finally {
        runtime.chainedSystemPrompt = undefined;
      }
    });
  },

  tool_call: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("tool_call", async (event) => {
      runtime.currentSignal = event.signal;
      const parent = event.parentToolCallId === undefined ? {} : { parentToolCallId: event.parentToolCallId };
      const piEvent = { type: "tool_call", toolCallId: event.toolCallId, ...parent, toolName: event.toolName, input: event.input };
      try {
        const result = await call<ToolCallEventResult>(piEvent, event.signal);
        return result?.block ? { block: true as const, reason: result.reason, terminate: result.terminate === true } : undefined;
      } finally {
        // a handler that assigned a new object instead of changing it in place is honoured too
        if (piEvent.input !== event.input && piEvent.input && typeof piEvent.input === "object") event.input = piEvent.input;
      }
    }),

  tool_gate: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("tool_gate", async (event) => {
      const result = await call<ToolCallEventResult>({ type: "tool_gate", toolCallId: event.toolCallId, toolName: event.toolName, input: event.input });
      return result?.block ? { block: true as const, reason: result.reason, terminate: result.terminate === true } : undefined;
    }),

  tool_result: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("tool_result", async (state) => {
      await catchUp(runtime);
      const { toolCallId, parentToolCallId, toolName, input, content, details, structuredContent, usage, isError } = state;
      const parent = parentToolCallId === undefined ? {} : { parentToolCallId };
      const structured = structuredContent === undefined ? {} : { structuredContent };
      const event = { type: "tool_result" as const, toolCallId, ...parent, toolName, input, content, details, ...structured, usage, isError };
      const result = await call<ToolResultEventResult>(event);
      if (!result) return undefined;
      const replacesContent = Array.isArray(result.content);
      return {
        ...state,
        content: replacesContent ? result.content! : content,
        details: "details" in result ? result.details : details,
        // structured content not replaced along with the content may no longer match it (pi drops it)
        structuredContent: result.structuredContent ?? (replacesContent ? undefined : structuredContent),
        usage: result.usage ?? usage,
        isError: typeof result.isError === "boolean" ? result.isError : isError,
      };
    }),

  message_end: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("message_end", async (state) => {
      await catchUp(runtime);
      const result = await call<MessageEndEventResult>({ type: "message_end", message: state.message });
      if (!result?.message || typeof result.message !== "object") return undefined;
      if (roleOf(result.message) === roleOf(state.message)) return { message: result.message };
      throw new PithError(
        "EXTENSION_ERROR",
        `${record.owner} failed in message_end: it replaced a ${roleOf(state.message)} message with a ${roleOf(result.message)} message; the original is kept`,
        { plugin: record.owner, hook: "message_end" },
      );
    }),

  turn_end: (tap) => tapBoundary(tap, "turn_end"),
  agent_before_settle: (tap) => tapBoundary(tap, "agent_before_settle"),

  agent_settled: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("agent_settled", async (event) => {
      await catchUp(runtime);
      const last = [...event.messages].reverse().find((message) => message.role === "assistant");
      // the run is over: handlers see an idle session, as in pi, though prompt() has not returned yet
      await whileSettling(runtime, () => call({ type: "agent_settled", aborted: (last as { stopReason?: string } | undefined)?.stopReason === "aborted" }));
    }),

  agent_end: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("agent_end", async (event) => {
      await catchUp(runtime);
      await call({ type: "agent_end", messages: event.messages });
    }),

  // Start-up configuration happens before extensions are told the session started; like pi, they hear of changes after.
  model_select: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("model_select", async (event) => {
      if (runtime.started) await call({ type: "model_select", model: event.model, previousModel: event.previousModel, source: event.source });
    }),

  thinking_level_select: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("thinking_level_select", async (event) => {
      if (runtime.started) await call({ type: "thinking_level_select", level: event.level, previousLevel: event.previousLevel });
    }),

  session_start: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("session_start", async (event) => {
      await call({ type: "session_start", reason: event.reason, ...(event.previousSessionFile ? { previousSessionFile: event.previousSessionFile } : {}) });
    }),

  session_shutdown: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("session_shutdown", async (event) => {
      await call({ type: "session_shutdown", reason: event.reason, ...(event.targetSessionFile ? { targetSessionFile: event.targetSessionFile } : {}) });
    }),

  // as in pi, an extension that handles the event connects the registered servers itself
  mcp_servers_change: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("mcp_servers_change", async (event) => {
      await call({ type: "mcp_servers_change", servers: event.servers });
      return { claimed: true as const };
    }),

  session_before_switch: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("session_before_switch", async (event) => {
      const result = await call<SessionBeforeSwitchResult>({ type: "session_before_switch", ...event });
      return result?.cancel === true ? { cancel: true as const } : undefined;
    }),

  session_before_fork: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("session_before_fork", async (event) => {
      const result = await call<SessionBeforeForkResult>({ type: "session_before_fork", ...event });
      return result?.cancel === true ? { cancel: true as const } : undefined;
    }),

  session_before_tree: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("session_before_tree", async (event) => {
      const result = await call<SessionBeforeTreeResult>({ type: "session_before_tree", preparation: event.preparation, signal: event.signal }, event.signal);
      return result ?? undefined;
    }),

  session_tree: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("session_tree", async (event) => {
      await call({ type: "session_tree", ...event });
    }),

  session_before_compact: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("session_before_compact", async (before) => {
      const piEvent = {
        type: "session_before_compact",
        preparation: before.preparation,
        branchEntries: before.branchEntries,
        customInstructions: before.customInstructions,
        reason: before.reason,
        willRetry: before.willRetry,
        signal: before.signal,
      };
      const result = await call<SessionBeforeCompactResult>(piEvent, before.signal);
      if (result?.cancel) return { cancel: true as const };
      return result?.compaction ? { compaction: result.compaction } : undefined;
    }),

  session_compact: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("session_compact", async (compacted) => {
      const { compactionEntry, fromExtension, reason, willRetry } = compacted;
      await call({ type: "session_compact", compactionEntry, fromExtension, reason, willRetry });
    }),

  session_compact_failed: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("session_compact_failed", async (failed) => {
      await call({ ...failed });
    }),

  user_bash: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("user_bash", async (event) => {
      const result = await call<UserBashEventResult>({ type: "user_bash", ...event });
      if (result === undefined) return undefined;
      // as in pi 1.6, a result that is neither kind stops the command instead of letting it run here
      if (!isUserBashResult(result)) {
        throw new PithError(
          "EXTENSION_ERROR",
          `${record.owner} failed in user_bash: invalid result; return undefined to run the command here, or exactly one of {operations: {exec}} or {result: {output, exitCode, cancelled, truncated}}`,
          { plugin: record.owner, hook: "user_bash" },
        );
      }
      return result;
    }),

  ui_prompt_start: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("ui_prompt_start", async (prompt) => {
      await call({ type: "ui_prompt_start", reason: "ui_prompt", ...prompt });
    }),

  ui_prompt_end: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("ui_prompt_end", async (prompt) => {
      await call({ type: "ui_prompt_end", reason: "ui_prompt", ...prompt });
    }),

  cache_warming_decision: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("cache_warming_decision", async (state) => {
      const { warmCost, missCost, continuationProbability, decision } = state;
      const result = await call<CacheWarmingDecisionEventResult>({ type: "cache_warming_decision", warmCost, missCost, continuationProbability, action: decision.action });
      return result?.action === "warm" || result?.action === "stop" ? { ...state, action: result.action } : undefined;
    }),

  resources_discover: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("resources_discover", async (state) => {
      const result = await call<ResourcesDiscoverResult>({ type: "resources_discover", cwd: state.cwd, reason: state.reason });
      return result ? contribute(state, record.source.path, result) : undefined;
    }),
};

function tapQueue({ runtime, record, call }: Tap, event: ExtensionEventName): void {
  trackTurns(runtime);
  runtime.pluginContextFor(record).on("event", async (sessionEvent: SessionEvent) => {
    if (sessionEvent.type !== event) return;
    if (event === "turn_start") await call({ type: "turn_start", turnIndex: runtime.turnIndex, timestamp: Date.now() });
    else await call(sessionEvent, runtime.currentSignal);
  });
}

/** One counter for every extension: turnIndex restarts at each agent_start, as in pi. */
function trackTurns(runtime: ExtensionRuntime): void {
  if (runtime.watchesQueue) return;
  runtime.watchesQueue = true;
  let next = 0;
  runtime.context.on(
    "event",
    (event) => {
      if (event.type === "agent_start") next = 0;
      else if (event.type === "turn_start") runtime.turnIndex = next++;
    },
    { stage: -1000 },
  );
}

/** The nextTurn messages go right after the next prompt's user message, before any other extension message. */
export function bindNextTurn(runtime: ExtensionRuntime): void {
  if (runtime.watchesNextTurn) return;
  runtime.watchesNextTurn = true;
  runtime.context.on(
    "before_agent_start",
    (state) => (runtime.nextTurn.length === 0 ? undefined : { ...state, messages: [...runtime.nextTurn.splice(0), ...state.messages] }),
    { stage: -1000 },
  );
}

function isUserBashResult(value: unknown): value is UserBashEventResult {
  if (typeof value !== "object" || value === null) return false;
  const { operations, result } = value as { operations?: unknown; result?: unknown };
  if ((operations === undefined) === (result === undefined)) return false;
  if (operations !== undefined) return typeof operations === "object" && operations !== null && typeof (operations as { exec?: unknown }).exec === "function";
  if (typeof result !== "object" || result === null) return false;
  const { output, exitCode, cancelled, truncated, fullOutputPath } = result as Record<string, unknown>;
  return (
    typeof output === "string" &&
    "exitCode" in result &&
    (exitCode === undefined || typeof exitCode === "number") &&
    typeof cancelled === "boolean" &&
    typeof truncated === "boolean" &&
    (fullOutputPath === undefined || typeof fullOutputPath === "string")
  );
}
