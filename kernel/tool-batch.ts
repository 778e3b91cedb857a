// Runs the tool calls of one assistant reply. Each call is prepared in order (lookup, argument repair,
// validation, `tool_call` handlers, the read-only gate); prepared calls then run in parallel unless a tool asks
// for sequential execution. `tool_execution_end` follows completion order; the tool-result messages follow the
// order of the calls, as pi 0.73 does. A running tool may call others (`context.executeTool`): the same steps,
// with events that name the calling tool, and no transcript messages of their own.
import type { AssistantMessage, ToolCall, ToolResultMessage } from "./messages.js";
import type { LoopContext } from "./loop-context.js";
import type { NestedToolOptions, NestedToolOutcome, ToolContext, ToolDefinition, ToolResult } from "./tool.js";
import { isTapped, type ToolResultState } from "./hooks.js";
import { errorMessage } from "./errors.js";
import { deepFreeze } from "./deep-freeze.js";
import { finalizeMessage } from "./finalize-message.js";
import { nowMs } from "./stopwatch.js";

interface Settled {
  call: ToolCall;
  result: ToolResult;
  isError: boolean;
  durationMs?: number;
}

/** One call as it runs: its signal, and the calling tool's id when another tool made it. */
interface CallScope {
  signal: AbortSignal;
  parentToolCallId?: string;
  onUpdate?: NestedToolOptions["onUpdate"];
}

type Prepared = { kind: "ready"; call: ToolCall; tool: ToolDefinition; args: Record<string, unknown> } | ({ kind: "done" } & Settled);

export async function executeToolBatch(reply: AssistantMessage, loop: LoopContext): Promise<{ results: ToolResultMessage[]; terminate: boolean }> {
  const calls = reply.content.filter((block): block is ToolCall => block.type === "toolCall");
  const tools = loop.activeTools();
  const sequential = calls.some((call) => tools.get(call.name)?.executionMode === "sequential");
  const scope: CallScope = { signal: loop.signal };

  const settled: Promise<Settled>[] = [];
  for (const call of calls) {
    loop.emit({ type: "tool_execution_start", toolCallId: call.id, toolName: call.name, args: call.arguments });
    const prepared = await prepare(call, tools.get(call.name), loop, scope);
    if (prepared.kind === "done") {
      endExecution(prepared, loop, scope);
      settled.push(Promise.resolve(prepared));
      continue;
    }
    const run = () => execute(prepared, loop, scope).then((done) => (endExecution(done, loop, scope), done));
    if (sequential) settled.push(Promise.resolve(await run()));
    else settled.push(run());
  }

  const finished = await Promise.all(settled);
  const results: ToolResultMessage[] = [];
  for (const done of finished) {
    const message: ToolResultMessage = {
      role: "toolResult",
      toolCallId: done.call.id,
      toolName: done.call.name,
      content: done.result.content,
      details: done.result.details,
      ...(done.result.usage === undefined ? {} : { usage: done.result.usage }),
      isError: done.isError,
      ...(done.durationMs === undefined ? {} : { durationMs: done.durationMs }),
      timestamp: Date.now(),
    };
    results.push((await finalizeMessage(message, loop)) as ToolResultMessage);
  }
  const terminate = finished.length > 0 && finished.every((done) => done.result.terminate === true);
  return { results, terminate };
}

async function prepare(call: ToolCall, tool: ToolDefinition | undefined, loop: LoopContext, scope: CallScope): Promise<Prepared> {
  const fail = (text: string, terminate?: boolean): Prepared => ({ kind: "done", call, result: { ...errorResult(text), terminate }, isError: true });
  if (!tool) return fail(`Tool ${call.name} not found`);
  if (typeof call.arguments.__invalidJson === "string") {
    return fail(`The arguments of this ${call.name} call are not valid JSON: ${String(call.arguments.__invalidJson).slice(0, 500)}`);
  }
  let args: Record<string, unknown>;
  try {
    const repaired = tool.prepareArguments ? tool.prepareArguments(call.arguments) : call.arguments;
    const check = await (tool.validate ? tool.validate(repaired) : loop.validateArguments(tool.parameters, repaired));
    if (!check.ok) return fail(check.error);
    args = check.value;
  } catch (error) {
    return fail(errorMessage(error));
  }

  const { hooks } = loop;
  const parent = scope.parentToolCallId === undefined ? {} : { parentToolCallId: scope.parentToolCallId };
  if (isTapped(hooks.tool_call)) {
    // Handlers may read session state (e.g. the persisted reply), so earlier events must be processed first.
    await loop.drainEvents();
    const event = { toolCallId: call.id, toolName: call.name, ...parent, input: args, signal: scope.signal };
    const blocked = await hooks.tool_call.promise(event);
    if (blocked?.block) return fail(blocked.reason || "Tool execution was blocked", blocked.terminate);
    args = event.input;
  }
  if (isTapped(hooks.tool_gate)) {
    const snapshot = deepFreeze(structuredClone(args));
    const blocked = await hooks.tool_gate.promise({ toolCallId: call.id, toolName: call.name, input: snapshot });
    if (blocked?.block) return fail(blocked.reason || "Tool execution was blocked", blocked.terminate);
    // The tool receives exactly what the gate approved, even if a handler still holds the old object.
    args = structuredClone(snapshot) as Record<string, unknown>;
  }
  return { kind: "ready", call, tool, args };
}

