// pi-ai's model calls for extensions (`stream`, `complete`, `streamSimple`, `completeSimple`), answered by
// the session's own provider plugins and keys, plus pi-ai's event stream classes.
import { AssistantMessageBuilder } from "../../../../lib/provider-kit/assistant-builder.js";
import { PithError, errorMessage, type AssistantMessage, type Message, type Model, type ProviderApi, type StreamRequest, type ToolSpec } from "../../../../kernel/index.js";
import { extensionHost } from "../host.js";
import type { StreamContext, StreamOptions } from "../../registrations/provider-from-stream.js";
import { AssistantMessageEventStream } from "./event-stream.js";
import { getCurrentSystemPrompt, getCurrentTools } from "./pi-ai-transcript.js";

export { AssistantMessageEventStream, EventStream, createAssistantMessageEventStream } from "./event-stream.js";

export type { StreamContext as LlmContext, StreamOptions as LlmStreamOptions };

export function stream(model: Model, context: StreamContext, options: StreamOptions = {}): AssistantMessageEventStream {
  const events = new AssistantMessageEventStream();
  void streamInto(events, model, context, options);
  return events;
}

export const streamSimple = stream;

export function complete(model: Model, context: StreamContext, options: StreamOptions = {}): Promise<AssistantMessage> {
  return stream(model, context, options).result();
}

export const completeSimple = complete;

/**
 * Runs one model call, pushing its events into `events`; it never rejects (a failure ends in an error event).
 * `own`: the provider a caller of its own registered for the model's API (a served `ModelRuntime`'s), else the
 * session's provider plugin for it.
 */
export async function streamInto(events: AssistantMessageEventStream, model: Model, context: StreamContext, options: StreamOptions = {}, own?: ProviderApi): Promise<void> {
  try {
    const host = extensionHost();
    if (!host && !(own && options.apiKey !== undefined)) throw new PithError("EXTENSION_NO_SESSION", "pi-ai model calls work only inside a running pith session.");
    const provider = own ?? host?.provider(model.api);
    if (!provider) throw new PithError("NO_PROVIDER", `No provider plugin handles the "${model.api}" API of model ${model.provider}/${model.id}.`);
    const signal = options.signal ?? new AbortController().signal;
    const auth = options.apiKey !== undefined ? { apiKey: options.apiKey, headers: options.headers } : await host?.resolveAuth(model, signal);
    // a transcript carries the prompt and tools as system messages; pith's providers take them beside the messages
    const tools: ToolSpec[] = (context.tools ?? getCurrentTools(context.messages)).map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters as Record<string, unknown>,
    }));
    const request: StreamRequest = {
      model,
      systemPrompt: context.systemPrompt ?? getCurrentSystemPrompt(context.messages),
      messages: context.messages.filter((message): message is Message => message.role !== "system"),
      tools,
      thinkingLevel: options.reasoning ?? "off",
      thinkingBudgets: options.thinkingBudgets,
      transport: options.transport,
      apiKey: auth?.apiKey,
      headers: { ...auth?.headers, ...options.headers },
      maxTokens: options.maxTokens,
      temperature: options.temperature,
      sessionId: options.sessionId,
      signal,
      // pi-ai's observers, which an Agent hands on: called with the model, as pi-ai calls them
      ...(options.onPayload && { onPayload: async (payload) => options.onPayload!(payload, model) }),
      ...(options.onResponse && { onResponse: async (response) => options.onResponse!(response, model) }),
      ...(options.onProviderStreamEvent && { onStreamEvent: async (data) => options.onProviderStreamEvent!(data, model) }),
    };
    for await (const event of provider.stream(request)) events.push(event);
    events.end();
  } catch (error) {
    events.push(new AssistantMessageBuilder(model).fail("error", errorMessage(error), { kind: "auth" }));
  }
}
