// The tool calls of one assistant message, as pi-agent-core 1.6.0 runs them: each announced and prepared in turn;
// then run one by one ("sequential", or when any called tool asks for it) or together ("parallel": each ends as it
// finishes, the result messages follow in the message's order). A reply cut off by the token limit runs none.
import type { AssistantMessage, ToolCall, ToolResultMessage } from "../../../../kernel/index.js";
import { errorToolResult, executePreparedToolCall, finalizeToolCall, prepareToolCall } from "./tool-call.js";
import type { AgentContext, AgentEventSink, AgentLoopConfig, AgentToolCallOutcome } from "./types.js";

export interface ToolBatch {
  messages: ToolResultMessage[];
  /** every result asked to stop after this batch */
  terminate: boolean;
}

interface BatchRun {
  context: AgentContext;
  message: AssistantMessage;
  config: AgentLoopConfig;
  signal?: AbortSignal;
  emit: AgentEventSink;
}

const toolCallsOf = (message: AssistantMessage) => message.content.filter((block): block is ToolCall => block.type === "toolCall");

export async function runToolBatch(run: BatchRun): Promise<ToolBatch> {
  const calls = toolCallsOf(run.message);
  if (run.message.stopReason === "length") return failTruncatedCalls(calls, run.emit);
  const sequentialTool = calls.some((call) => run.context.tools?.find((tool) => tool.name === call.name)?.executionMode === "sequential");
  return run.config.toolExecution === "sequential" || sequentialTool ? runSequentially(calls, run) : runTogether(calls, run);
}

async function failTruncatedCalls(calls: ToolCall[], emit: AgentEventSink): Promise<ToolBatch> {
  const messages: ToolResultMessage[] = [];
  for (const toolCall of calls) {
    await announce(toolCall, emit);
    const outcome: AgentToolCallOutcome = {
      toolCall,
      result: errorToolResult(
        `Tool call "${toolCall.name}" was not executed: the response hit the output token limit, so its arguments may be truncated. Re-issue the tool call with complete arguments.`,
      ),
      isError: true,
    };
    await emitEnd(outcome, emit);
    messages.push(await emitResultMessage(outcome, emit));
  }
  return { messages, terminate: false };
}

async function runSequentially(calls: ToolCall[], run: BatchRun): Promise<ToolBatch> {
  const outcomes: AgentToolCallOutcome[] = [];
  const messages: ToolResultMessage[] = [];
  for (const toolCall of calls) {
    await announce(toolCall, run.emit);
    const outcome = await settle(toolCall, run);
    await emitEnd(outcome, run.emit);
    outcomes.push(outcome);
    messages.push(await emitResultMessage(outcome, run.emit));
  }
  return { messages, terminate: terminates(outcomes) };
}

async function runTogether(calls: ToolCall[], run: BatchRun): Promise<ToolBatch> {
  // every call is announced and prepared before any of them starts
  const runs: (() => Promise<AgentToolCallOutcome>)[] = [];
  for (const toolCall of calls) {
    await announce(toolCall, run.emit);
    const prepared = await prepareToolCall(toolCall, run.context.tools ?? [], site(run));
    if (prepared.kind === "immediate") {
      const outcome = { toolCall, result: prepared.result, isError: prepared.isError };
      await emitEnd(outcome, run.emit);
      runs.push(() => Promise.resolve(outcome));
      continue;
    }
    runs.push(async () => {
      const outcome = run.signal?.aborted
        ? { toolCall, result: errorToolResult("Operation aborted"), isError: true }
        : await finalizeToolCall(prepared, await executePreparedToolCall(prepared, run.signal, updateSink(toolCall, run.emit)), site(run));
      await emitEnd(outcome, run.emit);
      return outcome;
    });
  }
  const outcomes = await Promise.all(runs.map((start) => start()));
  const messages: ToolResultMessage[] = [];
  for (const outcome of outcomes) messages.push(await emitResultMessage(outcome, run.emit));
  return { messages, terminate: terminates(outcomes) };
}

async function settle(toolCall: ToolCall, run: BatchRun): Promise<AgentToolCallOutcome> {
  const prepared = await prepareToolCall(toolCall, run.context.tools ?? [], site(run));
  if (prepared.kind === "immediate") return { toolCall, result: prepared.result, isError: prepared.isError };
  const executed = await executePreparedToolCall(prepared, run.signal, updateSink(toolCall, run.emit));
  return finalizeToolCall(prepared, executed, site(run));
}

const site = (run: BatchRun) => ({ assistantMessage: run.message, context: run.context, hooks: run.config, signal: run.signal });

const terminates = (outcomes: AgentToolCallOutcome[]) => outcomes.length > 0 && outcomes.every((outcome) => outcome.result.terminate === true);

const announce = (toolCall: ToolCall, emit: AgentEventSink) =>
  emit({ type: "tool_execution_start", toolCallId: toolCall.id, toolName: toolCall.name, args: toolCall.arguments });

const updateSink = (toolCall: ToolCall, emit: AgentEventSink) => (partialResult: unknown) =>
  emit({ type: "tool_execution_update", toolCallId: toolCall.id, toolName: toolCall.name, args: toolCall.arguments, partialResult });

const emitEnd = (outcome: AgentToolCallOutcome, emit: AgentEventSink) =>
  emit({
    type: "tool_execution_end",
    toolCallId: outcome.toolCall.id,
    toolName: outcome.toolCall.name,
    result: outcome.result,
    isError: outcome.isError,
    ...(outcome.durationMs === undefined ? {} : { durationMs: outcome.durationMs }),
  });

async function emitResultMessage(outcome: AgentToolCallOutcome, emit: AgentEventSink): Promise<ToolResultMessage> {
  const message: ToolResultMessage = {
    role: "toolResult",
    toolCallId: outcome.toolCall.id,
    toolName: outcome.toolCall.name,
    // a JavaScript tool may return no content; none becomes an empty list, never a null in the transcript
    content: outcome.result.content ?? [],
    details: outcome.result.details,
    usage: outcome.result.usage,
    isError: outcome.isError,
    ...(outcome.durationMs === undefined ? {} : { durationMs: outcome.durationMs }),
    timestamp: Date.now(),
  };
  await emit({ type: "message_start", message });
  await emit({ type: "message_end", message });
  return message;
}