async function execute(prepared: Extract<Prepared, { kind: "ready" }>, loop: LoopContext, scope: CallScope): Promise<Settled> {
  const { call, tool, args } = prepared;
  const parent = scope.parentToolCallId === undefined ? {} : { parentToolCallId: scope.parentToolCallId };
  let result: ToolResult;
  let isError = false;
  let durationMs: number | undefined;
  try {
    if (scope.signal.aborted) throw new Error("Operation aborted");
    const started = nowMs();
    try {
      result = await tool.execute(args, toolContext(call.id, loop, scope.signal), (partialResult) => {
        scope.onUpdate?.(partialResult);
        loop.emit({ type: "tool_execution_update", toolCallId: call.id, toolName: call.name, args: call.arguments, partialResult, ...parent });
      });
    } finally {
      durationMs = Math.round(nowMs() - started);
    }
    if (!result || !Array.isArray(result.content)) throw new Error(`Tool ${call.name} returned no content`);
    isError = result.isError === true;
  } catch (error) {
    result = errorResult(errorMessage(error));
    isError = true;
  }

  if (!isTapped(loop.hooks.tool_result)) return { call, result, isError, durationMs };
  const state: ToolResultState = {
    toolCallId: call.id,
    toolName: call.name,
    ...parent,
    input: args,
    content: result.content,
    details: result.details,
    structuredContent: result.structuredContent,
    usage: result.usage,
    isError,
    terminate: result.terminate,
  };
  const { content, details, structuredContent, usage, terminate, isError: patchedError } = await loop.hooks.tool_result.promise(state);
  return { call, result: { content, details, structuredContent, usage, terminate, isError: result.isError }, isError: patchedError, durationMs };
}

/** What a running tool gets: its id and signal, and the other tools it may call, each nested call numbered. */
function toolContext(toolCallId: string, loop: LoopContext, signal: AbortSignal): ToolContext {
  let calls = 0;
  return {
    cwd: loop.cwd,
    toolCallId,
    signal,
    get tools() { return [...loop.callableTools().values()]; },
    executeTool: (name, args, options = {}) =>
      runNested(`${toolCallId}/${++calls}`, name, args, loop, { signal: options.signal ?? signal, parentToolCallId: toolCallId, onUpdate: options.onUpdate }),
  };
}

async function runNested(id: string, name: string, args: unknown, loop: LoopContext, scope: CallScope): Promise<NestedToolOutcome> {
  const call: ToolCall = { type: "toolCall", id, name, arguments: args && typeof args === "object" && !Array.isArray(args) ? (args as Record<string, unknown>) : {} };
  loop.emit({ type: "tool_execution_start", toolCallId: id, toolName: name, args: call.arguments, parentToolCallId: scope.parentToolCallId });
  const prepared = await prepare(call, loop.callableTools().get(name), loop, scope);
  const done = prepared.kind === "done" ? prepared : await execute(prepared, loop, scope);
  endExecution(done, loop, scope);
  return {
    toolCall: { type: "toolCall", id, name, arguments: call.arguments },
    result: done.result,
    isError: done.isError,
    ...(done.durationMs === undefined ? {} : { durationMs: done.durationMs }),
  };
}

function endExecution(done: Settled, loop: LoopContext, scope: CallScope): void {
  loop.emit({
    type: "tool_execution_end",
    toolCallId: done.call.id,
    toolName: done.call.name,
    result: done.result,
    isError: done.isError,
    ...(scope.parentToolCallId === undefined ? {} : { parentToolCallId: scope.parentToolCallId }),
    ...(done.durationMs === undefined ? {} : { durationMs: done.durationMs }),
  });
}

function errorResult(text: string): ToolResult {
  return { content: [{ type: "text", text }], details: {} };
}
