// One Responses API call: build the body, let `onPayload` rewrite it, stream, convert.
import type { Stream } from "openai/core/streaming";
import type { ResponseStreamEvent, ResponseCreateParamsStreaming } from "openai/resources/responses/responses";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/provider.js";
import {
  guardProviderStream,
  headersToRecord,
  streamedJsonBody,
  streamedPostOptions,
  type FinishReason,
  type StreamAttemptContext,
} from "../provider-common/index.js";
import { openaiClient } from "./openai-client.js";
import { readResponsesEvents } from "./responses-events.js";
import { buildResponsesRequest } from "./responses-request.js";

export function streamOpenAIResponses(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}

async function* attempt({ request, builder, reportResponse }: StreamAttemptContext): AsyncGenerator<AssistantMessageEvent, FinishReason> {
  const client = await openaiClient(request);
  const built = buildResponsesRequest(request);
  const replaced = await request.onPayload?.(built.body);
  const body = (replaced ?? built.body) as ResponseCreateParamsStreaming;
  // A large body is streamed through the SDK's `post` (see json-body-stream.ts).
  const streamed = streamedJsonBody(body, request.signal);
  const call = streamed
    ? client.post<Stream<ResponseStreamEvent>>("/responses", streamedPostOptions(streamed, request.signal, built.headers))
    : client.responses.create(body, { signal: request.signal, headers: built.headers });
  const { data, response } = await call.withResponse();
  await reportResponse({ status: response.status, headers: headersToRecord(response.headers) });
  yield builder.start();
  return yield* readResponsesEvents(data, builder);
}
