// One Anthropic Messages call, through the shared SDK attempt (lib/provider-kit/sdk-attempt.ts).
import type { Stream } from "@anthropic-ai/sdk/core/streaming";
import type { MessageCreateParamsStreaming, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/index.js";
import { guardProviderStream, sdkAttempt, streamedPostOptions } from "../../lib/provider-kit/index.js";
import { anthropicClient } from "./anthropic-client.js";
import { readAnthropicEvents } from "./anthropic-events.js";
import { buildAnthropicRequest } from "./anthropic-request.js";

const attempt = sdkAttempt<MessageCreateParamsStreaming, Stream<RawMessageStreamEvent>>({
  build: buildAnthropicRequest,
  // `messages.create` moves these two fields into headers; a body that has them goes the usual way
  canStreamBody: (body) => !("user_profile_id" in body) && !("workspace_id" in body),
  async send(request, body, options, streamed) {
    const client = await anthropicClient(request);
    const call = streamed
      ? client.post<Stream<RawMessageStreamEvent>>("/v1/messages", streamedPostOptions(streamed, options))
      : client.messages.create(body, options);
    return call.withResponse();
  },
  read: readAnthropicEvents,
});

export function streamAnthropic(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}
