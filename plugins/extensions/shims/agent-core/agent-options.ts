// What an `Agent` is built with, and the settings it keeps as public fields (pi lets a caller replace each one
// between runs: `agent.beforeToolCall = ...`, `agent.sessionId = ...`); each run's loop configuration takes them
// as they are when it starts.
import type { Message } from "../../../../kernel/index.js";
import type { AgentInitialState } from "./agent-state.js";
import type { AgentLoopConfig, AgentLoopTurnUpdate, AgentMessage, AgentTurnContext, QueueMode, StreamFn, ToolCallHooks, ToolExecutionMode } from "./types.js";

type Observer = (...args: never[]) => unknown;

/** Only the model's own roles and system messages reach it unless `convertToLlm` says otherwise. */
const modelRoles = (messages: AgentMessage[]): Message[] =>
  messages.filter((message) => ["system", "user", "assistant", "toolResult"].includes(message.role)) as Message[];

export interface AgentOptions extends ToolCallHooks {
  initialState?: AgentInitialState;
  convertToLlm?: (messages: AgentMessage[]) => Message[] | Promise<Message[]>;
  transformContext?: AgentLoopConfig["transformContext"];
  streamFn?: StreamFn;
  getApiKey?: AgentLoopConfig["getApiKey"];
  onPayload?: Observer;
  onResponse?: Observer;
  onProviderStreamEvent?: Observer;
  finishTurn?: AgentLoopConfig["finishTurn"];
  prepareRequest?: AgentLoopConfig["prepareRequest"];
  prepareNextTurn?: (signal?: AbortSignal) => Promise<AgentLoopTurnUpdate | undefined> | AgentLoopTurnUpdate | undefined;
  prepareNextTurnWithContext?: (turn: AgentTurnContext, signal?: AbortSignal) => Promise<AgentLoopTurnUpdate | undefined> | AgentLoopTurnUpdate | undefined;
  steeringMode?: QueueMode;
  followUpMode?: QueueMode;
  sessionId?: string;
  thinkingBudgets?: Record<string, number>;
  transport?: string;
  maxRetryDelayMs?: number;
  toolExecution?: ToolExecutionMode;
  identity?: unknown;
}

/** The settings part of an `Agent`: public fields, read again at the start of every run. */
export class AgentSettings {
  convertToLlm: (messages: AgentMessage[]) => Message[] | Promise<Message[]>;
  transformContext?: AgentOptions["transformContext"];
  getApiKey?: AgentOptions["getApiKey"];
  onPayload?: Observer;
  onResponse?: Observer;
  onProviderStreamEvent?: Observer;
  beforeToolCall?: AgentOptions["beforeToolCall"];
  afterToolCall?: AgentOptions["afterToolCall"];
  finishTurn?: AgentOptions["finishTurn"];
  prepareRequest?: AgentOptions["prepareRequest"];
  prepareNextTurn?: AgentOptions["prepareNextTurn"];
  prepareNextTurnWithContext?: AgentOptions["prepareNextTurnWithContext"];
  /** forwarded to providers for cache-aware backends */
  sessionId?: string;
  thinkingBudgets?: Record<string, number>;
  transport: string;
  maxRetryDelayMs?: number;
  identity?: unknown;

  constructor(options: AgentOptions) {
    this.convertToLlm = options.convertToLlm ?? modelRoles;
    this.transformContext = options.transformContext;
    this.getApiKey = options.getApiKey;
    this.onPayload = options.onPayload;
    this.onResponse = options.onResponse;
    this.onProviderStreamEvent = options.onProviderStreamEvent;
    this.beforeToolCall = options.beforeToolCall;
    this.afterToolCall = options.afterToolCall;
    this.finishTurn = options.finishTurn;
    this.prepareRequest = options.prepareRequest;
    this.prepareNextTurn = options.prepareNextTurn;
    this.prepareNextTurnWithContext = options.prepareNextTurnWithContext;
    this.sessionId = options.sessionId;
    this.thinkingBudgets = options.thinkingBudgets;
    this.transport = options.transport ?? "auto";
    this.maxRetryDelayMs = options.maxRetryDelayMs;
    this.identity = options.identity;
  }

  /** The run's stream options and hooks, as the fields hold them now. */
  protected streamOptions(): Omit<AgentLoopConfig, "model" | "convertToLlm"> {
    return {
      sessionId: this.sessionId,
      onPayload: this.onPayload,
      onResponse: this.onResponse,
      onProviderStreamEvent: this.onProviderStreamEvent,
      transport: this.transport,
      thinkingBudgets: this.thinkingBudgets,
      maxRetryDelayMs: this.maxRetryDelayMs,
      identity: this.identity,
      beforeToolCall: this.beforeToolCall,
      afterToolCall: this.afterToolCall,
      finishTurn: this.finishTurn,
      prepareRequest: this.prepareRequest,
      transformContext: this.transformContext,
      getApiKey: this.getApiKey,
    };
  }
}
