// One Chat Completions call: build the body, let `onPayload` rewrite it, stream, convert.
import type { Stream } from "openai/core/streaming";
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/provider.js";
import {
  guardProviderStream,
  headersToRecord,
  streamedJsonBody,
  streamedPostOptions,
  type FinishReason,
  type StreamAttemptContext,
} from "../provider-common/index.js";
import { readCompletionsChunks } from "./completions-events.js";
import { buildCompletionsRequest } from "./completions-request.js";
import { openaiClient } from "./openai-client.js";

export function streamOpenAICompletions(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}

async function* attempt({ request, builder, reportResponse }: StreamAttemptContext): AsyncGenerator<AssistantMessageEvent, FinishReason> {
  const client = await openaiClient(request);
  const built = buildCompletionsRequest(request);
  const replaced = await request.onPayload?.(built.body);
  const body = (replaced ?? built.body) as ChatCompletionCreateParamsStreaming;
  // A large body is streamed through the SDK's `post` (see json-body-stream.ts).
  const streamed = streamedJsonBody(body, request.signal);
  const call = streamed
    ? client.post<Stream<ChatCompletionChunk>>("/chat/completions", streamedPostOptions(streamed, request.signal, built.headers))
    : client.chat.completions.create(body, { signal: request.signal, headers: built.headers });
  const { data, response } = await call.withResponse();
  await reportResponse({ status: response.status, headers: headersToRecord(response.headers) });
  yield builder.start();
  return yield* readCompletionsChunks(data, builder);
}
