// One Mistral call ("mistral-conversations"): `POST {baseUrl}/v1/chat/completions` with the key as Bearer, read as
// server-sent events.
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/index.js";
import { clientIdentityHeaders, guardProviderStream, httpAttempt, mergeHeaders, type HttpCall } from "../../lib/provider-kit/index.js";
import { readMistralEvents } from "./mistral-events.js";
import { buildMistralRequest } from "./mistral-request.js";

export function streamMistral(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}

const attempt = httpAttempt({
  build: (request) => buildMistralRequest(request),
  async target(request) {
    const { model } = request;
    const headers = { ...(request.apiKey ? { authorization: `Bearer ${request.apiKey}` } : {}), ...mergeHeaders(clientIdentityHeaders(request), model.headers, request.headers) };
    return { url: `${model.baseUrl.replace(/\/+$/, "")}/v1/chat/completions`, headers };
  },
  read: (body, builder, request) => readMistralEvents(body, builder, request.onStreamEvent),
} satisfies HttpCall);
