// pi 1.6.0's record of the calls a tool made through `executeTool` (`nestedCalls` on the calling tool's result
// message, stored with it, never sent to the model) and their usage, added to that message's. The kernel announces
// each nested call as `tool_execution_start`/`_end` naming its caller; calls made by nested tools count for the
// model's call they descend from. The record is bounded as pi bounds it: arguments over the per-call or total size
// are left out (their size is kept), calls past the count are dropped, and `complete` then says so.
import type { PluginContext, SessionEvent, ToolResultMessage, Usage } from "../../kernel/index.js";
import { nowMs } from "../../kernel/index.js";
import { combineUsage } from "../../lib/transcript/usage.js";

export const NESTED_CALL_LIMITS = { maxCalls: 256, maxArgumentBytesPerCall: 8 * 1024, maxArgumentBytesTotal: 32 * 1024, maxErrorChars: 500 };

export interface NestedToolCallRecord {
  id: string;
  name: string;
  /** left out when over the size limits; `argumentsBytes` then gives their size */
  arguments?: Record<string, unknown>;
  argumentsBytes?: number;
  /** `unfinished`: still running when the calling tool's result was made */
  status: "ok" | "error" | "unfinished";
  durationMs?: number;
  /** the error's text, cut to NESTED_CALL_LIMITS.maxErrorChars */
  error?: string;
}

export interface NestedToolCalls {
  calls: NestedToolCallRecord[];
  /** false when calls were dropped, arguments left out, or calls had not finished */
  complete: boolean;
}

declare module "../../kernel/index.js" {
  interface ToolResultMessage {
    /** the calls this tool made to other tools (pi 1.6.0); kept in the session, not sent to the model */
    nestedCalls?: NestedToolCalls;
  }
}

/** What the nested calls of one model-issued call left so far. */
class CallRecord {
  readonly calls: NestedToolCallRecord[] = [];
  private readonly started = new Map<string, { record: NestedToolCallRecord; at: number }>();
  private complete = true;
  private argumentBytes = 0;
  usage: Usage | undefined;

  start(id: string, name: string, args: unknown): void {
    if (this.calls.length >= NESTED_CALL_LIMITS.maxCalls) {
      this.complete = false;
      return;
    }
    const record: NestedToolCallRecord = { id, name, status: "unfinished" };
    const json = JSON.stringify(args ?? {});
    const bytes = Buffer.byteLength(json);
    if (bytes > NESTED_CALL_LIMITS.maxArgumentBytesPerCall || this.argumentBytes + bytes > NESTED_CALL_LIMITS.maxArgumentBytesTotal) {
      record.argumentsBytes = bytes;
      this.complete = false;
    } else {
      record.arguments = JSON.parse(json) as Record<string, unknown>;
      this.argumentBytes += bytes;
    }
    this.calls.push(record);
    this.started.set(id, { record, at: nowMs() });
  }

  finish(id: string, isError: boolean, result: { content?: { type: string; text?: string }[]; usage?: Usage } | undefined): void {
    // usage counts for calls dropped from the record too: nested results are not stored anywhere else
    if (result?.usage) this.usage = this.usage ? combineUsage(this.usage, result.usage) : result.usage;
    const started = this.started.get(id);
    if (!started) return;
    this.started.delete(id);
    const { record } = started;
    record.status = isError ? "error" : "ok";
    record.durationMs = Math.round(nowMs() - started.at);
    const text = (result?.content ?? []).flatMap((block) => (block.type === "text" && block.text !== undefined ? [block.text] : [])).join("\n");
    if (isError && text) record.error = text.slice(0, NESTED_CALL_LIMITS.maxErrorChars);
  }

  snapshot(): NestedToolCalls | undefined {
    if (this.calls.length === 0 && this.complete) return undefined;
    const calls = this.calls.map((call) => ({ ...call }));
    return { calls, complete: this.complete && calls.every((call) => call.status !== "unfinished") };
  }
}

export function recordNestedCalls(context: PluginContext): void {
  /** by the id of the model-issued call the nested calls descend from */
  const records = new Map<string, CallRecord>();
  /** a nested call's id → the model-issued call it descends from */
  const rootOf = new Map<string, string>();

  // First among the listeners: the calling tool's result gets its record when its message_start is emitted, in
  // place, as pi 1.6.0 sets it, so every listener of message_start and message_end, and the stored entry, see it.
  context.on(
    "event_emitted",
    (event: SessionEvent) => {
      if (event.type === "agent_end") {
        records.clear();
        rootOf.clear();
        return;
      }
      if (event.type === "message_start") return attachRecord(event.message as ToolResultMessage);
      if (event.type !== "tool_execution_start" && event.type !== "tool_execution_end") return;
      const parent = event.parentToolCallId;
      if (parent === undefined) return;
      const root = rootOf.get(parent) ?? parent;
      if (event.type === "tool_execution_start") {
        rootOf.set(event.toolCallId, root);
        let record = records.get(root);
        if (!record) records.set(root, (record = new CallRecord()));
        record.start(event.toolCallId, event.toolName, event.args);
      } else {
        records.get(root)?.finish(event.toolCallId, event.isError, event.result as Parameters<CallRecord["finish"]>[2]);
      }
    },
    { stage: -100 },
  );

  function attachRecord(message: ToolResultMessage): void {
    if (message.role !== "toolResult") return;
    const record = records.get(message.toolCallId);
    if (!record) return;
    records.delete(message.toolCallId);
    const nestedCalls = record.snapshot();
    if (nestedCalls) message.nestedCalls = nestedCalls;
    if (record.usage) message.usage = message.usage ? combineUsage(message.usage, record.usage) : record.usage;
  }
}
