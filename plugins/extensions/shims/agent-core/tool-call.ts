// One tool call as pi-agent-core 1.6.0 runs it: arguments prepared and checked against the tool's schema,
// `beforeToolCall` (which may block), the tool itself with its progress updates, then `afterToolCall` (which may
// override parts of the result). A failure at any step is an error result, never a rejection.
import { nowMs, type AssistantMessage, type ToolCall } from "../../../../kernel/index.js";
import { validateToolArguments } from "../pi-ai/pi-ai-validation.js";
import type { AgentContext, AgentTool, AgentToolCallOutcome, AgentToolResult, ToolCallHooks } from "./types.js";

export type ToolUpdateSink = (partialResult: AgentToolResult) => Promise<void> | void;

/** A call ready to run, or its outcome already decided (unknown tool, bad arguments, blocked, aborted). */
export type PreparedToolCall =
  | { kind: "immediate"; result: AgentToolResult; isError: true }
  | { kind: "prepared"; toolCall: ToolCall; tool: AgentTool; args: Record<string, unknown> };

interface CallSite {
  assistantMessage: AssistantMessage;
  context: AgentContext;
  hooks: ToolCallHooks;
  signal?: AbortSignal;
}

/** pi reports a thrown value by its message, or as `String(value)` when it is not an Error. */
const thrownText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const errorToolResult = (text: string): AgentToolResult => ({ content: [{ type: "text", text }], details: {} });
const failed = (text: string): PreparedToolCall => ({ kind: "immediate", result: errorToolResult(text), isError: true });

export async function prepareToolCall(toolCall: ToolCall, tools: readonly AgentTool[], site: CallSite): Promise<PreparedToolCall> {
  // once aborted, no hook runs; the call still gets a result, so none is left unanswered
  if (site.signal?.aborted) return failed("Operation aborted");
  const tool = tools.find((candidate) => candidate.name === toolCall.name);
  if (!tool) return failed(`Tool ${toolCall.name} not found`);
  try {
    const prepared = tool.prepareArguments ? tool.prepareArguments(toolCall.arguments) : toolCall.arguments;
    const args = validateToolArguments(tool, { name: toolCall.name, arguments: prepared });
    const decision = await site.hooks.beforeToolCall?.({ assistantMessage: site.assistantMessage, toolCall, args, context: site.context }, site.signal);
    if (site.hooks.beforeToolCall && site.signal?.aborted) return failed("Operation aborted");
    if (decision?.block) {
      const result = errorToolResult(decision.reason || "Tool execution was blocked");
      if (decision.terminate === true) result.terminate = true;
      return { kind: "immediate", result, isError: true };
    }
    return { kind: "prepared", toolCall, tool, args };
  } catch (error) {
    return failed(thrownText(error));
  }
}

/** Runs the tool; updates it sends after it settled are dropped, and those sent before are awaited. */
export async function executePreparedToolCall(
  prepared: Extract<PreparedToolCall, { kind: "prepared" }>,
  signal: AbortSignal | undefined,
  onUpdate: ToolUpdateSink,
): Promise<{ result: AgentToolResult; isError: boolean; durationMs: number }> {
  const updates: Promise<void>[] = [];
  let open = true;
  const startedAt = nowMs();
  try {
    const result = await prepared.tool.execute(prepared.toolCall.id, prepared.args, signal, (partial) => {
      if (open) updates.push(Promise.resolve(onUpdate(partial)));
    });
    const durationMs = Math.round(nowMs() - startedAt);
    open = false;
    await Promise.all(updates);
    return { result, isError: result.isError === true, durationMs };
  } catch (error) {
    const durationMs = Math.round(nowMs() - startedAt);
    open = false;
    await Promise.all(updates);
    return { result: errorToolResult(thrownText(error)), isError: true, durationMs };
  }
}

/** Applies `afterToolCall`'s overrides field by field; structured content given without new content is dropped. */
export async function finalizeToolCall(
  prepared: Extract<PreparedToolCall, { kind: "prepared" }>,
  executed: { result: AgentToolResult; isError: boolean; durationMs: number },
  site: CallSite,
): Promise<AgentToolCallOutcome> {
  let { result, isError } = executed;
  if (site.hooks.afterToolCall) {
    try {
      const after = await site.hooks.afterToolCall(
        { assistantMessage: site.assistantMessage, toolCall: prepared.toolCall, args: prepared.args, result, isError, context: site.context },
        site.signal,
      );
      if (after) {
        const structuredContent = after.structuredContent ?? (after.content ? undefined : result.structuredContent);
        const { structuredContent: _replaced, ...rest } = result;
        result = {
          ...rest,
          content: after.content ?? result.content,
          details: after.details ?? result.details,
          usage: after.usage ?? result.usage,
          terminate: after.terminate ?? result.terminate,
          ...(structuredContent === undefined ? {} : { structuredContent }),
        };
        isError = after.isError ?? isError;
      }
    } catch (error) {
      result = errorToolResult(thrownText(error));
      isError = true;
    }
  }
  return { toolCall: prepared.toolCall, result, isError, durationMs: executed.durationMs };
}

/** pi's `runToolCall`: one call through every step a model's call takes, without events or messages. */
export async function runToolCall(
  toolCall: ToolCall,
  options: ToolCallHooks & { tools: readonly AgentTool[]; assistantMessage: AssistantMessage; context: AgentContext; signal?: AbortSignal; onUpdate?: ToolUpdateSink },
): Promise<AgentToolCallOutcome> {
  const site = { assistantMessage: options.assistantMessage, context: options.context, hooks: options, signal: options.signal };
  const prepared = await prepareToolCall(toolCall, options.tools, site);
  if (prepared.kind === "immediate") return { toolCall, result: prepared.result, isError: prepared.isError };
  const executed = await executePreparedToolCall(prepared, options.signal, options.onUpdate ?? (() => undefined));
  return finalizeToolCall(prepared, executed, site);
}
