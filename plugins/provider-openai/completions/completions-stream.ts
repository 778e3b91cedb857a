// One Chat Completions call, through the shared SDK attempt (lib/provider-kit/sdk-attempt.ts).
import type { Stream } from "openai/core/streaming";
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import type { AssistantMessageEvent, StreamRequest } from "../../../kernel/index.js";
import { guardProviderStream, sdkAttempt, streamedPostOptions } from "../../../lib/provider-kit/index.js";
import { readCompletionsChunks } from "./completions-events.js";
import { buildCompletionsRequest } from "./completions-request.js";
import { openaiClient } from "../openai-client.js";

const attempt = sdkAttempt<ChatCompletionCreateParamsStreaming, Stream<ChatCompletionChunk>>({
  build: buildCompletionsRequest,
  async send(request, body, options, streamed) {
    const client = await openaiClient(request);
    const call = streamed
      ? client.post<Stream<ChatCompletionChunk>>("/chat/completions", streamedPostOptions(streamed, options))
      : client.chat.completions.create(body, options);
    return call.withResponse();
  },
  read: readCompletionsChunks,
});

export function streamOpenAICompletions(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}
