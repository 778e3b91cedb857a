// One pi-messages call: `POST {baseUrl}/messages` with `{model, context, options}` (pi-ai's Context: system
// prompt, messages, tools) and the key as Bearer; the answer is server-sent events, each one of pi's
// assistant-message events without its `partial`, ending with `done` or `error`.
import { type AssistantMessageEvent, type StreamRequest } from "../../kernel/index.js";
import { clientIdentityHeaders, guardProviderStream, httpAttempt, mergeHeaders, type HttpCall } from "../../lib/provider-kit/index.js";
import { readPiMessagesEvents } from "./pi-messages-events.js";

export function streamPiMessages(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}

export function buildPiMessagesBody(request: StreamRequest, env: NodeJS.ProcessEnv = process.env): object {
  const { model } = request;
  // the level as asked, as pi sends it: the gateway fits it to the model it routes to
  const level = request.thinkingLevel;
  return {
    model: model.id,
    context: {
      ...(request.systemPrompt.trim() !== "" ? { systemPrompt: request.systemPrompt } : {}),
      messages: request.messages,
      ...(request.tools.length > 0 ? { tools: request.tools.map(({ name, description, parameters }) => ({ name, description, parameters })) } : {}),
    },
    // The backend's defaults apply to what is left out; of the cache settings only PI_CACHE_RETENTION=long is sent.
    options: {
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.maxTokens !== undefined ? { maxTokens: request.maxTokens } : {}),
      ...(level !== "off" ? { reasoning: level } : {}),
      ...(env.PI_CACHE_RETENTION === "long" ? { cacheRetention: "long" } : {}),
      ...(request.sessionId ? { sessionId: request.sessionId } : {}),
    },
  };
}

const attempt = httpAttempt({
  build: (request) => ({ body: buildPiMessagesBody(request), headers: { accept: "text/event-stream" } }),
  async target(request) {
    const { model } = request;
    const headers = { ...(request.apiKey ? { authorization: `Bearer ${request.apiKey}` } : {}), ...mergeHeaders(clientIdentityHeaders(request), model.headers, request.headers) };
    return { url: `${model.baseUrl.replace(/\/+$/, "")}/messages`, headers };
  },
  read: (body, builder, request) => readPiMessagesEvents(body, builder, request.onStreamEvent),
} satisfies HttpCall);
