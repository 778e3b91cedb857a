// One Gemini API ("google-generative-ai") or Vertex AI ("google-vertex") call through Google's SDK:
// `generateContentStream`, which POSTs to `…/models/{id}:streamGenerateContent?alt=sse` (Vertex:
// `…/publishers/google/models/{id}:…`) and parses the server-sent events. The request's fetch is pith's, wrapped
// to apply the model's and request's headers last (a `null` removes one of the SDK's), to record the response head,
// and to fail an error status with its head and body (the SDK's own error keeps neither the headers nor the
// retry delay apart).
import type { GenerateContentParameters } from "@google/genai";
import type { AssistantMessageEvent, ProviderResponseInfo, StreamRequest } from "../../kernel/index.js";
import { FetchHeaders } from "../../lib/http/fetch-headers.js";
import { clientIdentityHeaders, guardProviderStream, headersToRecord, httpStatusError, mergeHeaders, providerFetch, type FetchFunction, type StreamAttempt } from "../../lib/provider-kit/index.js";
import { observed } from "../../lib/provider-kit/sdk-attempt.js";
import { htmlInsteadOfApi } from "../../lib/provider-kit/provider-failure.js";
import { credentialsFailure, googleClient } from "./google-client.js";
import { googleRetryDelayMs, readGoogleEvents } from "./google-events.js";
import { buildGoogleParams } from "./google-request.js";
import type { GoogleParams, GoogleStreamChunk } from "./google-wire.js";

export function streamGoogle(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}

const attempt: StreamAttempt = async function* ({ request, builder, reportResponse }) {
  const built = buildGoogleParams(request);
  const params = ((await request.onPayload?.(built)) ?? built) as GoogleParams;
  const client = await googleClient(request);
  let head: ProviderResponseInfo | undefined;
  let sent = false;
  const fetch = requestFetch(mergeHeaders(clientIdentityHeaders(request), request.model.headers, request.headers), () => (sent = true), (response) => (head = response));
  const sdkParams = { ...params, config: { ...params.config, abortSignal: request.signal, httpOptions: { fetch } } };
  let stream: AsyncIterable<unknown>;
  try {
    stream = await client.models.generateContentStream(sdkParams as GenerateContentParameters);
  } catch (error) {
    // before the request went out: the credentials (the auth library's token, or its files)
    throw sent ? error : credentialsFailure(error);
  }
  await reportResponse(head ?? { status: 200, headers: {} });
  if (/^\s*text\/html\b/i.test(head?.headers["content-type"] ?? "")) throw htmlInsteadOfApi(request.model, head!.status);
  yield builder.start();
  const observe = request.onStreamEvent;
  const chunks = observe ? observed(stream, observe) : stream;
  return yield* readGoogleEvents(chunks as AsyncIterable<GoogleStreamChunk>, builder);
};

/** pith's fetch for one request (see the top of the file). */
function requestFetch(headers: Record<string, string | null>, onSend: () => void, onHead: (head: ProviderResponseInfo) => void): FetchFunction {
  return async (input, init = {}) => {
    onSend();
    const sent = new FetchHeaders(init.headers as ConstructorParameters<typeof FetchHeaders>[0]);
    for (const [name, value] of Object.entries(headers)) {
      if (value === null) sent.delete(name);
      else sent.set(name, value);
    }
    const response = await providerFetch()(input, { ...init, headers: sent as unknown as HeadersInit });
    onHead({ status: response.status, headers: headersToRecord(response.headers) });
    if (!response.ok) throw await httpStatusError(response, { retryAfterMs: googleRetryDelayMs });
    return response;
  };
}
