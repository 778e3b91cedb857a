// One ChatGPT-backend call ("openai-codex-responses") over pi 1.6.0's transports (settings `transport`): with "auto"
// (the default), "websocket" or "websocket-cached" a WebSocket first (codex-websocket.ts); when it fails as a
// transport before the first event, the same body over SSE (the OpenAI SDK's POST to `<base>/codex/responses`), and
// SSE for the rest of the session. "sse" posts only. Both streams are read as the Responses API's (codex-events.ts).
import { randomUUID } from "node:crypto";
import type { Stream } from "openai/core/streaming";
import type { ResponseCreateParamsStreaming, ResponseStreamEvent } from "openai/resources/responses/responses";
import type { AssistantMessageEvent, StreamRequest } from "../../../kernel/index.js";
import { guardProviderStream, ProviderFailure, sdkAttempt, type FinishReason, type StreamAttemptContext } from "../../../lib/provider-kit/index.js";
import { observed } from "../../../lib/provider-kit/sdk-attempt.js";
import { buildCodexRequest, codexAccountId, codexBaseUrl, codexWebSocketHeaders, codexWebSocketUrl } from "./codex-request.js";
import { codexEvents, withUsageLimitWording } from "./codex-events.js";
import { continuationAfter, continuedBody } from "./codex-continuation.js";
import { CodexTransportError, leaseSocket, socketEvents } from "./codex-websocket.js";
import { openaiClient } from "../openai-client.js";
import { readResponsesEvents } from "../responses/responses-events.js";
import { postResponses } from "../responses/responses-stream.js";
import type { ResponsesBody } from "../responses/responses-wire.js";

/** Sessions whose WebSocket failed as a transport: they stay on SSE, as in pi. */
const sseSessions = new Set<string>();

export function streamOpenAICodexResponses(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}

async function* attempt(context: StreamAttemptContext): AsyncGenerator<AssistantMessageEvent, FinishReason> {
  const { request } = context;
  const built = buildCodexRequest(request);
  context.builder.setProviderThinkingLevel(built.providerThinkingLevel);
  const body = ((await request.onPayload?.(built.body)) ?? built.body) as ResponsesBody;
  const transport = request.transport ?? "auto";
  if (transport !== "sse" && !(request.sessionId !== undefined && sseSessions.has(request.sessionId))) {
    const started = { value: false };
    try {
      return yield* overWebSocket(context, body, transport !== "websocket", started);
    } catch (error) {
      if (request.signal.aborted || !(error instanceof CodexTransportError)) throw error;
      if (request.sessionId !== undefined) sseSessions.add(request.sessionId);
      if (started.value) throw error;
    }
  }
  return yield* overSse(context, body, built.headers);
}

/** The body over SSE; `onPayload` has already seen it. */
async function* overSse(context: StreamAttemptContext, body: ResponsesBody, headers: Record<string, string>): AsyncGenerator<AssistantMessageEvent, FinishReason> {
  const post = sdkAttempt<ResponseCreateParamsStreaming, Stream<ResponseStreamEvent>>({
    build: () => ({ body, headers }),
    async send(request, sent, options, streamed) {
      const client = await openaiClient({ ...request, model: { ...request.model, baseUrl: codexBaseUrl(request.model.baseUrl) } });
      return postResponses(client, sent, options, streamed).catch((error: unknown) => Promise.reject(withUsageLimitWording(error)));
    },
    read: (stream, builder) => readResponsesEvents(codexEvents(stream), builder),
  });
  return yield* post({ ...context, request: { ...context.request, onPayload: undefined } });
}

/**
 * The body as a `response.create` message on the session's socket (only its new input when `cached` and the socket
 * served the turn it continues). The backend's own refusals of a continuation or of another socket, before the
 * first event, are tried once more. `started` turns true with the first event: a failure after it cannot fall back.
 */
async function* overWebSocket(
  { request, builder }: StreamAttemptContext,
  body: ResponsesBody,
  cached: boolean,
  started: { value: boolean },
): AsyncGenerator<AssistantMessageEvent, FinishReason> {
  const accountId = codexAccountId(request);
  const headers = codexWebSocketHeaders(request, accountId, request.sessionId ?? randomUUID());
  const poolKey = request.sessionId === undefined ? undefined : `${request.sessionId}\n${accountId}`;
  const retried = new Set<string>();
  for (;;) {
    const lease = await leaseSocket(codexWebSocketUrl(request.model.baseUrl), headers, poolKey, request.signal);
    let keep = false;
    try {
      const sent = cached && lease.pooled ? continuedBody(body, lease.pooled.continuation) : body;
      const raw = socketEvents(lease.socket, JSON.stringify({ type: "response.create", ...sent }), request.signal);
      const events = codexEvents(request.onStreamEvent ? observed(raw, request.onStreamEvent) : raw)[Symbol.asyncIterator]();
      const first = await events.next();
      started.value = true;
      yield builder.start();
      const reason = yield* readResponsesEvents(withFirst(first, events), builder);
      if (cached && lease.pooled) lease.pooled.continuation = continuationAfter(body, request, builder.message);
      keep = !request.signal.aborted;
      return reason;
    } catch (error) {
      if (lease.pooled) lease.pooled.continuation = undefined;
      const code = error instanceof ProviderFailure ? error.details.errorType : undefined;
      const again = !started.value && !request.signal.aborted && (code === "previous_response_not_found" || code === "websocket_connection_limit_reached");
      if (!again || retried.has(code!)) throw error;
      retried.add(code!);
    } finally {
      lease.release(keep);
    }
  }
}

async function* withFirst<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
