// One Gemini API call ("google-generative-ai"): `POST {baseUrl}/models/{id}:streamGenerateContent?alt=sse` with
// the key in `x-goog-api-key`, read as server-sent events.
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/index.js";
import { PithError } from "../../kernel/index.js";
import { guardProviderStream, httpAttempt, mergeHeaders, type HttpCall } from "../../lib/provider-kit/index.js";
import { googleRetryDelayMs, readGoogleEvents } from "./google-events.js";
import { buildGoogleRequest } from "./google-request.js";

export function streamGoogleGenerativeAi(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}

const attempt = httpAttempt({
  build: buildGoogleRequest,
  async target(request) {
    const { model } = request;
    if (!model.baseUrl) throw new PithError("GOOGLE_NO_BASE_URL", `Model ${model.provider}/${model.id} has no baseUrl (the Gemini API's is https://generativelanguage.googleapis.com/v1beta)`);
    const headers = mergeHeaders(model.headers, request.headers);
    if (request.apiKey) headers["x-goog-api-key"] = request.apiKey;
    return { url: `${model.baseUrl.replace(/\/+$/, "")}/models/${encodeURIComponent(model.id)}:streamGenerateContent?alt=sse`, headers };
  },
  read: (body, builder) => readGoogleEvents(body, builder),
  retryAfterMs: googleRetryDelayMs,
} satisfies HttpCall);
