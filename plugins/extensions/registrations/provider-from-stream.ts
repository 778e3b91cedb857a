// A pi-style stream function (`(model, context, options) => events`, as pi-ai's `streamSimple` and
// `registerProvider({streamSimple})` take it) as a pith provider plugin's `ProviderApi`.
import type { Message, Model, ThinkingLevel, AssistantMessageEvent, ProviderApi, StreamRequest } from "../../../kernel/index.js";
import { inPlaceTranscript, turnsWithSystemMessages } from "../../../lib/provider-kit/index.js";
import { normalizeContext, type SystemMessage } from "../shims/pi-ai/pi-ai-transcript.js";

/** pi-ai's `Context` (prompt and tools beside the messages) or 1.6's transcript (them as system messages). */
export interface StreamContext {
  systemPrompt?: string;
  messages: (Message | SystemMessage)[];
  tools?: { name: string; description: string; parameters: object }[];
}

export interface StreamOptions {
  apiKey?: string;
  /** pi-ai's `ProviderHeaders`: `null` deletes a header */
  headers?: Record<string, string | null>;
  signal?: AbortSignal;
  maxTokens?: number;
  temperature?: number;
  sessionId?: string;
  reasoning?: ThinkingLevel;
  /** pi-ai's token budgets per thinking level, for providers that size thinking by tokens */
  thinkingBudgets?: StreamRequest["thinkingBudgets"];
  transport?: string;
  /** pi-ai's observers, which pi hands every stream function: a custom one that calls them fires the same events */
  onPayload?(payload: unknown, model: Model): Promise<unknown>;
  onResponse?(response: { status: number; headers: Record<string, string> }, model: Model): Promise<void>;
  onProviderStreamEvent?(data: unknown, model: Model): Promise<void>;
}

export type StreamFunction = (model: Model, context: StreamContext, options?: StreamOptions) => AsyncIterable<AssistantMessageEvent>;

/** Wraps a pi-style stream function (`(model, context, options) => events`) as a pith provider. */
export function providerFromStream(
  api: string,
  streamFn: StreamFunction,
): ProviderApi {
  return {
    api,
    stream(request: StreamRequest) {
      return streamFn(
        request.model,
        transcriptOf(request),
        {
          apiKey: request.apiKey,
          headers: request.headers,
          signal: request.signal,
          maxTokens: request.maxTokens,
          temperature: request.temperature,
          sessionId: request.sessionId,
          reasoning: request.thinkingLevel,
          ...observers(request),
        },
      );
    },
  };
}

/**
 * The conversation as pi 1.6.0 hands it to custom stream functions: its system messages where they stand (the first
 * with the prompt and tools, later ones with what changed), so the function can send them as its API takes them; the
 * prompt and tools of the moment as one leading system message when the system messages do not add up to them.
 */
function transcriptOf(request: StreamRequest): StreamContext {
  const placed = inPlaceTranscript(request) ? request.systemMessages! : [];
  if (placed.length === 0) return normalizeContext({ systemPrompt: request.systemPrompt, messages: request.messages, tools: request.tools });
  // the stream function may change what it is handed; the request stays as it is
  return { messages: [...turnsWithSystemMessages(request.messages, placed)] };
}

/** the request's hooks as pi-ai's `onPayload`, `onResponse` and `onProviderStreamEvent`, handed over always, as pi does */
function observers(request: StreamRequest): Pick<StreamOptions, "onPayload" | "onResponse" | "onProviderStreamEvent"> {
  const { onPayload, onResponse, onStreamEvent } = request;
  return {
    // pi-ai's contract: `undefined` keeps the payload
    onPayload: async (payload: unknown) => (onPayload ? onPayload(payload) : undefined),
    onResponse: async (response: { status: number; headers: Record<string, string> }) => onResponse?.(response),
    onProviderStreamEvent: async (data: unknown) => onStreamEvent?.(data),
  };
}
