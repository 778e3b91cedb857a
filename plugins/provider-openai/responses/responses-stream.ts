// One Responses API call, through the shared SDK attempt (lib/provider-kit/sdk-attempt.ts).
import type { Stream } from "openai/core/streaming";
import type { ResponseStreamEvent, ResponseCreateParamsStreaming } from "openai/resources/responses/responses";
import type { AssistantMessageEvent, StreamRequest } from "../../../kernel/index.js";
import type OpenAI from "openai";
import { guardProviderStream, sdkAttempt, streamedPostOptions, type SendOptions } from "../../../lib/provider-kit/index.js";
import { openaiClient } from "../openai-client.js";
import { readResponsesEvents } from "./responses-events.js";
import { buildResponsesRequest } from "./responses-request.js";

/** Sends a Responses body with the SDK's `create`, or a large one streamed through its `post`. */
export function postResponses(client: OpenAI, body: ResponseCreateParamsStreaming, options: SendOptions, streamed: AsyncIterable<Uint8Array> | undefined) {
  const call = streamed
    ? client.post<Stream<ResponseStreamEvent>>("/responses", streamedPostOptions(streamed, options))
    : client.responses.create(body, options);
  return call.withResponse();
}

const attempt = sdkAttempt<ResponseCreateParamsStreaming, Stream<ResponseStreamEvent>>({
  build: buildResponsesRequest,
  send: async (request, body, options, streamed) => postResponses(await openaiClient(request), body, options, streamed),
  read: readResponsesEvents,
});

export function streamOpenAIResponses(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}
