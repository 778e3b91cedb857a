// The contract between the loop and a wire protocol. A provider plugin registers one `ProviderApi` per `api`.
import type { AssistantMessage, Message, SystemMessage, ToolCall, ToolSpec } from "./messages.js";
import type { BudgetThinkingLevel, Model, ThinkingLevel } from "./model.js";

export interface ProviderResponseInfo {
  status: number;
  headers: Record<string, string>;
}

export interface StreamRequest {
  model: Model;
  systemPrompt: string;
  messages: Message[];
  tools: ToolSpec[];
  /**
   * The conversation's system messages, each standing before `messages[before]` (or after the last). `systemPrompt`
   * and `tools` are what they amount to now; a model that takes system messages mid-conversation may be sent the
   * first as its prompt and the later ones in place, so a change of prompt or tools keeps the cached prefix.
   */
  systemMessages?: PlacedSystemMessage[];
  /** the named sections `systemPrompt` is exactly the rendering of; absent when a run or a hook replaced the text */
  systemPromptSections?: Readonly<Record<string, string>>;
  thinkingLevel: ThinkingLevel;
  /** token budgets per thinking level (settings `thinkingBudgets`) */
  thinkingBudgets?: Partial<Record<BudgetThinkingLevel, number>>;
  apiKey: string | undefined;
  /** headers over the model's and the provider's own; `null` removes one the provider or the model would send */
  headers?: Record<string, string | null>;
  maxTokens?: number;
  temperature?: number;
  sessionId?: string;
  /** a request that must not continue the session's server-side conversation nor be continued (a cache-warming refresh) */
  disableContinuation?: boolean;
  /** abandon the request as a transient failure when nothing arrives for this long; by default none */
  idleTimeoutMs?: number;
  /** the transport a provider that has several should use (settings `transport`: "sse", "websocket", "websocket-cached", "auto") */
  transport?: string;
  /** name the client to providers that take attribution (settings `enableInstallTelemetry`, `PI_TELEMETRY`); by default not */
  attribution?: boolean;
  signal: AbortSignal;
  /** Called with the request body before it is sent; a returned value replaces it. */
  onPayload?: (payload: unknown) => Promise<unknown>;
  /** Called when the HTTP response head arrives, before the body is read. */
  onResponse?: (response: ProviderResponseInfo) => Promise<void>;
  /** Called, and awaited, with each parsed event of the response stream before the provider converts it. */
  onStreamEvent?: (data: unknown) => Promise<void>;
}

export interface PlacedSystemMessage {
  before: number;
  message: SystemMessage;
}

/**
 * Streaming events of one assistant message, pi-ai's `AssistantMessageEvent`.
 * `partial` is the message as built so far; the final `done`/`error` carries the whole message.
 */
export type AssistantMessageEvent =
  | { type: "start"; partial: AssistantMessage }
  | { type: "text_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "text_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "text_end"; contentIndex: number; content: string; partial: AssistantMessage }
  | { type: "thinking_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "thinking_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "thinking_end"; contentIndex: number; content: string; partial: AssistantMessage }
  | { type: "toolcall_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "toolcall_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "toolcall_end"; contentIndex: number; toolCall: ToolCall; partial: AssistantMessage }
  | { type: "done"; reason: "stop" | "length" | "toolUse"; message: AssistantMessage }
  | { type: "error"; reason: "aborted" | "error"; error: AssistantMessage };

/**
 * A wire protocol. `stream` never throws and never rejects: every failure (HTTP error, dropped connection,
 * malformed stream, abort) ends the iteration with an `error` event whose message has `stopReason`
 * "error" or "aborted", an `errorMessage`, and a diagnostic of type "provider_error" whose `details` hold
 * `{status?, retryAfterMs?, errorType?, kind}` for the retry plugin (`ProviderErrorDetails`, pith/provider-kit).
 */
export interface ProviderApi {
  api: string;
  stream(request: StreamRequest): AsyncIterable<AssistantMessageEvent>;
}
