// Session events: what subscribers, output modes and RPC clients see, in pi's names and shapes.
import type { AgentMessage, ToolResultMessage } from "./messages.js";
import type { AssistantMessageEvent } from "./provider.js";
import type { ThinkingLevel } from "./model.js";

export interface AgentEventMap {
  agent_start: { type: "agent_start" };
  /** `willRetry`: an automatic retry of the failed reply follows (pi 1.6.0) */
  agent_end: { type: "agent_end"; messages: AgentMessage[]; willRetry: boolean };
  turn_start: { type: "turn_start" };
  turn_end: { type: "turn_end"; message: AgentMessage; toolResults: ToolResultMessage[] };
  message_start: { type: "message_start"; message: AgentMessage };
  message_update: { type: "message_update"; message: AgentMessage; assistantMessageEvent: AssistantMessageEvent };
  message_end: { type: "message_end"; message: AgentMessage };
  /** `parentToolCallId`: set on a call another tool made (`context.executeTool`) */
  tool_execution_start: { type: "tool_execution_start"; toolCallId: string; toolName: string; args: unknown; parentToolCallId?: string };
  tool_execution_update: {
    type: "tool_execution_update";
    toolCallId: string;
    toolName: string;
    args: unknown;
    partialResult: unknown;
    parentToolCallId?: string;
  };
  tool_execution_end: {
    type: "tool_execution_end";
    toolCallId: string;
    toolName: string;
    result: unknown;
    isError: boolean;
    parentToolCallId?: string;
    /** how long the tool ran; absent when it never ran (unknown tool, bad arguments, blocked) */
    durationMs?: number;
  };
}

/**
 * Every event a session emits. Plugins add their own by declaration merging
 * (`declare module "pith/kernel" { interface SessionEventMap { my_event: {type: "my_event"; ...} } }`).
 */
export interface SessionEventMap extends AgentEventMap {
  queue_update: { type: "queue_update"; steering: string[]; followUp: string[] };
  thinking_level_changed: { type: "thinking_level_changed"; level: ThinkingLevel };
  /** once per prompt, after the last run and every automatic continuation: the session is idle */
  agent_settled: { type: "agent_settled"; aborted: boolean };
}

export type SessionEventType = keyof SessionEventMap;
export type SessionEvent = SessionEventMap[SessionEventType];
export type AgentEvent = AgentEventMap[keyof AgentEventMap];

