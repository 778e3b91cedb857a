// One Responses API call: build the body, let `onPayload` rewrite it, stream, convert.
import type { ResponseCreateParamsStreaming } from "openai/resources/responses/responses";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/provider.js";
import { guardProviderStream, headersToRecord, type FinishReason, type StreamAttemptContext } from "../provider-common/index.js";
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
  const { data, response } = await client.responses
    .create(body, { signal: request.signal, headers: built.headers })
    .withResponse();
  await reportResponse({ status: response.status, headers: headersToRecord(response.headers) });
  yield builder.start();
  return yield* readResponsesEvents(data, builder);
}
