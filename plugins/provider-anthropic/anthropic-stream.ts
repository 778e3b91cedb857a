// One Anthropic Messages call: build the body, let `onPayload` rewrite it, stream, convert.
import type { Stream } from "@anthropic-ai/sdk/core/streaming";
import type { MessageCreateParamsStreaming, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/provider.js";
import {
  guardProviderStream,
  headersToRecord,
  streamedJsonBody,
  streamedPostOptions,
  type FinishReason,
  type StreamAttemptContext,
} from "../provider-common/index.js";
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
  // A large body is streamed through the SDK's `post` (see json-body-stream.ts). `messages.create` moves these
  // two fields into headers; a body that has them goes the usual way.
  const streamed = "user_profile_id" in body || "workspace_id" in body ? undefined : streamedJsonBody(body, request.signal);
  const call = streamed
    ? client.post<Stream<RawMessageStreamEvent>>("/v1/messages", streamedPostOptions(streamed, request.signal, built.headers))
    : client.messages.create(body, { signal: request.signal, headers: built.headers });
  const { data, response } = await call.withResponse();
  await reportResponse({ status: response.status, headers: headersToRecord(response.headers) });
  yield builder.start();
  return yield* readAnthropicEvents(data, builder);
}
