// A pi-style stream function (`(model, context, options) => events`, as pi-ai's `streamSimple` and
// `registerProvider({streamSimple})` take it) as a pith provider plugin's `ProviderApi`.
import type { Message, Model, ThinkingLevel, AssistantMessageEvent, ProviderApi, StreamRequest } from "../../../kernel/index.js";
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
      // pi 1.6 hands custom stream functions a transcript: the prompt and tools as a leading system message
      return streamFn(
        request.model,
        normalizeContext({ systemPrompt: request.systemPrompt, messages: request.messages, tools: request.tools }),
        {
          apiKey: request.apiKey,
          headers: request.headers,
          signal: request.signal,
          maxTokens: request.maxTokens,
          temperature: request.temperature,
          sessionId: request.sessionId,
          reasoning: request.thinkingLevel,
        },
      );
    },
  };
}
