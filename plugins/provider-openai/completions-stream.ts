// One Chat Completions call: build the body, let `onPayload` rewrite it, stream, convert.
import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/provider.js";
import { guardProviderStream, headersToRecord, type FinishReason, type StreamAttemptContext } from "../provider-common/index.js";
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
  const { data, response } = await client.chat.completions
    .create(body, { signal: request.signal, headers: built.headers })
    .withResponse();
  await reportResponse({ status: response.status, headers: headersToRecord(response.headers) });
  yield builder.start();
  return yield* readCompletionsChunks(data, builder);
}
