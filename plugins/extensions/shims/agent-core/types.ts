// pi-agent-core 1.6.0's shapes, as pith's served copy of it uses them: the loop's configuration, tools, hooks and
// events. Extensions bring their own TypeScript types from pi's package (erased at load); these are what pith's
// implementation holds itself to.
import type { AssistantMessage, AssistantMessageEvent, ImageContent, Message, Model, TextContent, ToolCall, ToolResultMessage, Usage } from "../../../../kernel/index.js";
import type { SystemMessage } from "../pi-ai/pi-ai-transcript.js";

/** A transcript message: the model's roles, pi-ai's system messages, or an app's own role (`convertToLlm` maps those). */
export type AgentMessage = Message | SystemMessage | { role: string; timestamp?: number };

export type ThinkingLevel = "off" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max";
export type ToolExecutionMode = "sequential" | "parallel";
export type QueueMode = "all" | "one-at-a-time";

/** pi-ai's stream options as the loop passes them on: its own fields plus whatever the caller set. */
export interface StreamFnOptions {
  apiKey?: string;
  reasoning?: string;
  sessionId?: string;
  signal?: AbortSignal;
  identity?: unknown;
  [option: string]: unknown;
}

/** What a stream function answers: pi-ai's AssistantMessageEventStream, or anything shaped like it. */
export interface AssistantReplyStream extends AsyncIterable<AssistantMessageEvent> {
  result(): Promise<AssistantMessage>;
}

/** The model call the loop makes (pi-ai's `streamSimple`); failures come as an error reply, never a throw. */
export type StreamFn = (
  model: Model,
  context: { messages: (Message | SystemMessage)[] },
  options?: StreamFnOptions,
) => AssistantReplyStream | Promise<AssistantReplyStream>;

export interface AgentToolResult {
  content: (TextContent | ImageContent)[];
  details: unknown;
  structuredContent?: unknown;
  usage?: Usage;
  isError?: boolean;
  terminate?: boolean;
}

export type AgentToolUpdateCallback = (partialResult: AgentToolResult) => void;

export interface AgentTool {
  name: string;
  label?: string;
  description: string;
  parameters: Record<string, unknown>;
  prepareArguments?: (args: unknown) => Record<string, unknown>;
  execute: (toolCallId: string, params: Record<string, unknown>, signal?: AbortSignal, onUpdate?: AgentToolUpdateCallback) => Promise<AgentToolResult>;
  executionMode?: ToolExecutionMode;
}

export interface AgentContext {
  messages: AgentMessage[];
  tools?: AgentTool[];
}

export interface BeforeToolCallResult {
  block?: boolean;
  reason?: string;
  terminate?: boolean;
}

export interface AfterToolCallResult {
  content?: (TextContent | ImageContent)[];
  details?: unknown;
  structuredContent?: unknown;
  isError?: boolean;
  usage?: Usage;
  terminate?: boolean;
}

export interface BeforeToolCallContext {
  assistantMessage: AssistantMessage;
  toolCall: ToolCall;
  args: unknown;
  context: AgentContext;
}

export interface AfterToolCallContext extends BeforeToolCallContext {
  result: AgentToolResult;
  isError: boolean;
}

export interface ToolCallHooks {
  beforeToolCall?: (context: BeforeToolCallContext, signal?: AbortSignal) => Promise<BeforeToolCallResult | undefined>;
  afterToolCall?: (context: AfterToolCallContext, signal?: AbortSignal) => Promise<AfterToolCallResult | undefined>;
}

export interface AgentToolCallOutcome {
  toolCall: ToolCall;
  result: AgentToolResult;
  isError: boolean;
  durationMs?: number;
}

export interface AgentTurnContext {
  message: AssistantMessage;
  toolResults: ToolResultMessage[];
  context: AgentContext;
  newMessages: AgentMessage[];
}

export type AgentTurnDecision = { action: "continue" } | { action: "end" };

export interface AgentLoopTurnUpdate {
  context?: AgentContext;
  messages?: AgentMessage[];
  model?: Model;
  thinkingLevel?: ThinkingLevel;
}

export interface AgentLoopConfig extends ToolCallHooks, Omit<StreamFnOptions, "signal"> {
  model: Model;
  convertToLlm: (messages: AgentMessage[]) => Message[] | Promise<Message[]>;
  transformContext?: (messages: AgentMessage[], signal?: AbortSignal) => Promise<AgentMessage[]>;
  getApiKey?: (provider: string) => Promise<string | undefined> | string | undefined;
  finishTurn?: (turn: AgentTurnContext, signal?: AbortSignal) => AgentTurnDecision | void | Promise<AgentTurnDecision | void>;
  prepareRequest?: (
    request: { context: AgentContext; model: Model; thinkingLevel: string },
    signal?: AbortSignal,
  ) => Omit<AgentLoopTurnUpdate, "messages"> | void | Promise<Omit<AgentLoopTurnUpdate, "messages"> | void>;
  prepareNextTurn?: (turn: AgentTurnContext) => AgentLoopTurnUpdate | undefined | Promise<AgentLoopTurnUpdate | undefined>;
  getSteeringMessages?: () => Promise<AgentMessage[]>;
  getFollowUpMessages?: () => Promise<AgentMessage[]>;
  toolExecution?: ToolExecutionMode;
}

export type AgentEvent =
  | { type: "agent_start" }
  | { type: "agent_end"; messages: AgentMessage[] }
  | { type: "turn_start" }
  | { type: "turn_end"; message: AgentMessage; toolResults: ToolResultMessage[] }
  | { type: "message_start"; message: AgentMessage }
  | { type: "message_update"; message: AgentMessage; assistantMessageEvent: AssistantMessageEvent }
  | { type: "message_end"; message: AgentMessage }
  | { type: "tool_execution_start"; toolCallId: string; toolName: string; args: unknown }
  | { type: "tool_execution_update"; toolCallId: string; toolName: string; args: unknown; partialResult: unknown }
  | { type: "tool_execution_end"; toolCallId: string; toolName: string; result: unknown; isError: boolean; durationMs?: number };

export type AgentEventSink = (event: AgentEvent) => Promise<void> | void;
