// One Responses API call, through the shared SDK attempt (lib/provider-kit/sdk-attempt.ts).
import type { Stream } from "openai/core/streaming";
import type { ResponseStreamEvent, ResponseCreateParamsStreaming } from "openai/resources/responses/responses";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/index.js";
import { guardProviderStream, sdkAttempt, streamedPostOptions } from "../../lib/provider-kit/index.js";
import { openaiClient } from "./openai-client.js";
import { readResponsesEvents } from "./responses-events.js";
import { buildResponsesRequest } from "./responses-request.js";

const attempt = sdkAttempt<ResponseCreateParamsStreaming, Stream<ResponseStreamEvent>>({
  build: buildResponsesRequest,
  async send(request, body, options, streamed) {
    const client = await openaiClient(request);
    const call = streamed
      ? client.post<Stream<ResponseStreamEvent>>("/responses", streamedPostOptions(streamed, options))
      : client.responses.create(body, options);
    return call.withResponse();
  },
  read: readResponsesEvents,
});

export function streamOpenAIResponses(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}
