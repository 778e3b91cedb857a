// One Anthropic Messages call, through the shared SDK attempt (lib/provider-kit/sdk-attempt.ts).
import type { Stream } from "@anthropic-ai/sdk/core/streaming";
import type { MessageCreateParamsStreaming, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/index.js";
import { guardProviderStream, sdkAttempt, streamedJsonBody, streamedPostOptions } from "../../lib/provider-kit/index.js";
import { anthropicClient } from "./anthropic-client.js";
import { readAnthropicEvents } from "./anthropic-events.js";
import { buildAnthropicRequest, replyAsSent } from "./anthropic-request.js";
import { recordThreadReply, threadFallback, threadRequest, threadSession, type ThreadRequest } from "./anthropic-threads.js";
import type { AnthropicRequestBody } from "./anthropic-wire.js";

/** A thread request in flight, until its reply is read and recorded. */
interface SentThread {
  thread: ThreadRequest;
  body: MessageCreateParamsStreaming;
  betas: string | undefined;
}
const sentThreads = new WeakMap<StreamRequest, SentThread>();

const attempt = sdkAttempt<MessageCreateParamsStreaming, Stream<RawMessageStreamEvent>>({
  build: buildAnthropicRequest,
  // `messages.create` moves these two fields into headers; a body that has them goes the usual way
  canStreamBody: (body) => !("user_profile_id" in body) && !("workspace_id" in body),
  async send(request, body, options, streamed) {
    const client = await anthropicClient(request);
    const post = (sent: MessageCreateParamsStreaming, inChunks: AsyncIterable<Uint8Array> | undefined) =>
      (inChunks ? client.post<Stream<RawMessageStreamEvent>>("/v1/messages", streamedPostOptions(inChunks, options)) : client.messages.create(sent, options)).withResponse();
    const sessionId = request.disableContinuation ? undefined : threadSession(request);
    const betas = options.headers["anthropic-beta"];
    const thread = sessionId === undefined ? undefined : threadRequest(sessionId, request, body as AnthropicRequestBody, betas);
    if (!thread) return post(body, streamed);
    // the body sent in chunks when the full one would have been
    const chunks = (sent: object) => (streamed ? streamedJsonBody(sent, options.signal) : undefined);
    const sendThread = async (next: ThreadRequest) => {
      const result = await post(next.body as unknown as MessageCreateParamsStreaming, chunks(next.body));
      sentThreads.set(request, { thread: next, body, betas });
      return result;
    };
    try {
      return await sendThread(thread);
    } catch (error) {
      const fallback = options.signal.aborted ? undefined : threadFallback(error, thread);
      if (fallback === "new") return sendThread(threadRequest(thread.sessionId, request, body as AnthropicRequestBody, betas, { fresh: true })!);
      if (fallback === "without") return post(body, streamed);
      throw error;
    }
  },
  async *read(events, builder, request) {
    const reason = yield* readAnthropicEvents(events, builder, request);
    const sent = sentThreads.get(request);
    sentThreads.delete(request);
    if (sent) recordThreadReply(sent.thread, request, sent.body as AnthropicRequestBody, sent.betas, builder.message, replyAsSent(request, builder.message));
    return reason;
  },
});

export function streamAnthropic(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}
