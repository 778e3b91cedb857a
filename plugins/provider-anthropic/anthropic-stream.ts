// One Anthropic Messages call: build the body, let `onPayload` rewrite it, stream, convert.
import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/messages";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/provider.js";
import { guardProviderStream, headersToRecord, type FinishReason, type StreamAttemptContext } from "../provider-common/index.js";
import { anthropicClient } from "./anthropic-client.js";
import { readAnthropicEvents } from "./anthropic-events.js";
import { buildAnthropicRequest } from "./anthropic-request.js";

export function streamAnthropic(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}

async function* attempt({ request, builder, reportResponse }: StreamAttemptContext): AsyncGenerator<AssistantMessageEvent, FinishReason> {
  const client = await anthropicClient(request);
  const built = buildAnthropicRequest(request);
  const replaced = await request.onPayload?.(built.body);
  const body = (replaced ?? built.body) as MessageCreateParamsStreaming;
  const { data, response } = await client.messages
    .create(body, { signal: request.signal, headers: built.headers })
    .withResponse();
  await reportResponse({ status: response.status, headers: headersToRecord(response.headers) });
  yield builder.start();
  return yield* readAnthropicEvents(data, builder);
}
